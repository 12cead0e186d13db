import Foundation
import MonicaKit

/// The instant `--since` names: an ISO date or date-time, or a duration back from now.
package struct SinceTime: Sendable, Equatable {
  /// The instant; records updated before it are left out.
  package let date: Date
  /// The instant as Monica writes `updated_at`, `YYYY-MM-DDTHH:MM:SSZ`: such strings order as
  /// their instants do, so records are compared without parsing their dates.
  package let monicaTimestamp: String

  package init(date: Date) {
    self.date = date
    monicaTimestamp = Self.format(date)
  }

  /// Parses `2024-05-01`, `2024-05-01T08:30:00Z` (or with an offset), or a duration before `now`
  /// such as `90s`, `30m`, `12h`, `7d`, `2w`.
  package init(parsing text: String, now: Date = Date()) throws(MonicaError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let seconds = DurationText.seconds(trimmed) {
      self.init(date: now.addingTimeInterval(-seconds))
    } else if let instant = Self.isoInstant(trimmed) {
      self.init(date: instant)
    } else {
      throw .usage(
        "--since \(text): expected a date (2024-05-01), a UTC time (2024-05-01T08:30:00Z) or a duration (30m, 12h, 7d, 2w)"
      )
    }
  }

  private static func format(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }

  /// Whether a record's `updated_at` is at or after the instant; a missing or odd value counts
  /// as recent, so that nothing is dropped for want of a date.
  package func includes(updatedAt stamp: String?) -> Bool {
    guard let stamp, stamp.utf8.count >= 19 else { return true }
    return stamp.utf8.prefix(19).lexicographicallyPrecedes(monicaTimestamp.utf8.prefix(19)) == false
  }

  private static func isoInstant(_ text: String) -> Date? {
    let full = ISO8601DateFormatter()
    full.formatOptions = [.withInternetDateTime]
    if let date = full.date(from: text) { return date }
    full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = full.date(from: text) { return date }
    // A bare date is midnight UTC, as Monica's dates are.
    let day = ISO8601DateFormatter()
    day.formatOptions = [.withFullDate]
    day.timeZone = TimeZone(identifier: "UTC")
    guard text.count == 10 else { return nil }
    return day.date(from: text)
  }
}
