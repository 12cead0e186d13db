import MonicaKit

/// A gift as the API renders it (app/Http/Resources/Gift/Gift.php), for seeding and writing.
enum GiftResource {
  /// A gift record (GiftResource), with amounts as Monica renders US dollars in English.
  static func json(
    id: Int, uuid: String, name: String, comment: String?, url: String?, cents: Int?, status: String, date: String?,
    recipient: JSONValue, contact: JSONValue, created: Int, updated: Int? = nil
  ) -> JSONObject {
    let amount = cents.map { MoneyFormat.decimal($0) }
    return JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string(RecordKind.gift.object), "name": .string(name),
      "comment": .string(comment), "url": .string(url), "amount": .string(amount),
      "value": .string(cents.map { MoneyFormat.pattern($0) } ?? ""),
      "amount_with_currency": .string(cents.map { "$" + MoneyFormat.grouped($0) } ?? ""),
      "status": .string(status), "date": .string(date), "recipient": recipient, "photos": .array([]),
      "contact": contact, "account": RecordShapes.accountJSON(1), "created_at": .string(UTCTime.timestamp(created)),
      "updated_at": .string(UTCTime.timestamp(updated ?? created)),
    ])
  }
}

/// One seeded gift of a contact, counted in its statistics (its photo is attached later, by
/// SeedData+GiftPhotos.swift).
extension GiftResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.gift)
    let created = context.from + context.random.below(86_400 * 300)
    let cents: Int? = context.random.chance(60) ? (context.random.below(200_000) + 100) : nil
    let record = json(
      id: id, uuid: context.random.uuid(), name: context.random.pick(SeedData.giftNames),
      comment: context.random.chance(40) ? "She mentioned it twice" : nil,
      url: context.random.chance(40) ? "https://shop.example.com/item/\(context.random.below(9999))" : nil,
      cents: cents, status: context.random.pick(["idea", "offered", "received"]),
      date: context.random.chance(50) ? UTCTime.date(created + 86_400 * 10) : nil,
      recipient: context.random.chance(50) ? context.short : .null, contact: context.short, created: created)
    context.put(.gift, id, record)
    context.statistics["number_of_gifts", default: 0] += 1
  }
}

/// CreateGift and UpdateGift (app/Services/Contact/Gift): the contact and a given recipient must be
/// the account's (CreateGift.php:50-58, UpdateGift.php:59-62), the contact active (CreateGift.php:53,
/// UpdateGift.php:137); an update leaves the gift's photos (it writes columns, never gift_photo,
/// UpdateGift.php:64-83).
extension GiftResource: WritableResource {
  static let kind = RecordKind.gift

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    guard let contactID = writer.accountContact(input["contact_id"]) else { return .stop(.notFound) }
    if writer.isArchived(contactID) { return .stop(StoreWriter.archived) }
    if let recipient = input["recipient_id"], recipient != .null, writer.accountContact(recipient) == nil {
      return .stop(.notFound)
    }
    let amount = StoreWriter.text(input["amount"]).flatMap(Double.init).map { Int(($0 * 100).rounded()) }
    var record = json(
      id: id, uuid: existing?["uuid"]?.stringValue ?? writer.random.uuid(), name: StoreWriter.text(input["name"]) ?? "",
      comment: StoreWriter.text(input["comment"]), url: StoreWriter.text(input["url"]),
      cents: amount == 0 ? nil : amount, status: StoreWriter.text(input["status"]) ?? "idea",
      date: StoreWriter.text(input["date"]).map { String($0.prefix(10)) },
      recipient: input["recipient_id"]?.intValue.map(writer.short) ?? .null, contact: writer.short(contactID),
      created: writer.now)
    if let created = existing?["created_at"] { record["created_at"] = created }
    if let photos = existing?["photos"] { record["photos"] = photos }
    return .record(record)
  }

  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    if let contactID = record["contact"]?["id"]?.intValue { writer.refreshContact(contactID) }
  }
}

/// A photo attached to a gift (app/Services/Contact/Gift/AssociatePhotoToGift.php).
extension StoreWriter {
  /// ApiGiftController::associate (ApiGiftController.php:111-126) and AssociatePhotoToGift
  /// (AssociatePhotoToGift.php:16-45): both ids through `exists`, the gift's contact must be
  /// active; the answer is the gift, its photos as PhotoResource prints them (Gift.php:37).
  mutating func attachPhoto(_ photo: String, to gift: String) -> APIResponse {
    let route: [String: JSONValue] = ["photo_id": .string(photo), "gift_id": .string(gift)]
    if let refusal = refusal(RecordKind.giftPhotoRules, JSONObject(), route: route) { return refusal }
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
