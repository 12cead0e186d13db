/// An RFC 5545 calendar of the records: a yearly all-day event per contact's birthday and date
/// of death, an event per reminder (its frequency as an RRULE) and a VTODO per task. Other
/// records are counted and left out.
///
/// - UIDs come from each record's `uuid`, so a subscribed calendar updates events in place. A
///   record met again in the stream (a contact fetched twice) replaces what the first one made,
///   where the first one stood: each UID is written once, the later record's.
/// - DTSTAMP is the record's `updated_at`: the same records give the same bytes.
/// - 29 February recurs on the last day of February (`BYMONTH=2;BYMONTHDAY=-1`): the 29th in
///   leap years, the 28th otherwise, as Google, Apple and Outlook show such birthdays; a plain
///   yearly rule would show it one year in four.
/// - A birthday whose year is unknown starts in the year Monica stored with it and says no age;
///   a birthdate guessed from an age (`is_age_based`: Monica shows "about 40") has no day, so,
///   as a contact without a birthdate, it makes no event.
/// - With a vdir each event or task is a calendar file of its own, named from its UID.
///
/// The calendar is written at the end of the input: a later record may replace an earlier one.
final class CalendarSink: RecordSink {
  /// What a kind's records become in a calendar.
  enum Role: Sendable {
    /// Yearly events of birthdays and dates of death.
    case birthdays
    /// An event per reminder.
    case reminders
    /// A VTODO per task.
    case todo
    /// Nothing: counted and left out.
    case none
  }

  /// Each kind's role in a calendar.
  static let roles = KindRegistry<Role>(
    "calendar kinds (CalendarSink)", [.contact: .birthdays, .reminder: .reminders, .task: .todo], common: .none,
    for: [
      .activity, .note, .gift, .tag, .photo, .user, .call, .conversation, .debt, .entry, .address, .contactField,
      .pet, .relationship, .lifeEvent, .document, .occupation, .gender, .place, .company, .activityType,
      .activityTypeCategory, .contactFieldType, .relationshipType, .relationshipTypeGroup, .country, .currency,
      .auditLog,
    ])

  private let output: LineOutput
  private let options: CalendarOptions
  private let window: ClosedRange<CalendarDate>?
  private let vdir: VdirWriter?
  /// Whether content lines go through `TerminalText.safe` (a terminal, `--safe`).
  private let safe: Bool
  /// Each record's components, by the record's kind and uuid, in the order first met.
  private var keys: [String] = []
  private var components: [String: [(uid: String, lines: [String])]] = [:]
  private var buffer: [UInt8] = []
  /// Records that are neither contacts, reminders nor tasks.
  private(set) var skipped = 0

  init(
    output: LineOutput, options: CalendarOptions, today: CalendarDate, vdir: VdirWriter? = nil, safe: Bool = false
  ) throws(MonicaError) {
    self.output = output
    self.safe = safe
    self.options = options
    self.vdir = vdir
    window = try options.window(today: today)
  }

  func consume(_ record: Record) throws(MonicaError) {
    let made: [(uid: String, lines: [String])]
    switch Self.roles[object: record.kind ?? ""] ?? .none {
    case .birthdays: made = contactEvents(record.root).map { ($0.uid, $0.lines(alarmDays: options.alarmDays)) }
    case .reminders: made = reminderEvents(record.root).map { ($0.uid, $0.lines(alarmDays: options.alarmDays)) }
    case .todo: made = [todo(record.root)]
    case .none:
      skipped += 1
      return
    }
    let root = record.root
    let key =
      (record.kind ?? "") + " " + (root.member("uuid")?.stringValue ?? "#" + (root.member("id")?.displayText ?? ""))
    if components.updateValue(made, forKey: key) == nil { keys.append(key) }
  }

