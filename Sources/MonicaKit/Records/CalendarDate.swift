#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A day of the proleptic Gregorian calendar, as Monica writes dates (`YYYY-MM-DD`, or the start
/// of a `YYYY-MM-DDTHH:MM:SSZ` timestamp).
package struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  package let year: Int
  package let month: Int
  package let day: Int

  /// A date from its parts; `nil` when the day does not exist.
  package init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= CalendarDate.days(in: month, of: year) else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date at the start of `text` (`2024-02-29` or `2024-02-29T10:00:00Z`); `nil` otherwise.
  package init?(parsing text: some StringProtocol) {
    let utf8 = Array(text.utf8.prefix(10))
    guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
      let year = CalendarDate.number(utf8[0..<4]), let month = CalendarDate.number(utf8[5..<7]),
      let day = CalendarDate.number(utf8[8..<10])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for digit in digits {
      guard digit &- UInt8(ascii: "0") < 10 else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }

  /// Today in the local time zone (`TZ`). The C library answers without loading Foundation's
  /// calendars and ICU data, which would cost the stream tools megabytes of memory.
  package static func today() -> CalendarDate {
    var now = time(nil)
    var parts = tm()
    guard localtime_r(&now, &parts) != nil else { return epoch }
    return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)) ?? epoch
  }

  private static let epoch = CalendarDate(unchecked: 1970, 1, 1)

  private init(unchecked year: Int, _ month: Int, _ day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Whether `year` has a 29 February.
  package static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  /// The number of days in `month` of `year`.
  package static func days(in month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 (negative before), by Howard Hinnant's civil-date algorithm.
  package var dayNumber: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day `dayNumber` days after 1970-01-01 (before when negative): Howard Hinnant's
  /// civil_from_days, the inverse of `dayNumber`.
  package init(dayNumber: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPart = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPart + 2) / 5 + 1
    let month = monthPart < 10 ? monthPart + 3 : monthPart - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    // Always a real day: the algorithm gives days 1 to 28-31 of months 1 to 12.
    self.init(unchecked: year, month, day)
  }

  /// The next anniversary of `month`/`day` on or after this date, and how many days away it is;
  /// 29 February falls on 28 February in common years.
  package func daysUntilAnniversary(month: Int, day: Int) -> Int? {
    for year in [self.year, self.year + 1] {
      let fitted = month == 2 && day == 29 && !CalendarDate.isLeap(year) ? 28 : day
      guard let date = CalendarDate(year: year, month: month, day: fitted) else { return nil }
      if date >= self { return date.dayNumber - dayNumber }
    }
    return nil
  }

  package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  package var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }
}
