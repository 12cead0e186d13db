/// Which birthdays, remembrance days and reminders are due on which days: the pure heart of
/// monica-remind, from the records of one run and a window of days.
///
/// A notice is due `n` days before its occurrence for every `n` of `notices` (0, the day itself,
/// always). Monica's own birthday reminder of a contact whose birthday is told here (a yearly,
/// non-deletable reminder on the birthday, UpdateBirthdayInformation.php:184-196) is left out,
/// so that a birthday comes once, with its age; so is, with `deceased`, the yearly reminder of a
/// deceased contact on the day of death (UpdateDeceasedInformation.php:149-161). Reminders of a
/// deleted contact are left out, as Monica leaves them (NotifyUserAboutReminder.php:63).
package struct OccurrencePlanner: Sendable {
  /// Days before each occurrence to tell of it, 0 included.
  package let notices: [Int]
  /// Whether deceased contacts give their birthdays and remembrance days.
  package let deceased: Bool

  /// A planner telling of each occurrence on its day and `before` days before it.
  package init(before: [Int] = [], deceased: Bool = false) {
    notices = Array(Set([0] + before.filter { $0 >= 0 })).sorted()
    self.deceased = deceased
  }

  /// Every notice due on a day of `window`, soonest first (then by the day of the occurrence,
  /// birthdays before remembrance days before reminders, by name and title), each key once.
  package func occurrences(
    contacts: [RemindContact], reminders: [RemindReminder], due window: ClosedRange<CalendarDate>
  ) -> [Occurrence] {
    let events = window.lowerBound...window.upperBound.adding(days: notices.last ?? 0)
    var found: [Occurrence] = []
    var birthdays: Set<String> = []
    var deaths: Set<String> = []
    func add(_ date: CalendarDate, _ make: (Int) -> Occurrence) {
      for notice in notices where window.contains(date.adding(days: -notice)) { found.append(make(notice)) }
    }
    for contact in contacts where !contact.isDead || deceased {
      if let birthdate = contact.birthdate {
        birthdays.insert(Self.day(contact.uuid, birthdate.date))
        for (date, years) in birthdate.anniversaries(in: events) {
          add(date) {
            Occurrence(
              kind: .birthday, date: date, daysBefore: $0, title: "\(contact.name)'s birthday", contact: contact,
              age: years)
          }
        }
      }
      if contact.isDead, let death = contact.deceasedDate {
        deaths.insert(Self.day(contact.uuid, death.date))
        for (date, years) in death.anniversaries(in: events) {
          add(date) {
            Occurrence(
              kind: .remembrance, date: date, daysBefore: $0, title: "Remembering \(contact.name)", contact: contact,
              years: years)
          }
        }
      }
    }
    for reminder in reminders {
      guard let contact = reminder.contact else { continue }
      if case .years(1) = reminder.schedule.frequency {
        let day = Self.day(contact.uuid, reminder.schedule.start)
        if !reminder.delible && birthdays.contains(day) { continue }
        if deaths.contains(day) { continue }
      }
      let origin = Occurrence.Origin(id: reminder.id, uuid: reminder.uuid, frequencyType: reminder.frequencyType)
      let title = reminder.title.isEmpty ? "Reminder #\(reminder.id)" : reminder.title
      for date in reminder.schedule.dates(in: events) {
        add(date) {
          Occurrence(
            kind: .reminder, date: date, daysBefore: $0, title: title, description: reminder.description,
            contact: contact, reminder: origin)
        }
      }
    }
    let order = Dictionary(uniqueKeysWithValues: Occurrence.Kind.allCases.enumerated().map { ($1, $0) })
    var seen: Set<String> = []
    return found.sorted {
      ($0.dueDate, $0.date, order[$0.kind] ?? 0, $0.contact.name, $0.title, $0.key)
        < ($1.dueDate, $1.date, order[$1.kind] ?? 0, $1.contact.name, $1.title, $1.key)
    }
    .filter { seen.insert($0.key).inserted }
  }

  /// A contact's day of the year, to match Monica's own yearly reminders to it.
  private static func day(_ uuid: String, _ date: CalendarDate) -> String {
    "\(uuid.lowercased()) \(date.month)-\(date.day)"
  }
}
