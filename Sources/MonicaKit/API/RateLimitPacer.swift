import Foundation

/// Keeps a client under the instance's rate limit, from the `X-RateLimit-*` headers it sees.
///
/// Monica (Laravel's throttle) counts requests in a fixed window that opens at the first request;
/// responses say how many are left but not when the window closes. The pacer hands out the
/// remaining quota, and once it is spent waits for the window's end, which it learns from the
/// first 429's `X-RateLimit-Reset`/`Retry-After`.
package actor RateLimitPacer {
  private var limit: Int?
  private var remaining: Int?
  /// Requests sent and not yet answered, which the last `remaining` does not count yet.
  private var inFlight = 0
  /// When the current window opened (the first answer showing `limit - 1` left).
  private var windowStart: Date?
  /// The window's length, once learned.
  private var windowLength: TimeInterval?

  package init() {}

  /// Waits until sending one more request should not run into a 429.
  package func waitForTurn() async {
    while let remaining, remaining - inFlight <= 0, let start = windowStart, let length = windowLength {
      let wait = start.addingTimeInterval(length + 0.05).timeIntervalSinceNow
      if wait <= 0 {
        // The window has closed: a fresh quota.
        self.remaining = limit
        windowStart = nil
        break
      }
      try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
    }
    inFlight += 1
  }

  /// Takes note of a response's rate-limit headers.
  package func observe(_ response: HTTPResponse) {
    inFlight = max(inFlight - 1, 0)
    if let value = response.headers["x-ratelimit-limit"].flatMap(Int.init) { limit = value }
    if response.status == 429 {
      remaining = 0
      if let reset = response.headers["x-ratelimit-reset"].flatMap(Double.init), let start = windowStart {
        windowLength = max((reset - start.timeIntervalSince1970).rounded(), 1)
      }
      return
    }
    guard let value = response.headers["x-ratelimit-remaining"].flatMap(Int.init) else { return }
    if let limit, value == limit - 1 || (remaining.map { value > $0 } ?? true) { windowStart = Date() }
    remaining = value
  }
}
