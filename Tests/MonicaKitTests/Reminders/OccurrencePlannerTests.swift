import Foundation
import Testing

@testable import MonicaKit

@Suite struct OccurrencePlannerTests {
  private static func day(_ text: String) -> CalendarDate {
    guard let date = CalendarDate(parsing: text) else { fatalError("bad test date \(text)") }
    return date
  }

  private static let ana = RemindContact(
    id: 12, uuid: "11111111-1111-4111-8111-111111111111", name: "Ana Lima", hashID: "h:Yb3",
    birthdate: KnownDay(date: day("1985-11-27"), yearKnown: true))
  private static let leap = RemindContact(
    id: 13, uuid: "22222222-2222-4222-8222-222222222222", name: "Leo Leap",
    birthdate: KnownDay(date: day("2000-02-29"), yearKnown: true))
  private static let yearless = RemindContact(
    id: 14, uuid: "33333333-3333-4333-8333-333333333333", name: "Yara",
    birthdate: KnownDay(date: day("2026-03-05"), yearKnown: false))
  private static let dead = RemindContact(
    id: 15, uuid: "44444444-4444-4444-8444-444444444444", name: "Dora Dead", isDead: true,
    birthdate: KnownDay(date: day("1940-03-05"), yearKnown: true),
    deceasedDate: KnownDay(date: day("2020-03-10"), yearKnown: true))

  private func keys(_ occurrences: [Occurrence]) -> [String] {
    occurrences.map {
      "\($0.kind.rawValue) \($0.contact.name) \($0.date) -\($0.daysBefore)" + ($0.age.map { " age \($0)" } ?? "")
    }
  }

  private func due(
    _ from: String, _ to: String, before: [Int] = [], deceased: Bool = false, contacts: [RemindContact] = [],
    reminders: [RemindReminder] = []
  ) -> [String] {
    keys(
      OccurrencePlanner(before: before, deceased: deceased).occurrences(
        contacts: contacts, reminders: reminders, due: Self.day(from)...Self.day(to)))
  }

  @Test("a birthday on its day with the age turned; a year-less one without an age")
  func birthdays() {
    #expect(due("2026-11-27", "2026-11-27", contacts: [Self.ana]) == ["birthday Ana Lima 2026-11-27 -0 age 41"])
    #expect(due("2026-11-26", "2026-11-26", contacts: [Self.ana]).isEmpty)
    #expect(due("2027-03-05", "2027-03-05", contacts: [Self.yearless]) == ["birthday Yara 2027-03-05 -0"])
    // The birth day itself is no birthday.
    let baby = RemindContact(
      id: 16, uuid: "55555555-5555-4555-8555-555555555555", name: "Baby",
      birthdate: KnownDay(date: Self.day("2026-05-01"), yearKnown: true))
    #expect(due("2026-05-01", "2026-05-01", contacts: [baby]).isEmpty)
  }

  @Test("29 February: on the 28th in common years, on the 29th in leap years, once")
  func leapDay() {
    #expect(due("2027-02-28", "2027-02-28", contacts: [Self.leap]) == ["birthday Leo Leap 2027-02-28 -0 age 27"])
    #expect(due("2027-03-01", "2027-03-01", contacts: [Self.leap]).isEmpty)
    #expect(due("2028-02-28", "2028-02-28", contacts: [Self.leap]).isEmpty)
    #expect(due("2028-02-29", "2028-02-29", contacts: [Self.leap]) == ["birthday Leo Leap 2028-02-29 -0 age 28"])
  }

