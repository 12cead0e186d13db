import MonicaKit

/// A photo as the API renders it (app/Http/Resources/Photo/Photo.php), for seeding and writing.
enum PhotoResource {
  /// A photo record (PhotoResource) with the whole image as its `dataUrl`, its link under
  /// `filesURL` (SeedURLs.files).
  static func json(
    id: Int, uuid: String, originalName: String, newName: String, bytes: [UInt8], mimeType: String,
    contact: JSONValue, filesURL: String, created: Int
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string(RecordKind.photo.object),
      "original_filename": .string(originalName),
      "new_filename": .string(newName), "filesize": .int(bytes.count), "mime_type": .string(mimeType),
      "dataUrl": .string(TinyImage.dataURL(bytes, mimeType: mimeType)), "link": .string("\(filesURL)/\(newName)"),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": .string(UTCTime.timestamp(created)),
      "updated_at": .string(UTCTime.timestamp(created)),
    ])
  }
}

/// UploadPhoto (app/Services/Account/Photo/UploadPhoto.php): a multipart `photo` or a base64 `data`
/// for a contact of the account (lines 54-55, a 404); the original name is the client's, or
/// `photo.<extension>` for data. DestroyPhoto (DestroyPhoto.php:31-45) deletes the row; its
/// `gift_photo` rows go with it (`onDelete('cascade')`,
/// database/migrations/2019_12_21_194559_add_photo_gift.php:21), so no gift lists it any more (the
/// database does it: the gifts' `updated_at` stay), and a contact whose avatar it was falls back to
/// its default avatar (`StoreWriter.dropAvatar`).
extension PhotoResource: WritableResource {
  static let kind = RecordKind.photo

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    guard let bytes = upload?.bytes ?? input["data"].flatMap(StoreWriter.decodedImage),
      let type = TinyImage.kind(of: bytes), let contactID = writer.accountContact(input["contact_id"])
    else { return .stop(.notFound) }
    let fileExtension = StoreWriter.text(input["extension"]) ?? type.fileExtension
    return .record(
      json(
        id: id, uuid: writer.random.uuid(), originalName: upload?.filename ?? "photo.\(fileExtension)",
        newName: "photos/\(writer.random.hex(40)).\(fileExtension)", bytes: bytes, mimeType: type.mimeType,
        contact: writer.short(contactID), filesURL: writer.filesURL, created: writer.now))
  }

  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse {
    let answer = writer.removeRow(kind, id, route: route)
    if let link = record["link"] { writer.dropAvatar(link) }
    for var gift in writer.contents[.gift].all {
      guard let giftID = gift["id"]?.intValue, let photos = gift["photos"]?.arrayValue,
        photos.contains(where: { $0["id"]?.intValue == id })
      else { continue }
      gift["photos"] = .array(photos.filter { $0["id"]?.intValue != id })
      writer.contents[.gift].put(giftID, gift)
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
        var avatar = information["avatar"]?.objectValue,
        avatar["source"] == .string(RecordKind.AvatarSource.photo.rawValue), avatar["url"] == link
      else { continue }
      let uuid = contact["uuid"]?.stringValue ?? ""
      let created = contact["created_at"]?.stringValue.flatMap(UTCTime.parseTimestamp) ?? now
      avatar["url"] = .string("\(filesURL)/avatars/\(uuid).jpg?\(created)")
      information["avatar"] = .object(avatar)
      contact["information"] = .object(information)
      contents[.contact].put(contactID, contact)
      propagate(contactID)
    }
  }
}
