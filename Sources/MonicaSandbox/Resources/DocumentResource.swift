import MonicaKit

/// A document as the API renders it (app/Http/Resources/Document/Document.php:22-40), for seeding
/// and writing.
enum DocumentResource {
  /// A document stored as `storedName`; `link` is its download link (Document.php:65-72).
  static func json(
    id: Int, uuid: JSONValue, originalName: String, storedName: String, size: Int, type: String?,
    mimeType: String?, downloads: Int, link: String, baseURL: String, contact: JSONValue, created: JSONValue,
    updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("document"), "original_filename": .string(originalName),
      "new_filename": .string(storedName), "filesize": .int(size), "type": .string(type),
      "mime_type": .string(mimeType), "number_of_downloads": .int(downloads), "link": .string(link),
      "url": .string("\(baseURL)/api/documents/\(id)"), "account": RecordShapes.accountJSON(1), "contact": contact,
      "created_at": created, "updated_at": updated,
    ])
  }
}
