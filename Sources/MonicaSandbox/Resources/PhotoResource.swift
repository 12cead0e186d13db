import MonicaKit

/// A photo as the API renders it (app/Http/Resources/Photo/Photo.php), for seeding and writing.
enum PhotoResource {
  /// A photo record (PhotoResource) with the whole image as its `dataUrl`.
  static func json(
    id: Int, uuid: String, originalName: String, newName: String, bytes: [UInt8], mimeType: String,
    contact: JSONValue, baseURL: String, created: Int
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string("photo"), "original_filename": .string(originalName),
      "new_filename": .string(newName), "filesize": .int(bytes.count), "mime_type": .string(mimeType),
      "dataUrl": .string(TinyImage.dataURL(bytes, mimeType: mimeType)), "link": .string("\(baseURL)/store/\(newName)"),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": .string(UTCTime.timestamp(created)),
      "updated_at": .string(UTCTime.timestamp(created)),
    ])
  }
}
