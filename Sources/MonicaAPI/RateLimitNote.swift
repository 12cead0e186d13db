import Synchronization

/// What the last answer to a task's requests said of the rate limit, for a caller that hands a
/// 429 on to someone who retries on their own and must be told when (the MCP server's tool
/// error): it runs its requests under `RateLimitNote.$current.withValue(note)`, and every try of
/// the one retry loop (`MonicaClient.sendRetrying`) notes its answer there: a 429 and the wait it
/// asked for (`RateLimitHeaders.retryAfter`: `Retry-After`, else `X-RateLimit-Reset`; `nil` when
/// absent or malformed), or no limit. A task-local, so that two calls at once each see their own.
///
/// Example:
/// ```swift
/// let note = RateLimitNote()
/// try await RateLimitNote.$current.withValue(note) { try await client.get(path, what: path) }
/// note.last  // (limited: true, asked: 7) after a final 429 with Retry-After: 7
/// ```
package final class RateLimitNote: Sendable {
  /// The note the current task's requests write to, if any.
  @TaskLocal package static var current: RateLimitNote?

  private let noted = Mutex<(limited: Bool, asked: Double?)>((false, nil))

  package init() {}

  /// Whether the last answer noted was a 429, and the seconds it asked to wait.
  package var last: (limited: Bool, asked: Double?) { noted.withLock { $0 } }

  /// Notes one answer.
  func note(limited: Bool, asked: Double?) { noted.withLock { $0 = (limited, asked) } }
}
