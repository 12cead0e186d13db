import Foundation
import Testing

@testable import MonicaKit

/// The write tables of journal entries, places, companies, occupations and the named lists.
@Suite("WriteMapping of the account's remaining kinds") struct WriteMappingAccountRestTests {
  let today = CalendarDate(year: 2024, month: 6, day: 15) ?? CalendarDate.today()

  func body(_ kind: RecordKind, _ text: String) throws -> String {
    let record = try #require(try JSONValue(parsing: text).objectValue)
    let mapping = try #require(kind.writes)
    return JSONWriter.plain.string(
      .object(mapping.body(line: record, record: record, operation: .create, today: today)))
  }

  @Test("journal entry: title and post only, not the date")
  func entry() throws {
    #expect(
      try body(.entry, #"{"object":"entry","title":"Sun","post":"At last.","date":"2021-05-02T00:00:00.000000Z"}"#)
        == #"{"title":"Sun","post":"At last."}"#)
    #expect(RecordKind.entry.writes?.path == "/journal")
  }

  @Test("occupation: the contact and company ids, the dates as printed")
  func occupation() throws {
    #expect(
      try body(
        .occupation,
        #"{"object":"occupation","title":"Analyst","description":null,"salary":50000,"salary_unit":"year","#
          + #""currently_works_here":true,"start_date":"2020-02-01","end_date":null,"#
          + #""company":{"id":7,"name":"Initech"},"contact":{"id":3}}"#)
        == #"{"contact_id":3,"company_id":7,"title":"Analyst","description":null,"salary":50000,"#
        + #""salary_unit":"year","currently_works_here":true,"start_date":"2020-02-01","end_date":null}"#)
  }

  @Test("named lists: a gender's type, an activity type's category id, no location type")
  func named() throws {
    #expect(
      try body(.gender, #"{"object":"gender","name":"Non-binary","type":"O"}"#) == #"{"name":"Non-binary","type":"O"}"#)
    #expect(
      try body(
        .activityType,
        #"{"object":"activityType","name":"played chess","location_type":"outside","#
          + #""activity_type_category":{"id":5,"name":"Board games"}}"#)
        == #"{"name":"played chess","activity_type_category_id":5}"#)
    #expect(try body(.activityTypeCategory, #"{"name":"Board games"}"#) == #"{"name":"Board games"}"#)
    #expect(RecordKind.company.matching == .created)
  }

  @Test("place: the country as its code")
  func place() throws {
    #expect(
      try body(.place, #"{"object":"place","street":"1 Main St","city":"Springfield","country":{"id":"US"}}"#)
        == #"{"street":"1 Main St","city":"Springfield","country":"US"}"#)
  }

  @Test("a journal entry without a title is one the API cannot create, with the reason")
  func untitled() {
    #expect(
      MigrationLosses.uncreatable("entry", JSONObject(["title": .null, "post": .string("x")]))?.contains(
        "ApiJournalController.php:117") == true)
    #expect(MigrationLosses.uncreatable("entry", JSONObject(["title": .string("Sun")])) == nil)
    #expect(MigrationLosses.of("activityType", JSONObject(["location_type": .string("outside")])).count == 1)
  }
}
