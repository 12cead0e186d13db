/// One thing to be told of on one day: a birthday, a remembrance day or a reminder, on its day
/// or a number of days before it (`--before`).
package struct Occurrence: Sendable, Equatable {
  /// What falls.
  package enum Kind: String, Sendable, CaseIterable {
    /// A living contact's birthday (a deceased one's with `--deceased`).
    case birthday
    /// The anniversary of a deceased contact's death (`--deceased`).
    case remembrance
    /// A reminder of `/api/reminders`.
    case reminder
  }

  /// What falls.
  package let kind: Kind
  /// The day it falls on.
  package let date: CalendarDate
  /// How many days before `date` this notice is (0: on the day).
  package let daysBefore: Int
  /// The reminder's title; for the others, "Ana Lima's birthday", "Remembering Ana Lima".
  package let title: String
  /// The reminder's description.
  package let description: String?
  /// Who it is about.
  package let contact: RemindContact
  /// The age turned on a birthday whose year is known.
  package let age: Int?
  /// The years since the death on a remembrance day whose year is known.
  package let years: Int?
  /// The reminder it comes from.
  package let reminder: Origin?

  /// The reminder an occurrence comes from.
  package struct Origin: Sendable, Equatable {
    /// Its id.
    package let id: Int
    /// Its uuid.
    package let uuid: String
    /// Its `frequency_type`.
    package let frequencyType: String

    package init(id: Int, uuid: String, frequencyType: String) {
      self.id = id
      self.uuid = uuid
      self.frequencyType = frequencyType
    }
  }

  package init(
    kind: Kind, date: CalendarDate, daysBefore: Int, title: String, description: String? = nil,
    contact: RemindContact, age: Int? = nil, years: Int? = nil, reminder: Origin? = nil
  ) {
    self.kind = kind
    self.date = date
    self.daysBefore = daysBefore
    self.title = title
    self.description = description
    self.contact = contact
    self.age = age
    self.years = years
    self.reminder = reminder
  }

  /// The day this notice is due: `daysBefore` days before `date`.
  package var dueDate: CalendarDate { date.adding(days: -daysBefore) }

  /// What the state file records it by: `kind:uuid:date:days before`, the reminder's uuid for a
  /// reminder, the contact's otherwise. Ids are left out: they change when an account is
  /// restored, and the same reminder must not be delivered again then.
  package var key: String {
    "\(kind.rawValue):\(reminder?.uuid ?? contact.uuid):\(date):\(daysBefore)"
  }

  /// One line of text saying what falls when, seen from `today`: "Birthday: Ana Lima turns 41
  /// today", "Reminder: Call about the flat (Ana Lima), in 7 days, on 2026-11-27". The mail's
  /// subject and `REMIND_SUBJECT`.
  package func subject(today: CalendarDate) -> String {
    let away = date.dayNumber - today.dayNumber
    let when: String =
      switch away {
      case 0: "today"
      case 1: "tomorrow"
      case -1: "yesterday"
      case 2...: "in \(away) days, on \(date)"
      default: "\(-away) days ago, on \(date)"
      }
    let past = away < 0
    switch kind {
    case .birthday:
      guard let age else { return "Birthday: \(contact.name)'s birthday \(past ? "was" : "is") \(when)" }
      if contact.isDead { return "Birthday: \(contact.name) would have turned \(age) \(when)" }
      return "Birthday: \(contact.name) \(past ? "turned" : "turns") \(age) \(when)"
    case .remembrance:
      let span = years.map { " (\($0) \($0 == 1 ? "year" : "years"))" } ?? ""
      return "Remembrance: the anniversary of \(contact.name)'s death\(span) \(past ? "was" : "is") \(when)"
    case .reminder:
      return "Reminder: \(title) (\(contact.name)), \(when)"
    }
  }

  /// The NDJSON record: `{"object":"occurrence","kind":...,"date":...,"days_before":...,
  /// "due":...,"title":...,"subject":...,"description":...,"contact":{"id","uuid",
  /// "complete_name","is_dead","url"},"age":...,"years":...,"reminder_id":...,
  /// "reminder_uuid":...,"frequency_type":...,"key":...}`; `url` is the contact's page on
  /// `instance`, null when unknown.
  package func record(today: CalendarDate, instance: String?) -> JSONValue {
    let contactObject = JSONObject([
      "id": .int(contact.id), "uuid": .string(contact.uuid), "complete_name": .string(contact.name),
      "is_dead": .bool(contact.isDead), "url": .string(contact.link(on: instance)),
    ])
    return .object(
      JSONObject([
        "object": .string(Self.object), "kind": .string(kind.rawValue), "date": .string(date.description),
        "days_before": .int(daysBefore), "due": .string(dueDate.description), "title": .string(title),
        "subject": .string(subject(today: today)), "description": .string(description),
        "contact": .object(contactObject), "age": age.map(JSONValue.int) ?? .null,
        "years": years.map(JSONValue.int) ?? .null, "reminder_id": reminder.map { .int($0.id) } ?? .null,
        "reminder_uuid": .string(reminder?.uuid), "frequency_type": .string(reminder?.frequencyType),
        "key": .string(key),
      ]))
  }

  /// The `object` of the records monica-remind writes.
  package static let object = "occurrence"
}
