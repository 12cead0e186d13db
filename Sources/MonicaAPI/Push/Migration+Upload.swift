import MonicaKit

/// Photos and documents are created by an upload of their bytes, looked for on the target first
/// when the upload before may have gone through unanswered.
extension Migration {
  /// Uploads `body` as a new `kind` (a photo, a document) of the target's `contact`, the copy
  /// of the source's record `id`, and maps it. When the create before may have gone through
  /// unanswered (a killed run), the target's newest record that `matches` is taken instead.
  /// The new record's id and its bytes as the target answered them.
  func upload(
    _ kind: RecordKind, source id: Int, contact: Int, body: MultipartBody, matches: (JSONObject) -> Bool
  ) async throws(MonicaError) -> (target: Int, bytes: [UInt8]) {
    let found = try await resume.adoptInDoubt(kind.object, source: id, journal: map) {
      (floor) async throws(MonicaError) in
      try await adopt(kind, above: floor, matches: matches)
    }
    if let (target, (bytes, _)) = found { return (target, bytes) }
    let path = kind.path
    var request = WriteRequest(.create, path)
    request.upload = body
    let response = try await client.send(request)
    try resume.answered(kind.object, source: id, status: response.status)
    try client.check(response, path: path, what: "contact #\(contact) of \(kind.object) #\(id)")
    let (bytes, created) = try LineWrite.record(in: response, request: "POST /api\(path)")
    guard let newID = created["id"]?.intValue else {
      throw .protocolViolation(request: "POST /api\(path)", detail: "the new record has no numeric id")
    }
    try map.append(kind.object, source: id, target: newID)
    return (newID, bytes)
  }
}
