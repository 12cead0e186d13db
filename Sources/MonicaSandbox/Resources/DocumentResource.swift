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
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.document.object),
      "original_filename": .string(originalName),
      "new_filename": .string(storedName), "filesize": .int(size), "type": .string(type),
      "mime_type": .string(mimeType), "number_of_downloads": .int(downloads), "link": .string(link),
      "url": .string(baseURL + "/api" + RecordKind.document.path(of: id)), "account": RecordShapes.accountJSON(1),
      "contact": contact,
      "created_at": created, "updated_at": updated,
    ])
  }
}

/// One seeded document of a contact.
extension DocumentResource {
  static func seed(_ context: inout SeedingContext) {
    let time = context.from + 3_600
    let id = context.id(.document)
    let (original, type, mime) = context.random.pick(SeedData.documents)
    let stored = "documents/\(context.random.hex(20)).\(original.split(separator: ".").last ?? "bin")"
    let record = json(
      id: id, uuid: .string(context.random.uuid()), originalName: original, storedName: stored,
      size: 1_024 + context.random.below(400_000), type: type, mimeType: mime, downloads: context.random.below(5),
      link: "\(context.filesURL)/\(stored)", baseURL: context.baseURL, contact: context.short,
      created: context.stamp(time), updated: context.stamp(time))
    context.put(.document, id, record)
  }
}

/// UploadDocument (app/Services/Contact/Document/UploadDocument.php:18-78): a contact of the
/// account and a `document` file; the record takes the client's file name, the size, the extension
/// the client's Content-Type gives and its MIME type, and is stored under `documents/` with a
/// random name. Its link is the `/store/` route, or a public `/storage/` URL on an instance with
/// public visibility (app/Models/Contact/Document.php:65-72).
extension DocumentResource: WritableResource {
  static let kind = RecordKind.document

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    guard let upload, let contactID = writer.accountContact(input["contact_id"]) else { return .stop(.notFound) }
    if writer.isArchived(contactID) { return .stop(StoreWriter.archived) }
    let mime = StoreWriter.text(input["document"]).map { String($0.prefix { $0 != ";" }).lowercased() }
    let type = mime.flatMap { extensions[$0] }
    let stored = "documents/\(writer.random.hex(40)).\(type ?? "bin")"
    writer.contents.documentFiles[stored] = upload.bytes
    return .record(
      json(
        id: id, uuid: .string(writer.random.uuid()), originalName: upload.filename, storedName: stored,
        size: upload.bytes.count, type: type,
        mimeType: type.flatMap { type in extensions.first { $0.value == type }?.key },
        downloads: 0, link: "\(writer.baseURL)/\(writer.publicStorage ? "storage" : "store")/\(stored)",
        baseURL: writer.baseURL, contact: writer.short(contactID), created: writer.stamp, updated: writer.stamp))
  }

  /// The extension Symfony guesses from a client's MIME type (`guessClientExtension`), for the
  /// types the sandbox knows; Mimey maps it back.
  static let extensions = [
    "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg", "text/plain": "txt",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  ]
}
