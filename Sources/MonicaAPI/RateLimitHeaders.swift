import Foundation
import MonicaKit

/// The rate-limit fields of one answer, read strictly: a value that is not what Laravel sends
/// (a whole number of seconds, an HTTP date, a Unix time) is treated as absent, never as a wait
/// of `inf`, `nan` or 10^30 seconds.
package struct RateLimitHeaders: Sendable, Equatable {
  /// `X-RateLimit-Limit`.
  package var limit: Int?
  /// `X-RateLimit-Remaining`.
  package var remaining: Int?
  /// Seconds to wait that the answer asks for: `Retry-After`, else `X-RateLimit-Reset` less now.
  /// Never negative, never infinite; it may exceed `Waits.longest`, which callers refuse.
  package var retryAfter: Double?

  /// Reads the fields of `headers` (names lower-cased) at `now` (Unix seconds).
  package init(_ headers: [String: String], now: Double) {
    limit = headers["x-ratelimit-limit"].flatMap(Self.count)
    remaining = headers["x-ratelimit-remaining"].flatMap(Self.count)
    if let value = headers["retry-after"], let seconds = Self.delay(value, now: now) {
      retryAfter = seconds
    } else if let value = headers["x-ratelimit-reset"], let reset = Self.wholeNumber(value) {
      retryAfter = max(reset - now, 0)
    }
  }

  /// A count such as `60`: ASCII digits only, at most 9 of them.
  static func count(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard (1...9).contains(trimmed.utf8.count), trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int(trimmed)
  }

  /// `Retry-After`'s two forms (RFC 9110 10.2.3): delay-seconds, or an HTTP date.
  static func delay(_ text: String, now: Double) -> Double? {
    if let seconds = wholeNumber(text) { return seconds }
    guard let date = httpDate(text) else { return nil }
    return max(date - now, 0)
  }

  /// A non-negative finite decimal number such as `30`, `1.5` or `1e11`; `inf`, `nan`, hex
  /// floats and negative values are not delays.
  static func wholeNumber(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let allowed: Set<UInt8> = Set(Array("0123456789.eE+".utf8))
    guard (1...32).contains(trimmed.utf8.count), trimmed.utf8.allSatisfy(allowed.contains),
      trimmed.utf8.first.map({ (0x30...0x39).contains($0) }) == true,
      let value = Double(trimmed), value.isFinite
    else { return nil }
    return value
  }

  /// An IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT`, as Unix seconds.
  static func httpDate(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.utf8.count == 29 else { return nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.date(from: trimmed)?.timeIntervalSince1970
  }
}

/// Every wait the network tools do, bounded: sleeps that cannot trap on odd values, and the
/// longest wait a server may ask for before the tool gives up with 75.
package enum Waits {
  /// The longest a server may make a tool wait at once: 15 minutes.
  package static let longest: Double = 900
  /// Waits at least this long are announced on stderr.
  package static let announced: Double = 3

  /// Sleeps `seconds` (clamped to 0...`longest`; not a number sleeps nothing), turning
  /// cancellation into `MonicaError.outputClosed`, the only reason tools cancel.
  package static func sleep(seconds: Double) async throws(MonicaError) {
    do { try await Task.sleep(nanoseconds: nanoseconds(seconds)) } catch { throw .outputClosed }
  }

  /// `seconds` as nanoseconds for `Task.sleep`, within 0...`longest`.
  package static func nanoseconds(_ seconds: Double) -> UInt64 {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return UInt64(min(seconds, longest) * 1_000_000_000)
  }

  /// The notice before a request is sent again: a 429 is the rate limit, waited out as the
  /// instance asks (`Retry-After`) or by backing off when it does not say, not a failure; anything
  /// else is an error's back-off.
  package static func retryNotice(_ delay: Double, target: String, rateLimited: Bool, asked: Bool) -> String {
    guard rateLimited else { return "waiting \(describe(delay)) before retrying \(target)" }
    let why =
      asked
      ? "as its Retry-After asks" : "it gave no Retry-After, so a little longer each time"
    return "rate limit reached (HTTP 429, not an error): waiting \(describe(delay)) for the instance's "
      + "request window to reopen (\(why)), then sending \(target) again"
  }

  /// "42 s", "3 min 20 s": a wait for messages.
  package static func describe(_ seconds: Double) -> String {
    let whole = Int(min(max(seconds, 0), 1e9).rounded(.up))
    if whole < 120 { return "\(whole) s" }
    if whole >= 2 * 86_400 { return whole >= 1_000_000_000 ? "over 10,000 days" : "\(whole / 86_400) days" }
    return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s"
  }
}
