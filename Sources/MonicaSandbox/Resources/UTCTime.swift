import MonicaKit

/// Unix times rendered the way Monica renders them, without Foundation's slow formatters.
package enum UTCTime {
  /// `YYYY-MM-DDTHH:MM:SSZ`, Monica's `api.timestamp_format`.
  package static func timestamp(_ seconds: Int) -> String {
    let (date, time) = split(seconds)
    return "\(date)T\(time)Z"
  }

  /// `YYYY-MM-DDTHH:MM:SS.000000Z`, how Carbon serialises a cast date attribute.
  package static func microseconds(_ seconds: Int) -> String {
    let (date, time) = split(seconds)
    return "\(date)T\(time).000000Z"
  }

  /// `YYYY-MM-DD`.
  package static func date(_ seconds: Int) -> String { split(seconds).0 }

  /// The Unix time of a calendar day at midnight UTC.
  package static func seconds(year: Int, month: Int, day: Int) -> Int {
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return (era * 146_097 + doe - 719_468) * 86_400
  }

  /// The calendar year, month and day of a Unix time.
  package static func civil(_ seconds: Int) -> (year: Int, month: Int, day: Int) {
    let date = CalendarDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
    return (date.year, date.month, date.day)
  }

  /// Parses `YYYY-MM-DD` (optionally followed by a time) into its midnight; nil when invalid.
  package static func parseDate(_ text: String) -> Int? {
    let parts = text.prefix(10).split(separator: "-")
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let seconds = seconds(year: year, month: month, day: day)
    let back = civil(seconds)
    return back.month == month && back.day == day ? seconds : nil
  }

  /// Parses a `timestamp(_:)` (`YYYY-MM-DDTHH:MM:SSZ`) back into its seconds; nil when invalid.
  package static func parseTimestamp(_ text: String) -> Int? {
    guard let midnight = parseDate(text), text.count >= 19 else { return nil }
    let clock = text.dropFirst(11).prefix(8).split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3 else { return nil }
    return midnight + clock[0] * 3600 + clock[1] * 60 + clock[2]
  }

  private static func split(_ seconds: Int) -> (String, String) {
    let (year, month, day) = civil(seconds)
    let rest = ((seconds % 86_400) + 86_400) % 86_400
    return (
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))",
      "\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))"
    )
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}
