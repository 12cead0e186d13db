import Foundation
import MonicaKit

extension MonicaClient {
  /// Sends a write (or a read) paced like every request, and returns the final answer for
  /// `check` to map, 4xx included.
  ///
  /// A 429 is waited out and the request sent again whatever its method: Laravel's throttle
  /// answers before the route runs, so nothing was applied. A 5xx, a time-out or a dropped
  /// connection is retried like a read only when the request is `repeatable`; a create that
  /// failed that way may have been applied, so it is never sent again and fails with 75.
  package func send(_ request: WriteRequest) async throws(MonicaError) -> HTTPResponse {
    if let upload = request.upload {
      return try await send(
        request.method, request.path, body: Data(upload.encoded), contentType: upload.contentType,
        repeatable: request.repeatable)
    }
    let body = request.body.map { Data(JSONWriter.plain.bytes(.object($0))) }
    return try await send(request.method, request.path, body: body, repeatable: request.repeatable)
  }

  /// `send(_:)` for any body: `contentType` names it (a multipart upload's boundary).
  package func send(
    _ method: String, _ path: String, body: Data?, contentType: String = "application/json", repeatable: Bool
  ) async throws(MonicaError) -> HTTPResponse {
    try await sendRetrying(
      method, path, body: body, contentType: contentType, repeatable: repeatable,
      target: method + " " + describe(path, []))
  }
}
