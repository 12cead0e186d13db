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
    let record = JSONObject([
      "id": .int(newID), "uuid": .string(random.uuid()), "object": .string("document"),
      "original_filename": .string(upload.filename), "new_filename": .string(stored),
      "filesize": .int(upload.bytes.count), "type": type.map(JSONValue.string) ?? .null,
      "mime_type": type.flatMap { type in Self.extensions.first { $0.value == type }?.key }.map(JSONValue.string)
        ?? .null,
      "number_of_downloads": .int(0),
      "link": .string("\(baseURL)/\(publicStorage ? "storage" : "store")/\(stored)"),
      "url": .string("\(baseURL)/api/documents/\(newID)"), "account": RecordShapes.accountJSON(1),
      "contact": short(contactID), "created_at": stamp, "updated_at": stamp,
    ])
    contents[.document].put(newID, record)
    return data(201, record)
  }

  /// The extension Symfony guesses from a client's MIME type (`guessClientExtension`), for the
  /// types the sandbox knows; Mimey maps it back.
  static let extensions = [
    "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg", "text/plain": "txt",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  ]

  /// The labels of a contact field given as names, each the account's label of that name or a new
  /// one (`UpdateContactFieldLabels`, app/Services/Contact/Label/UpdateContactFieldLabels.php:
  /// 52-68): a standard name (ContactFieldLabel::$standardLabels) is kept as its key, printed
  /// translated (resources/lang/en/people.php:531-537). `nil` when none are given: the field
  /// keeps the labels it has.
  func labels(_ given: JSONValue?) -> JSONValue? {
    guard let names = given?.arrayValue?.compactMap(\.stringValue), !names.isEmpty else { return nil }
    let standard = [
      "home": "Home", "work": "Work", "cell": "Mobile", "fax": "Fax", "pager": "Pager", "main": "Main",
      "other": "Other",
    ]
    var known: [String: JSONObject] = [:]
    for field in contents[.contactField].all {
      for label in field["labels"]?.arrayValue ?? [] {
        if let type = label["type"]?.stringValue, let object = label.objectValue { known[type] = object }
      }
    }
    var nextID = (known.values.compactMap { $0["id"]?.intValue }.max() ?? 0) + 1
    var labels: [JSONValue] = []
    for name in names {
      let key = standard[name.lowercased()] != nil ? name.lowercased() : name
      if let label = known[key] {
        labels.append(.object(label))
        continue
      }
      let label = JSONObject([
        "id": .int(nextID), "object": .string("contactfieldlabel"), "type": .string(key),
        "label": .string(standard[key] ?? key), "account": RecordShapes.accountJSON(1), "created_at": stamp,
        "updated_at": stamp,
      ])
      nextID += 1
      known[key] = label
      labels.append(.object(label))
    }
    return .array(labels)
  }
}

extension SandboxAPI {
  /// A file at a public `/storage/` URL: a document's bytes when documents are public, else
  /// Laravel's 404 page. Seeded documents have bytes made from their name, as long as their size.
  func storedFile(_ name: String) -> APIResponse {
    let notFound = APIResponse(
      status: 404, body: Array("<!DOCTYPE html><title>Not Found</title>\n".utf8),
      contentType: "text/html; charset=UTF-8")
    guard publicStorage else { return notFound }
    return store.withState { state in
      guard let document = state.contents[.document].all.first(where: { $0["new_filename"]?.stringValue == name })
      else { return notFound }
      let bytes =
        state.contents.documentFiles[name] ?? Self.seededBytes(name, size: document["filesize"]?.intValue ?? 0)
      return APIResponse(
        status: 200, body: bytes, contentType: document["mime_type"]?.stringValue ?? "application/octet-stream")
    }
  }

  /// The bytes of a seeded document: its name repeated to its size.
  static func seededBytes(_ name: String, size: Int) -> [UInt8] {
    let pattern = Array("\(name)\n".utf8)
    return (0..<max(size, 0)).map { pattern[$0 % pattern.count] }
  }
}
