import MonicaKit

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