  func finish() throws(MonicaError) {
    var written: Set<String> = []
    let header = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//monica-toolset//monica-format \(toolsetVersion)//EN",
      "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:" + ContentLine.escape(options.name),
    ]
    if vdir == nil { try write(header) }
    for key in keys {
      for component in components[key] ?? [] where written.insert(component.uid).inserted {
        guard let vdir else {
          try write(component.lines)
          continue
        }
        buffer.removeAll(keepingCapacity: true)
        for line in header + component.lines + ["END:VCALENDAR"] { ContentLine.appendFolded(line, to: &buffer) }
        vdir.put(uid: component.uid, bytes: buffer)
      }
    }
    guard let vdir else { return try write(["END:VCALENDAR"]) }
    try vdir.finish()
  }

  private func write(_ lines: [String]) throws(MonicaError) {
    buffer.removeAll(keepingCapacity: true)
    for line in lines { ContentLine.appendFolded(safe ? TerminalText.safe(line) : line, to: &buffer) }
    try output.writeLines(buffer)
  }

  // MARK: - Contacts

  private func contactEvents(_ contact: RawValue) -> [CalendarEvent] {
    let information = contact.member("information")
    let dates = information?.member("dates")
    let uuid = contact.member("uuid")?.stringValue ?? "contact-\(contact.member("id")?.displayText ?? "")"
    let stamp = Self.stamp(contact.member("updated_at")) ?? options.stamp
    let name = Self.name(of: contact)
    let dead = contact.member("is_dead")?.isTrue == true
    var events: [CalendarEvent] = []
    if let birth = SpecialDay(dates?.member("birthdate") ?? information?.member("birthdate")) {
      if !birth.ageBased {
        let born = birth.yearKnown ? "Born \(birth.date)" : nil
        events += yearly(
          birth.date, uid: uuid + "-birthday", stamp: stamp, category: "Birthday", description: born
        ) { year in
          guard let year, birth.yearKnown, !dead, year > birth.date.year else { return "\(name)'s birthday" }
          return "\(name)'s birthday (\(year - birth.date.year))"
        }
      }
    }
    if let death = SpecialDay(dates?.member("deceased_date") ?? information?.member("deceased_date")),
      !death.ageBased
    {
      let died = death.yearKnown ? "Died \(death.date)" : nil
      events += yearly(death.date, uid: uuid + "-deceased", stamp: stamp, category: "Remembrance", description: died) {
        _ in "Remembering \(name)"
      }
    }
    return events
  }

  /// A yearly event from `start`, or its occurrences within the window; the summary may say
  /// which year it is.
  private func yearly(
    _ start: CalendarDate, uid: String, stamp: String, category: String, description: String?,
    summary: (Int?) -> String
  ) -> [CalendarEvent] {
    let leapDay = start.month == 2 && start.day == 29
    guard let window else {
      let rule = leapDay ? "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1" : "FREQ=YEARLY"
      return [
        CalendarEvent(
          uid: uid, stamp: stamp, start: start, summary: summary(nil), description: description, rule: rule,
          category: category)
      ]
    }
    var events: [CalendarEvent] = []
    for year in max(start.year, window.lowerBound.year)...max(start.year, window.upperBound.year) {
      let day = start.adding(years: year - start.year)
      guard window.contains(day) else { continue }
      events.append(
        CalendarEvent(
          uid: uid + "-\(year)", stamp: stamp, start: day, summary: summary(year), description: description,
          rule: nil, category: category))
    }
    return events
  }

  // MARK: - Reminders and tasks

  /// A reminder (app/Http/Resources/Reminder/Reminder.php): `initial_date`, then every
  /// `frequency_number` weeks, months or years (`one_time`: once), as Reminder.php:50 lists them.
  private func reminderEvents(_ reminder: RawValue) -> [CalendarEvent] {
    guard let initial = reminder.member("initial_date")?.stringValue, let start = CalendarDate(parsing: initial)
    else { return [] }
    let uid = reminder.member("uuid")?.stringValue ?? "reminder-\(reminder.member("id")?.displayText ?? "")"
    let stamp = Self.stamp(reminder.member("updated_at")) ?? options.stamp
    let title = reminder.member("title")?.stringValue ?? ""
    let description = Self.describe(reminder)
    let number = max(1, reminder.member("frequency_number").flatMap { Int($0.displayText) } ?? 1)
    let frequency: (rule: String, months: Int, days: Int)? =
      switch reminder.member("frequency_type")?.stringValue {
      case "week": ("WEEKLY", 0, 7 * number)
      case "month": ("MONTHLY", number, 0)
      case "year": ("YEARLY", 12 * number, 0)
      default: nil
      }
    guard let window else {
      let rule = frequency.map { "FREQ=\($0.rule)" + (number > 1 ? ";INTERVAL=\(number)" : "") }
      return [
        CalendarEvent(
          uid: uid, stamp: stamp, start: start, summary: title, description: description, rule: rule,
          category: "Reminder")
      ]
    }
    var events: [CalendarEvent] = []
    var step = 0
    while true {
      let day: CalendarDate?
      if let frequency {
        day =
          frequency.days > 0
          ? start.adding(days: frequency.days * step) : start.adding(months: frequency.months * step, clamping: false)
      } else {
        day = step == 0 ? start : nil
      }
      if frequency == nil && step > 0 { break }
      step += 1
      guard let day else { continue }
      if day > window.upperBound { break }
      if day >= window.lowerBound {
        events.append(
          CalendarEvent(
            uid: uid + "-" + day.compact, stamp: stamp, start: day, summary: title, description: description, rule: nil,
            category: "Reminder"))
      }
    }
    return events
  }

  /// A task as a VTODO: NEEDS-ACTION, or COMPLETED with its time.
  private func todo(_ task: RawValue) -> (uid: String, lines: [String]) {
    let uid = task.member("uuid")?.stringValue ?? "task-\(task.member("id")?.displayText ?? "")"
    var lines = [
      "BEGIN:VTODO", "UID:" + ContentLine.escape(uid),
      "DTSTAMP:" + (Self.stamp(task.member("updated_at")) ?? options.stamp),
    ]
    if let created = Self.stamp(task.member("created_at")) { lines.append("CREATED:" + created) }
    lines.append("SUMMARY:" + ContentLine.escape(task.member("title")?.stringValue ?? ""))
    if let description = Self.describe(task) { lines.append("DESCRIPTION:" + ContentLine.escape(description)) }
    if task.member("completed")?.isTrue == true {
      lines.append("STATUS:COMPLETED")
      lines.append("PERCENT-COMPLETE:100")
      if let done = Self.stamp(task.member("completed_at")) { lines.append("COMPLETED:" + done) }
    } else {
      lines.append("STATUS:NEEDS-ACTION")
    }
    lines.append("END:VTODO")
    return (uid, lines)
  }

  // MARK: - Values

  /// A record's description and the contact it is about, as an event's DESCRIPTION.
  private static func describe(_ record: RawValue) -> String? {
    var parts: [String] = []
    if let text = record.member("description")?.stringValue, !text.isEmpty { parts.append(text) }
    if let contact = record.member("contact"), contact.isObject { parts.append("Contact: " + name(of: contact)) }
    return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
  }

  /// A contact's name as people read it: complete_name without Monica's " ⚰".
  static func name(of contact: RawValue) -> String {
    var name = contact.member("complete_name")?.stringValue ?? ""
    if name.hasSuffix(" ⚰") { name.removeLast(2) }
    if name.isEmpty {
      name = ["first_name", "last_name"].compactMap { contact.member($0)?.stringValue }.filter { !$0.isEmpty }
        .joined(separator: " ")
    }
    return name.isEmpty ? "Contact #\(contact.member("id")?.displayText ?? "?")" : name
  }

  /// Monica's `YYYY-MM-DDTHH:MM:SS[.ffffff]Z` as iCalendar's UTC `YYYYMMDDTHHMMSSZ`.
  static func stamp(_ value: RawValue?) -> String? {
    guard let text = value?.stringValue, text.utf8.count >= 19 else { return nil }
    let digits = text.prefix(19).filter { $0 != "-" && $0 != ":" }
    guard digits.count == 15, digits.utf8.enumerated().allSatisfy({ $0.offset == 8 || $0.element &- 48 < 10 })
    else { return nil }
    return digits + "Z"
  }
}

