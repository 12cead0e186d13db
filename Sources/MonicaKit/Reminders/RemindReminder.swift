/// A reminder as monica-remind reads it from `/api/reminders`
/// (app/Http/Resources/Reminder/Reminder.php:22-38).
package struct RemindReminder: Sendable, Equatable {
  /// The reminder's id.
  package let id: Int
  /// Its uuid: what the state file keys its occurrences by.
  package let uuid: String
  /// `title` (required, CreateReminder.php:28).
  package let title: String
  /// `description`, when it has one.
  package let description: String?
  /// When it falls.
  package let schedule: ReminderSchedule
  /// `frequency_type` as Monica sent it.
  package let frequencyType: String
  /// `delible`: false for the reminders Monica makes itself, a contact's birthday
  /// (UpdateBirthdayInformation.php:184-196) or the day you first met
  /// (UpdateContactIntroduction.php:208).
  package let delible: Bool
  /// The contact it is about; `nil` once that contact is deleted (the resource shows null).
  package let contact: RemindContact?

  package init(
    id: Int, uuid: String, title: String, description: String? = nil, schedule: ReminderSchedule,
    frequencyType: String, delible: Bool = true, contact: RemindContact?
  ) {
    self.id = id
    self.uuid = uuid
    self.title = title
    self.description = description
    self.schedule = schedule
    self.frequencyType = frequencyType
    self.delible = delible
    self.contact = contact
  }

  /// The reminder of a record, or why it cannot be used.
  ///
  /// `initial_date` is a day (the column is a date, Reminder.php:41, cast `date:Y-m-d`) that the
  /// resource prints as midnight UTC (DateHelper::getTimestamp); its date part is the day, in
  /// every time zone, compared with the day it is in the user's zone. Monica compares it as an
  /// instant with the time in UTC (`isPast`, `isToday`, Reminder.php:117-123), which gives the
  /// same day again as the next one when the user's zone is ahead of UTC and the send hour
  /// earlier than the offset (monicahq/monica#7382).
  package static func parse(_ record: JSONValue) -> Result<RemindReminder, Refusal> {
    guard let id = record["id"]?.intValue, id > 0 else { return .failure(Refusal("a reminder without an id")) }
    let label = "reminder #\(id)"
    guard let uuid = record["uuid"]?.stringValue, RemindContact.isUUID(uuid) else {
      return .failure(Refusal("\(label): no uuid to key its deliveries by"))
    }
    guard let text = record["initial_date"]?.stringValue, let start = CalendarDate(parsing: text) else {
      return .failure(Refusal("\(label): initial_date is not a date"))
    }
    let type = record["frequency_type"]?.stringValue ?? ""
    guard let schedule = ReminderSchedule(start: start, type: type, number: record["frequency_number"]?.intValue)
    else {
      return .failure(
        Refusal("\(label): frequency_type \(OutsideText.quoted(type)) is not one_time, week, month or year"))
    }
    let contact = record["contact"].flatMap { $0.isNull ? nil : RemindContact($0) }
    return .success(
      RemindReminder(
        id: id, uuid: uuid, title: record["title"]?.stringValue ?? "", description: record["description"]?.stringValue,
        schedule: schedule, frequencyType: type, delible: record["delible"]?.boolValue != false, contact: contact))
  }

  /// Why a record was left out: said once on stderr, the rest of the run going on.
  package struct Refusal: Error, Sendable, Equatable {
    /// The record and the cause, `reminder #5: initial_date is not a date`.
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
  }
}
