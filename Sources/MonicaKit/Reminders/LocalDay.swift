import Foundation

/// The day it is somewhere: what "today" means for a user whose Monica account is set to a time
/// zone (`/api/me` `timezone`, or `--timezone`).
package enum LocalDay {
  /// The day it is at `instant` in the IANA time zone `identifier` (`Europe/Paris`,
  /// `Pacific/Auckland`, `UTC`); `nil` for a zone the system does not know.
  package static func day(at instant: Date, in identifier: String) -> CalendarDate? {
    guard let zone = zone(identifier) else { return nil }
    return day(at: instant, offset: zone.secondsFromGMT(for: instant))
  }

  /// The day it is at `instant` on the machine's own clock (`TZ`, else /etc/localtime).
  package static func local(at instant: Date) -> CalendarDate {
    day(at: instant, offset: TimeZone.current.secondsFromGMT(for: instant))
  }

  /// Whether the system knows the time zone `identifier`.
  package static func isKnown(_ identifier: String) -> Bool { zone(identifier) != nil }

  private static func zone(_ identifier: String) -> TimeZone? {
    // Names only: TimeZone also takes abbreviations ("EST") and offsets, which are no account's.
    guard !identifier.isEmpty, identifier.utf8.count <= 64,
      identifier.utf8.allSatisfy({
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
          || "/_+-".utf8.contains($0)
      })
    else { return nil }
    return TimeZone(identifier: identifier)
  }

  private static func day(at instant: Date, offset: Int) -> CalendarDate {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
    return CalendarDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
  }
}
