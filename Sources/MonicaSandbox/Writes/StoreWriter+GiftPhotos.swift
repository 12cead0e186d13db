import MonicaKit

/// A photo attached to a gift (app/Services/Contact/Gift/AssociatePhotoToGift.php).
extension StoreWriter {
  /// ApiGiftController::associate (ApiGiftController.php:111-126) and AssociatePhotoToGift
  /// (AssociatePhotoToGift.php:16-45): both ids through `exists`, the gift's contact must be
  /// active; the answer is the gift, its photos as PhotoResource prints them (Gift.php:37).
  mutating func attachPhoto(_ photo: String, to gift: String) -> APIResponse {
    var check = Validation(JSONObject(["photo_id": .string(photo), "gift_id": .string(gift)]))
    check.integer("photo_id", required: true)
    check.exists("photo_id", Int(photo).flatMap { contents[.photo].records[$0] } != nil)
    check.integer("gift_id", required: true)
    check.exists("gift_id", Int(gift).flatMap { contents[.gift].records[$0] } != nil)
    if let failure = check.failure { return failure }
    guard let photoID = Int(photo), let picture = contents[.photo].records[photoID], let giftID = Int(gift),
      var record = contents[.gift].records[giftID]
    else { return .notFound }
    if isArchived(record["contact"]?["id"]?.intValue) { return Self.archived }
    var photos = record["photos"]?.arrayValue ?? []
    // syncWithoutDetaching: a photo already there stays once.
    if !photos.contains(where: { $0["id"]?.intValue == photoID }) { photos.append(.object(picture)) }
    record["photos"] = .array(photos)
    contents[.gift].put(giftID, record)
    return data(200, record)
  }
}