/// A Monica special date (birthdate, deceased date): the day, and what is known of it.
struct SpecialDay {
  let date: CalendarDate
  let yearKnown: Bool
  let ageBased: Bool

  init?(_ value: RawValue?) {
    guard let value, let text = value.member("date")?.stringValue, let date = CalendarDate(parsing: text) else {
      return nil
    }
    self.date = date
    yearKnown = value.member("is_year_unknown")?.isTrue != true
    ageBased = value.member("is_age_based")?.isTrue == true
  }
}

/// One all-day VEVENT.
struct CalendarEvent {
  let uid: String
  let stamp: String
  let start: CalendarDate
  let summary: String
  let description: String?
  let rule: String?
  let category: String

  /// Its content lines, with a VALARM `alarmDays` before when asked.
  func lines(alarmDays: Int?) -> [String] {
    var lines = [
      "BEGIN:VEVENT", "UID:" + ContentLine.escape(uid), "DTSTAMP:" + stamp, "DTSTART;VALUE=DATE:" + start.compact,
      "DTEND;VALUE=DATE:" + start.adding(days: 1).compact,
    ]
    if let rule { lines.append("RRULE:" + rule) }
    lines.append("SUMMARY:" + ContentLine.escape(summary))
    if let description { lines.append("DESCRIPTION:" + ContentLine.escape(description)) }
    lines.append("CATEGORIES:" + category)
    lines.append("TRANSP:TRANSPARENT")
    if let alarmDays {
      lines += [
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ContentLine.escape(summary),
        "TRIGGER:" + (alarmDays == 0 ? "PT0S" : "-P\(alarmDays)D"), "END:VALARM",
      ]
    }
    lines.append("END:VEVENT")
    return lines
  }
}