  @Test("--before adds notices: due that many days early, keyed apart from the day itself")
  func notices() {
    let found = OccurrencePlanner(before: [7, 1]).occurrences(
      contacts: [Self.ana], reminders: [], due: Self.day("2026-11-20")...Self.day("2026-11-27"))
    #expect(
      keys(found) == [
        "birthday Ana Lima 2026-11-27 -7 age 41", "birthday Ana Lima 2026-11-27 -1 age 41",
        "birthday Ana Lima 2026-11-27 -0 age 41",
      ])
    #expect(found.map(\.dueDate.description) == ["2026-11-20", "2026-11-26", "2026-11-27"])
    #expect(Set(found.map(\.key)).count == 3)
    #expect(found[0].key == "birthday:11111111-1111-4111-8111-111111111111:2026-11-27:7")
    // A notice whose occurrence is past the window is still due inside it.
    #expect(
      due("2026-11-20", "2026-11-20", before: [7], contacts: [Self.ana]) == ["birthday Ana Lima 2026-11-27 -7 age 41"])
  }

  @Test("deceased contacts: nothing without --deceased; their birthday and remembrance day with it")
  func deceased() {
    #expect(due("2026-03-01", "2026-03-31", contacts: [Self.dead]).isEmpty)
    let found = OccurrencePlanner(deceased: true).occurrences(
      contacts: [Self.dead], reminders: [], due: Self.day("2026-03-01")...Self.day("2026-03-31"))
    #expect(keys(found) == ["birthday Dora Dead 2026-03-05 -0 age 86", "remembrance Dora Dead 2026-03-10 -0"])
    #expect(found[1].years == 6)
    #expect(found[0].subject(today: Self.day("2026-03-05")) == "Birthday: Dora Dead would have turned 86 today")
    #expect(
      found[1].subject(today: Self.day("2026-03-10"))
        == "Remembrance: the anniversary of Dora Dead's death (6 years) is today")
  }

  private static func reminder(
    _ id: Int, _ start: String, _ type: String, _ number: Int = 1, delible: Bool = true,
    contact: RemindContact? = ana, title: String = "Call"
  ) -> RemindReminder {
    RemindReminder(
      id: id, uuid: String(format: "%08d-0000-4000-8000-000000000000", id), title: title,
      schedule: ReminderSchedule(start: day(start), type: type, number: number)
        ?? ReminderSchedule(start: day(start), frequency: .once),
      frequencyType: type, delible: delible, contact: contact)
  }

  @Test("reminders of every frequency type in a window, with notices, keyed by the reminder's uuid")
  func reminders() {
    let reminders = [
      Self.reminder(1, "2026-01-31", "month"), Self.reminder(2, "2026-02-02", "week", 2),
      Self.reminder(3, "2026-02-14", "one_time"), Self.reminder(4, "2025-02-28", "year"),
    ]
    let found = due("2026-02-01", "2026-02-28", reminders: reminders)
    #expect(
      found == [
        "reminder Ana Lima 2026-02-02 -0", "reminder Ana Lima 2026-02-14 -0", "reminder Ana Lima 2026-02-16 -0",
        "reminder Ana Lima 2026-02-28 -0", "reminder Ana Lima 2026-02-28 -0",
      ])
    let keyed = OccurrencePlanner().occurrences(
      contacts: [], reminders: [Self.reminder(3, "2026-02-14", "one_time")],
      due: Self.day("2026-02-14")...Self.day("2026-02-14"))
    #expect(keyed.map(\.key) == ["reminder:00000003-0000-4000-8000-000000000000:2026-02-14:0"])
    #expect(keyed.first?.subject(today: Self.day("2026-02-14")) == "Reminder: Call (Ana Lima), today")
    #expect(
      keyed.first?.subject(today: Self.day("2026-02-16")) == "Reminder: Call (Ana Lima), 2 days ago, on 2026-02-14")
  }

  @Test("Monica's own birthday reminder is left out for a contact whose birthday is told; others stay")
  func monicaBirthdayReminder() {
    let own = Self.reminder(7, "1985-11-27", "year", delible: false, title: "Wish happy birthday to Ana")
    let gift = Self.reminder(8, "2020-11-27", "year", title: "Buy a gift")
    #expect(
      due("2026-11-27", "2026-11-27", contacts: [Self.ana], reminders: [own, gift])
        == ["birthday Ana Lima 2026-11-27 -0 age 41", "reminder Ana Lima 2026-11-27 -0"])
    // Without the contact in the contacts walk (archived), Monica's reminder is the only one.
    #expect(due("2026-11-27", "2026-11-27", reminders: [own]) == ["reminder Ana Lima 2026-11-27 -0"])
    // A deleted contact's reminder is not delivered (NotifyUserAboutReminder.php:63).
    #expect(
      due("2026-11-27", "2026-11-27", reminders: [Self.reminder(9, "2026-11-27", "one_time", contact: nil)]).isEmpty)
  }

  @Test("with --deceased, a yearly reminder on the day of death is the remembrance day, once")
  func monicaDeceasedReminder() {
    let own = Self.reminder(10, "2020-03-10", "year", contact: Self.dead, title: "Anniversary of the death of Dora")
    #expect(
      due("2026-03-10", "2026-03-10", contacts: [Self.dead], reminders: [own]) == ["reminder Dora Dead 2026-03-10 -0"])
    #expect(
      due("2026-03-10", "2026-03-10", deceased: true, contacts: [Self.dead], reminders: [own])
        == ["remembrance Dora Dead 2026-03-10 -0"])
  }

  @Test("the record line: the fields the issue names, the contact's page on the instance")
  func record() throws {
    let found = OccurrencePlanner().occurrences(
      contacts: [Self.ana], reminders: [], due: Self.day("2026-11-27")...Self.day("2026-11-27"))
    let line = String(
      decoding: JSONWriter.plain.bytes(
        try #require(found.first).record(today: Self.day("2026-11-27"), instance: "https://m.example")),
      as: UTF8.self)
    #expect(
      line
        == #"{"object":"occurrence","kind":"birthday","date":"2026-11-27","days_before":0,"due":"2026-11-27","title":"Ana Lima's birthday","subject":"Birthday: Ana Lima turns 41 today","description":null,"contact":{"id":12,"uuid":"11111111-1111-4111-8111-111111111111","complete_name":"Ana Lima","is_dead":false,"url":"https://m.example/people/h:Yb3"},"age":41,"years":null,"reminder_id":null,"reminder_uuid":null,"frequency_type":null,"key":"birthday:11111111-1111-4111-8111-111111111111:2026-11-27:0"}"#
    )
  }

  @Test("records as the API sends them: full and short contacts, Monica's initial_date, refusals")
  func parsing() throws {
    let contact = try JSONValue(
      parsing:
        #"{"id":3,"uuid":"66666666-6666-4666-8666-666666666666","object":"contact","hash_id":"h:abc","complete_name":"Old Man ⚰","is_dead":true,"information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":true,"date":"2024-04-01T00:00:00Z"},"deceased_date":{"is_age_based":true,"is_year_unknown":false,"date":"1990-01-01T00:00:00Z"}}}}"#
    )
    let parsed = try #require(RemindContact(contact))
    #expect(parsed.name == "Old Man" && parsed.isDead && parsed.hashID == "h:abc")
    #expect(parsed.birthdate == KnownDay(date: Self.day("2024-04-01"), yearKnown: false))
    #expect(parsed.deceasedDate == nil)
    let reminder = try JSONValue(
      parsing:
        #"{"id":5,"uuid":"77777777-7777-4777-8777-777777777777","object":"reminder","title":"Call","description":null,"frequency_type":"month","frequency_number":2,"initial_date":"2026-01-31T00:00:00Z","delible":true,"contact":{"id":3,"uuid":"66666666-6666-4666-8666-666666666666","complete_name":"Old Man","hash_id":"h:x/../y","information":{"birthdate":{"is_age_based":null,"is_year_unknown":null,"date":null}}}}"#
    )
    let read = try RemindReminder.parse(reminder).get()
    #expect(read.schedule == ReminderSchedule(start: Self.day("2026-01-31"), frequency: .months(2)))
    #expect(read.contact?.hashID == nil, "a hash_id that is not letters, digits and ':' makes no link")
    #expect(read.contact?.birthdate == nil)
    let bad = try JSONValue(parsing: #"{"id":6,"uuid":"not-a-uuid","object":"reminder"}"#)
    #expect(throws: RemindReminder.Refusal.self) { try RemindReminder.parse(bad).get() }
  }
}
