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
    let target = method + " " + describe(path, [])
    var attempt = 0
    while true {
      try Task.checkCancellationAsMonicaError()
      guard let ticket = await pacer.waitForTurn() else { throw .outputClosed }
      let outcome: Result<HTTPResponse, MonicaError>
      do {
        outcome = .success(try await exchange(method, path, body: body, contentType: contentType, pacing: ticket))
      } catch {
        outcome = .failure(error)
      }
      let delay: TimeInterval
      var (limited, told) = (false, false)
      switch outcome {
      case .success(let response) where response.status == 429:
        let asked = RateLimitHeaders(response.headers, now: Date().timeIntervalSince1970).retryAfter
        if let asked, asked > Waits.longest {
          throw .temporary(
            request: target,
            reason:
              "rate limited by the instance (HTTP 429), which asks to wait \(Waits.describe(asked)), "
              + "longer than the \(Waits.describe(Waits.longest)) a tool waits; try again later")
        }
        (limited, told) = (true, asked != nil)
        delay = asked.map { max($0, 0.05) } ?? backoff(attempt)
      case .success(let response) where (500...599).contains(response.status):
        guard repeatable else {
          throw Self.notRepeated(target, "Monica answered HTTP \(response.status)")
        }
        delay = backoff(attempt)
      case .success(let response):
        return response
      case .failure(let error):
        switch error {
        case .temporary(_, let why):
          guard repeatable else { throw Self.notRepeated(target, why) }
          delay = backoff(attempt)
        case .unavailable(_, let why) where !isConnectFailure(error):
          guard repeatable else { throw Self.notRepeated(target, why) }
          delay = backoff(attempt)
        default:
          throw error
        }
      }
      guard attempt < policy.retries else {
        switch outcome {
        case .success(let response): return response
        case .failure(let error): throw error
        }
      }
      attempt += 1
      if delay >= Waits.announced {
        policy.notice?(Waits.retryNotice(delay, target: target, rateLimited: limited, asked: told))
      }
      try await Waits.sleep(seconds: delay)
    }
  }

  /// A create that failed in a way that leaves its outcome unknown.
  private static func notRepeated(_ target: String, _ what: String) -> MonicaError {
    .temporary(
      request: target,
      reason: "\(what); the record may have been created all the same, so the request was not repeated: "
        + "check before pushing this line again")
  }
}
