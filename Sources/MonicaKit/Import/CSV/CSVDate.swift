/// The order of day, month and year in a file's numeric dates (`--date-order`).
package enum CSVDateOrder: String, CaseIterable, Sendable {
  /// 5/17/1980: month first (US English, Outlook's en-US export).
  case mdy
  /// 17/5/1980, 17.05.1980: day first (most of the world; German and French Outlook).
  case dmy
  /// 1980/5/17: year first.
  case ymd
}

/// Reads the dates CSV exports write (a birthday, a column named by `--columns`) as a
/// `VCardDate`, the importers' one date with Monica's rules for a year that is unknown.
///
/// - `1980-05-17` and `19800517` (Google, outlook.com); the year 1604 is outlook.com's and
///   Apple's "no year" (GNOME evolution-csv-importer.c, `date_from_string`), so is `0000`.
/// - `--05-17` and `--0517` (Google's year-less birthday, vCard's form).
/// - numeric dates with `/`, `.` or `-`: `5/17/1980`, `17.05.1980`, a two-digit year
///   (`5/17/80`, in the hundred years up to this one). Which number is the day is said by
///   `--date-order`, else by the file: a first part over 12 (17/5/1980) makes the file
///   day-first, a second part over 12 (5/17/1980) month-first, and that holds for the rest of the
///   file. A date that could be either before the file says (5/6/1980) is not read as a date.
///   `0/0/00` (Outlook's empty date) is no date.
/// - month names in English: `30 May 2024` (LinkedIn), `May 30, 2024`, `30-May-2024`, `May 30`
///   without a year.
/// A time after the date (`1/8/18, 6:14 PM`, `1980-05-17T00:00:00`) is ignored.
struct CSVDateReader {
  /// What a cell said.
  enum Reading: Equatable {
    case date(VCardDate)
    /// No date at all (Outlook's `0/0/00`).
    case empty
    /// A numeric date whose order the file has not told yet.
    case ambiguous
    /// Not a date of the calendar, or not a date.
    case unreadable
  }

  /// The order given or learned; `nil` until then.
  private(set) var order: CSVDateOrder?
  /// Whether `order` was given (`--date-order`), never changed by what the file shows.
  private let isGiven: Bool
  private let today: CalendarDate

  init(order: CSVDateOrder?, today: CalendarDate) {
    (self.order, isGiven, self.today) = (order, order != nil, today)
  }

  /// Reads `text`, learning the file's order from an unambiguous numeric date.
  mutating func read(_ text: String) -> Reading {
    if let reading = Self.readISO(text) { return reading }
    var body = Substring(text.trimmingWhiteSpace)
    if let cut = body.firstIndex(where: { $0 == "T" || $0 == "," || $0 == " " }), body.first?.isNumber == true,
      body[..<cut].contains(where: { $0 == "/" || $0 == "." || $0 == "-" })
    {
      body = body[..<cut]
    }
    if body.isEmpty { return .empty }
    if body.hasPrefix("--") { return yearless(body.dropFirst(2)) }
    if body.allSatisfy({ $0.isASCII && $0.isNumber }), body.count == 8 {
      return Self.make(Int(body.prefix(4)), Int(body.dropFirst(4).prefix(2)), Int(body.suffix(2)))
    }
    if body.contains(where: \.isLetter) { return named(String(body)) }
    let parts = body.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "-" }).map(String.init)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isNumber) }) else {
      return .unreadable
    }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == 3 else { return .unreadable }
    if numbers.allSatisfy({ $0 == 0 }) { return .empty }
    if parts[0].count == 4 { return Self.make(numbers[0], numbers[1], numbers[2]) }
    let year = fullYear(numbers[2], digits: parts[2].count)
    let (first, second) = (numbers[0], numbers[1])
    // Only a day of the calendar shows the order: 2/30/1980 teaches nothing.
    if !isGiven, order == nil {
      if first > 12, second <= 12, case .date = Self.make(year, second, first) { order = .dmy }
      if second > 12, first <= 12, case .date = Self.make(year, first, second) { order = .mdy }
    }
    switch order {
    case .dmy?: return Self.make(year, second, first)
    case .mdy?: return Self.make(year, first, second)
    case .ymd?: return Self.make(fullYear(numbers[0], digits: parts[0].count), second, numbers[2])
    case nil:
      if first == second { return Self.make(year, first, second) }
      // Neither way round a day of the calendar: no date, whatever the file's order.
      if case .unreadable = Self.make(year, first, second), case .unreadable = Self.make(year, second, first) {
        return .unreadable
      }
      return .ambiguous
    }
  }

  /// What `read` makes of Google's forms, `1980-05-17` and `--05-17`, read from the bytes; `nil`
  /// for any other text.
  private static func readISO(_ text: String) -> Reading? {
    var text = text
    return text.withUTF8 { bytes -> Reading? in
      func number(_ from: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[from..<from + count] {
          guard (0x30...0x39).contains(byte) else { return nil }
          value = value * 10 + Int(byte - 0x30)
        }
        return value
      }
      let dash = UInt8(ascii: "-")
      if bytes.count == 10, bytes[4] == dash, bytes[7] == dash, let year = number(0, 4), let month = number(5, 2),
        let day = number(8, 2)
      {
        return year == 0 && month == 0 && day == 0 ? .empty : Self.make(year, month, day)
      }
      if bytes.count == 7, bytes[0] == dash, bytes[1] == dash, bytes[4] == dash, let month = number(2, 2),
        let day = number(5, 2)
      {
        return Self.make(nil, month, day)
      }
      return nil
    }
  }

  /// `MM-DD` or `MMDD` after the `--`.
  private func yearless(_ body: Substring) -> Reading {
    let digits = body.filter { $0 != "-" }
    guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .unreadable }
    return Self.make(nil, Int(digits.prefix(2)), Int(digits.suffix(2)))
  }

  /// `30 May 2024`, `May 30, 2024`, `30-May-2024`, `May 30`.
  private func named(_ text: String) -> Reading {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" || $0 == "." || $0 == "/" })
    var (day, month, year): (Int?, Int?, Int?) = (nil, nil, nil)
    for word in words {
      if let number = Int(word) {
        if number > 31 || word.count == 4 {
          guard year == nil else { return .unreadable }
          year = number
        } else if day == nil {
          day = number
        } else if year == nil {
          year = fullYear(number, digits: word.count)
        } else {
          return .unreadable
        }
      } else if let named = Self.months[String(word.prefix(3)).lowercased()], month == nil,
        Self.monthNames.contains(word.lowercased()) || word.count == 3
      {
        month = named
      } else {
        return .unreadable
      }
    }
    guard month != nil, day != nil else { return .unreadable }
    return Self.make(year, month, day)
  }

  /// A two-digit year in the hundred years up to this one.
  private func fullYear(_ number: Int, digits: Int) -> Int {
    guard digits <= 2 else { return number }
    let century = today.year / 100 * 100
    return century + number > today.year ? century - 100 + number : century + number
  }

  /// The date, when it is one of the calendar; 1604 and 0 as years mean unknown.
  private static func make(_ year: Int?, _ month: Int?, _ day: Int?) -> Reading {
    guard let month, let day else { return .unreadable }
    let known = year.flatMap { $0 == 1604 || $0 == 0 ? nil : $0 }
    guard let date = VCardDate(year: known, month: month, day: day) else { return .unreadable }
    return .date(date)
  }

  private static let months = [
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11,
    "dec": 12,
  ]
  private static let monthNames: Set<String> = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "sept", "october",
    "november", "december",
  ]
}
