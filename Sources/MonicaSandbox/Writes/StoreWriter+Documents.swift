import Foundation
import MonicaKit

/// A document's upload and the files the sandbox serves (app/Services/Contact/Document).
extension StoreWriter {
  /// `UploadDocument` (app/Services/Contact/Document/UploadDocument.php:18-78): a contact and a
  /// `document` file; the record takes the client's file name, the size, the extension the
  /// client's Content-Type gives and its MIME type, and is stored under `documents/` with a random
  /// name. Its link is the `/store/` route, or a public `/storage/` URL on an instance with public
  /// visibility (app/Models/Contact/Document.php:65-72).
  mutating func saveDocument(_ input: JSONObject, upload: (bytes: [UInt8], filename: String)?) -> APIResponse {
    var check = Validation(input)
    check.integer("contact_id", required: true)
    if check.required("document"), upload == nil { check.add("The document must be a file.") }
    if let failure = check.failure { return failure }
    guard let upload, let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else {
      return .notFound
    }
    if isArchived(contactID) { return Self.archived }
    let mime = Self.text(input["document"]).map { String($0.prefix { $0 != ";" }).lowercased() }
    let type = mime.flatMap { Self.extensions[$0] }
    let stored = "documents/\(random.hex(40)).\(type ?? "bin")"
    contents.documentFiles[stored] = upload.bytes
    let newID = contents[.document].nextID
    let record = DocumentResource.json(
      id: newID, uuid: .string(random.uuid()), originalName: upload.filename, storedName: stored,
      size: upload.bytes.count, type: type,
      mimeType: type.flatMap { type in Self.extensions.first { $0.value == type }?.key },
      downloads: 0, link: "\(baseURL)/\(publicStorage ? "storage" : "store")/\(stored)", baseURL: baseURL,
      contact: short(contactID), created: stamp, updated: stamp)
    contents[.document].put(newID, record)
    return data(201, record)
  }

  /// The extension Symfony guesses from a client's MIME type (`guessClientExtension`), for the
  /// types the sandbox knows; Mimey maps it back.
  static let extensions = [
    "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg", "text/plain": "txt",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  ]
}
