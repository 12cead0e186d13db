import Testing

@testable import MonicaKit

@Suite struct ContactPartBodiesTests {
  let today: CalendarDate

  init() throws { today = try #require(CalendarDate(year: 2026, month: 11, day: 23)) }

  /// A full contact whose `information` is `information` (JSON text).
  func contact(_ information: String) throws -> JSONObject {
    try #require(try JSONValue(parsing: #"{"id":3,"object":"contact","information":"# + information + "}").objectValue)
  }

  /// `how_you_met` with this general text, date object and introducer.
  func met(_ general: String = "null", date: String, through: String = "null") -> String {
    #"{"how_you_met":{"general_information":\#(general),"first_met_date":\#(date),"first_met_through_contact":\#(through)}}"#
  }

  static let noDate = #"{"is_age_based":null,"is_year_unknown":null,"date":null}"#

  @Test("work and food: sent only when given, empty values as null")
  func workAndFood() throws {
    let full = try contact(#"{"career":{"job":"Chef","company":""},"food_preferences":"No gluten"}"#)
    #expect(RecordKind.ContactPart.work(full) == JSONObject(["job": .string("Chef"), "company": .null]))
    #expect(RecordKind.ContactPart.food(full) == JSONObject(["food_preferences": .string("No gluten")]))
    let none = try contact(#"{"career":{"job":null,"company":null},"food_preferences":null}"#)
    #expect(RecordKind.ContactPart.work(none) == nil && RecordKind.ContactPart.food(none) == nil)
    // A partial contact prints no career, food or how-you-met (ContactBase.php:70-88).
    let partial = try contact(#"{"dates":{}}"#)
    #expect(RecordKind.ContactPart.work(partial) == nil && RecordKind.ContactPart.food(partial) == nil)
    #expect(RecordKind.ContactPart.introduction(partial, today: today) == nil)
  }

  @Test("an exact first-met date goes back whole, with is_date_known and year")
  func exactDate() throws {
    let record = try contact(
      met(#""At a wedding""#, date: #"{"is_age_based":false,"is_year_unknown":false,"date":"2017-08-18T00:00:00Z"}"#))
    let introduction = try #require(RecordKind.ContactPart.introduction(record, today: today))
    #expect(
      introduction.body(introducer: nil)
        == JSONObject([
          "general_information": .string("At a wedding"), "is_date_known": .bool(true), "is_age_based": .bool(false),
          "day": .int(18), "month": .int(8), "year": .int(2017), "met_through_contact_id": .null,
        ]))
    #expect(introduction.losses.isEmpty && introduction.introducer == nil)
  }

  @Test("a date of unknown year goes back without its year, and the stored year is a loss when it differs")
  func yearless() throws {
    let old = try contact(met(date: #"{"is_age_based":false,"is_year_unknown":true,"date":"2020-02-15T00:00:00Z"}"#))
    let introduction = try #require(RecordKind.ContactPart.introduction(old, today: today))
    #expect(introduction.body["year"] == .null && introduction.body["month"] == .int(2))
    #expect(introduction.body["day"] == .int(15))
    #expect(introduction.losses.count == 1 && introduction.losses[0].contains("SpecialDate.php:161"))
    let thisYear = try contact(
      met(date: #"{"is_age_based":false,"is_year_unknown":true,"date":"2026-02-15T00:00:00Z"}"#))
    #expect(RecordKind.ContactPart.introduction(thisYear, today: today)?.losses == [])
  }

  @Test("an age-based date goes back as the age from today; one not on 1 January is a loss")
  func ageBased() throws {
    let record = try contact(met(date: #"{"is_age_based":true,"is_year_unknown":false,"date":"2010-01-01T00:00:00Z"}"#))
    let introduction = try #require(RecordKind.ContactPart.introduction(record, today: today))
    #expect(
      introduction.body
        == JSONObject([
          "general_information": .null, "is_date_known": .bool(true), "is_age_based": .bool(true), "age": .int(16),
        ]))
    #expect(introduction.losses.isEmpty)
    let odd = try contact(met(date: #"{"is_age_based":true,"is_year_unknown":false,"date":"2010-06-01T00:00:00Z"}"#))
    #expect(RecordKind.ContactPart.introduction(odd, today: today)?.losses.first?.contains("1 January") == true)
  }

  @Test("an introducer alone is an introduction with no known date; nothing at all is none")
  func introducerOnly() throws {
    let record = try contact(met(date: Self.noDate, through: #"{"id":7,"object":"contact"}"#))
    let introduction = try #require(RecordKind.ContactPart.introduction(record, today: today))
    #expect(introduction.introducer == 7)
    #expect(
      introduction.body(introducer: 70)
        == JSONObject([
          "general_information": .null, "is_date_known": .bool(false), "met_through_contact_id": .int(70),
        ]))
    #expect(RecordKind.ContactPart.introduction(try contact(met(date: Self.noDate)), today: today) == nil)
  }
}

extension ContactPartBodiesTests {
  @Test("a part's body is checked with its route's rules, in code points; the avatar's source alone")
  func partProblems() {
    func contact(_ information: JSONObject) -> JSONObject {
      JSONObject(["object": .string("contact"), "first_name": .string("A"), "information": .object(information)])
    }
    let accented = String(repeating: "e\u{301}", count: 200)  // 200 characters, 400 code points
    let long = contact(JSONObject(["career": .object(JSONObject(["job": .string(accented), "company": .null]))]))
    let problems = RecordKind.ContactPart.problems(of: long, today: today)
    #expect(problems.count == 1 && problems[0].hasPrefix("job: The job may not be greater than 255 characters."))
    #expect(problems[0].hasSuffix("(sent by PUT /contacts/{id}/work)"))
    let avatar = contact(JSONObject(["avatar": .object(JSONObject(["source": .string("photo"), "url": .null]))]))
    #expect(RecordKind.ContactPart.problems(of: avatar, today: today).isEmpty, "photo_id waits for the photo")
    let unknown = contact(JSONObject(["avatar": .object(JSONObject(["source": .string("sepia")]))]))
    #expect(
      RecordKind.ContactPart.problems(of: unknown, today: today).first?.hasPrefix(
        "source: The selected source is invalid.") == true)
  }
}
