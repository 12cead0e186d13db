#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `monica-format ics` was asked for: the calendar's name, an alarm, a window of dates.
package struct CalendarOptions: Sendable {
  /// `X-WR-CALNAME`, the name calendar apps show for a subscription.
  package var name = "Monica"
  /// Days before each event for a VALARM; `nil` for none.
  package var alarmDays: Int?
  /// `--since`: the first day of expanded occurrences.
  package var since: CalendarDate?
  /// `--until`: the last day of expanded occurrences.
  package var until: CalendarDate?
  /// `DTSTAMP` of records without `updated_at`, as `YYYYMMDDTHHMMSSZ`.
  package var stamp = CalendarOptions.utcStamp(time(nil))

  package init() {}

  /// The days recurring events are expanded over: none unless --since or --until was given;
  /// --since alone runs a year, --until alone starts `today`.
  package func window(today: CalendarDate) throws(MonicaError) -> ClosedRange<CalendarDate>? {
    guard since != nil || until != nil else { return nil }
    let first = since ?? today
    let last = until ?? first.adding(years: 1)
    guard first <= last else { throw .usage("--since \(first) is after --until \(last)") }
    return first...last
  }

  /// A time as `YYYYMMDDTHHMMSSZ`.
  package static func utcStamp(_ seconds: time_t) -> String {
    var time = seconds
    var parts = tm()
    gmtime_r(&time, &parts)
    func pad(_ value: Int32, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1, 2) + pad(parts.tm_mday, 2) + "T"
      + pad(parts.tm_hour, 2) + pad(parts.tm_min, 2) + pad(parts.tm_sec, 2) + "Z"
  }
}

extension CalendarDate {
  /// The same day `years` later; 29 February becomes the 28th in a common year.
  package func adding(years: Int) -> CalendarDate {
    adding(months: 12 * years, clamping: true) ?? self
  }

  /// The same day `months` later; a day the month lacks is clamped to its last day, or gives
  /// `nil` without `clamping` (as RFC 5545 skips such occurrences).
  package func adding(months: Int, clamping: Bool) -> CalendarDate? {
    let index = year * 12 + (month - 1) + months
    let (newYear, newMonth) = (index / 12, index % 12 + 1)
    let last = CalendarDate.days(in: newMonth, of: newYear)
    guard day <= last || clamping else { return nil }
    return CalendarDate(year: newYear, month: newMonth, day: Swift.min(day, last))
  }

  /// The day `days` later (earlier when negative).
  package func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

  /// `YYYYMMDD`, iCalendar's DATE.
  package var compact: String { String(description.filter { $0 != "-" }) }
}
