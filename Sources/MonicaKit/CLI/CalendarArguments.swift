import ArgumentParser

/// `monica-format`'s options for the ics and vcard formats.
package struct CalendarArguments: ParsableArguments {
  @Option(help: ArgumentHelp("ics: the calendar's name in calendar apps (X-WR-CALNAME).", valueName: "NAME"))
  package var calendarName = "Monica"
  @Option(help: ArgumentHelp("ics: an alarm DAYS before each event (0: on the day).", valueName: "DAYS"))
  package var alarm: Int?
  @Option(
    help: ArgumentHelp(
      "ics: one event per occurrence from DATE on (YYYY-MM-DD), instead of yearly rules; a year unless --until.",
      valueName: "DATE"))
  package var since: String?
  @Option(help: ArgumentHelp("ics: occurrences up to DATE (YYYY-MM-DD), from today unless --since.", valueName: "DATE"))
  package var until: String?
  @Option(
    help: ArgumentHelp(
      "vcard, dot: photos saved by monica-avatar, DIR/<contact id>.<ext> (PHOTO; a picture in the node).",
      valueName: "DIR"),
    completion: .directory)
  package var photos: String?

  package init() {}

  /// Whether any ics option was given.
  package var asksForCalendar: Bool { calendarName != "Monica" || alarm != nil || since != nil || until != nil }

  /// The checked calendar options.
  package func options() throws(MonicaError) -> CalendarOptions {
    var options = CalendarOptions()
    options.name = calendarName
    if let alarm, !(0...366).contains(alarm) { throw .usage("--alarm \(alarm): expected 0 to 366 days") }
    options.alarmDays = alarm
    func day(_ text: String?, _ flag: String) throws(MonicaError) -> CalendarDate? {
      guard let text else { return nil }
      guard text.count == 10, let date = CalendarDate(parsing: text) else {
        throw .usage("\(flag): '\(text)' is not a date (YYYY-MM-DD)")
      }
      return date
    }
    options.since = try day(since, "--since")
    options.until = try day(until, "--until")
    _ = try options.window(today: .today())
    return options
  }
}
