import Foundation
import MonicaKit

/// A photo's upload (app/Services/Account/Photo).
extension StoreWriter {
  mutating func savePhoto(_ input: JSONObject, upload: (bytes: [UInt8], filename: String)?) -> APIResponse {
    var check = Validation(input)
    check.integer("contact_id", required: true)
    check.exists("contact_id", existsInTable(.contact, input["contact_id"]))
    var bytes: [UInt8]?
    var original = "upload"
    if let upload {
      bytes = upload.bytes
      original = upload.filename
      if TinyImage.kind(of: upload.bytes) == nil { check.add("The photo must be an image.") }
    } else if let text = Self.text(input["data"]) {
      let payload =
        text.hasPrefix("data:") ? String(text[(text.range(of: ",")?.upperBound ?? text.startIndex)...]) : text
      bytes = Data(base64Encoded: payload, options: .ignoreUnknownCharacters).map(Array.init)
      if bytes.map({ TinyImage.kind(of: $0) == nil }) ?? true { check.add("The data must be a valid photo.") }
    } else {
      check.add("The photo field is required when data is not present.")
      check.add("The data field is required when photo is not present.")
    }
    if let failure = check.failure { return failure }
    // UploadPhoto.php:54-55: the contact's scoped look-up.
    guard let bytes, let kind = TinyImage.kind(of: bytes), let contactID = accountContact(input["contact_id"]) else {
      return .notFound
    }
    let newID = contents[.photo].nextID
    let fileExtension = Self.text(input["extension"]) ?? kind.fileExtension
    if upload == nil { original = "photo.\(fileExtension)" }
    let record = PhotoResource.json(
      id: newID, uuid: random.uuid(), originalName: original, newName: "photos/\(random.hex(40)).\(fileExtension)",
      bytes: bytes, mimeType: kind.mimeType, contact: short(contactID), baseURL: baseURL, created: now)
    contents[.photo].put(newID, record)
    return data(201, record)
  }
}

extension StoreWriter {
  /// `DestroyPhoto` (app/Services/Account/Photo/DestroyPhoto.php:31-45) deletes the photo's row;
  /// its `gift_photo` rows go with it (`onDelete('cascade')`,
  /// database/migrations/2019_12_21_194559_add_photo_gift.php:21), so no gift lists it any more.
  /// The database does that, not Eloquent: the gifts' `updated_at` stay.
  mutating func deletePhoto(_ id: String) -> APIResponse {
    let link = Int(id).flatMap { contents[.photo].records[$0]?["link"] }
    let answer = delete(.photo, id)
    guard answer.status == 200, let number = Int(id) else { return answer }
    if let link { dropAvatar(link) }
    for var gift in contents[.gift].all {
      guard let giftID = gift["id"]?.intValue, let photos = gift["photos"]?.arrayValue,
        photos.contains(where: { $0["id"]?.intValue == number })
      else { continue }
      gift["photos"] = .array(photos.filter { $0["id"]?.intValue != number })
      contents[.gift].put(giftID, gift)
    }
    return answer
  }
}

extension StoreWriter {
  /// A contact whose avatar was the deleted photo: `contacts.avatar_photo_id` is
  /// `onDelete('set null')` (database/migrations/2019_12_17_024553_add_foreign_keys.php:646), so
  /// its `avatar_source` stays `photo` and Contact::getAvatarURL (app/Models/Contact/Contact.php:1174-1179)
  /// finds no photo and falls back to the default avatar URL (lines 1118-1136), the one created with
  /// the contact. The database does it: `updated_at` stays.
  mutating func dropAvatar(_ link: JSONValue) {
    for var contact in contents[.contact].all {
      guard let contactID = contact["id"]?.intValue, var information = contact["information"]?.objectValue,
        var avatar = information["avatar"]?.objectValue, avatar["source"] == .string("photo"), avatar["url"] == link
      else { continue }
      let uuid = contact["uuid"]?.stringValue ?? ""
      let created = contact["created_at"]?.stringValue.flatMap(UTCTime.parseTimestamp) ?? now
      avatar["url"] = .string("\(baseURL)/store/avatars/\(uuid).jpg?\(created)")
      information["avatar"] = .object(avatar)
      contact["information"] = .object(information)
      contents[.contact].put(contactID, contact)
      propagate(contactID)
    }
  }
}
