import Foundation
import MonicaKit

extension MonicaClient {
  /// The one retry loop of every request, read or write: each try is paced, a 429 is waited out
  /// (as its `Retry-After` asks, else by backing off) and the request sent again whatever its
  /// method, since Laravel's throttle answers before the route runs. A 5xx, a time-out or a
  /// dropped connection is backed off and retried only when the request is `repeatable`; one
  /// that is not (a create) may have been applied, so it fails with 75 at once and the caller's
  /// in-doubt look-up decides (`Pusher`'s journal), never a blind second send. A connection that
  /// could not be made is not retried. The last answer is handed back for `check` to map.
  ///
  /// `target` names the request in messages and notices; `keepingLargeBody` is `exchange`'s.
  func sendRetrying(
    _ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil,
    contentType: String = "application/json", repeatable: Bool, target: String, keepingLargeBody: Bool = false
  ) async throws(MonicaError) -> HTTPResponse {
    var attempt = 0
    while true {
      try Task.checkCancellationAsMonicaError()
      guard let ticket = await pacer.waitForTurn() else { throw .outputClosed }
      let outcome: Result<HTTPResponse, MonicaError>
      do {
        outcome = .success(
          try await exchange(
            method, path, query: query, body: body, contentType: contentType, pacing: ticket,
            keepingLargeBody: keepingLargeBody))
      } catch {
        outcome = .failure(error)
      }
      let delay: TimeInterval
      var (limited, told) = (false, false)
      let refused = (try? outcome.get()).flatMap { $0.status == 429 ? $0 : nil }
      let asked = refused.flatMap { RateLimitHeaders($0.headers, now: Date().timeIntervalSince1970).retryAfter }
      RateLimitNote.current?.note(limited: refused != nil, asked: asked)
      switch outcome {
      case .success(let response) where response.status == 429:
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
        guard repeatable else { throw Self.notRepeated(target, "Monica answered HTTP \(response.status)") }
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
      try await policy.pause(delay)
    }
  }

  /// A request that is not repeatable failed in a way that leaves its outcome unknown.
  private static func notRepeated(_ target: String, _ what: String) -> MonicaError {
    .temporary(
      request: target,
      reason: "\(what); the record may have been created all the same, so the request was not repeated: "
        + "check before pushing this line again")
  }
}
