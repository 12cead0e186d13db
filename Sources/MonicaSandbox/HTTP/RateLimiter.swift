import MonicaKit
import Synchronization

/// Laravel's `throttle` for one key: a fixed window that starts at the first counted request.
package final class RateLimiter: Sendable {
  /// Requests allowed per window; nil means no limit.
  package let limit: Int?
  /// The window length in seconds.
  package let window: Int
  private let windows: Mutex<[String: (start: Double, count: Int)]> = Mutex([:])

  /// What the limiter decided for one request.
  package struct Decision: Sendable, Equatable {
    /// Whether the request may proceed.
    package var allowed: Bool
    /// `X-RateLimit-Limit`.
    package var limit: Int
    /// `X-RateLimit-Remaining`.
    package var remaining: Int
    /// `Retry-After` in seconds, when refused.
    package var retryAfter: Int?
    /// `X-RateLimit-Reset` as a Unix time, when refused.
    package var resetAt: Int?
  }

  package init(limit: Int?, window: Int = 60) {
    self.limit = limit
    self.window = window
  }

  /// Parses `N/SECONDS`, `N` (per minute) or `0` (no limit).
  package static func parse(_ text: String) throws(MonicaError) -> RateLimiter {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let count = Int(parts[0]), count >= 0 else {
      throw .usage("--rate-limit \(text): expected N or N/SECONDS, such as 60/60 or 0 for no limit")
    }
    var seconds = 60
    if parts.count == 2 {
      guard let value = Int(parts[1]), value > 0 else {
        throw .usage("--rate-limit \(text): the window must be a positive number of seconds")
      }
      seconds = value
    }
    return RateLimiter(limit: count == 0 ? nil : count, window: seconds)
  }

  /// Counts a request for `key` at `now` (seconds since 1970) unless the window is full.
  package func hit(_ key: String, now: Double) -> Decision? {
    guard let limit else { return nil }
    return windows.withLock { windows in
      var entry = windows[key] ?? (now, 0)
      if now >= entry.start + Double(window) { entry = (now, 0) }
      if entry.count >= limit {
        windows[key] = entry
        let reset = entry.start + Double(window)
        return Decision(
          allowed: false, limit: limit, remaining: 0, retryAfter: max(1, Int((reset - now).rounded(.up))),
          resetAt: Int(reset.rounded(.up)))
      }
      entry.count += 1
      windows[key] = entry
      return Decision(allowed: true, limit: limit, remaining: limit - entry.count)
    }
  }
}
