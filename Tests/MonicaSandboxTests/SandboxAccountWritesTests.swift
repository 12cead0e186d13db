import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates and updates of calls, reminders, debts, pets, addresses, contact fields
/// and contact field types: Monica 4.1.2's validation, and records in the shapes the reads serve.
@Suite("Sandbox writes of the account kinds")
struct SandboxAccountWritesTests {
  /// The fixture of the first kinds' write tests: a seeded store, its API, `send`.
  let base = SandboxWritesTests()
  var contents: StoreContents { base.contents }
  var active: Int { base.active }
  var archived: Int { base.archived }

  func send(_ method: String, _ path: String, _ body: String = "") throws -> (status: Int, json: JSONValue) {
    try base.send(method, path, body)
  }

  /// The created record has the members, in the order, of a seeded one, and GET answers it.
  func expectServedShape(_ kind: RecordKind, _ created: JSONValue) throws {
    let seeded = try #require(contents[kind].all.first, "no seeded \(kind.object)")
    let record = try #require(created["data"]?.objectValue)
    #expect(record.members.map(\.key) == seeded.members.map(\.key), "\(kind.object)")
    let id = try #require(record["id"]?.intValue)
    let shown = try send("GET", "\(kind.name)/\(id)")
    #expect(shown.status == 200 && shown.json["data"] == created["data"])
  }

  @Test("calls: 201 in the served shape, 422 without called_at, 404 for an unknown contact, update keeps it")
  func calls() throws {
    let made = try send(
      "POST", "calls",
      #"{"contact_id":\#(active),"called_at":"2021-03-04T10:20:30Z","content":"hi","contact_called":true,"emotions":[2]}"#
    )
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.call, made.json)
    #expect(made.json["data"]?["called_at"] == .string("2021-03-04T10:20:30Z"))
    #expect(made.json["data"]?["emotions"]?.arrayValue?.first?["id"]?.intValue == 2)
    let missing = try send("POST", "calls", #"{"contact_id":\#(active)}"#)
    #expect(missing.status == 422 && missing.json["error"]?["error_code"]?.intValue == 32)
    #expect(missing.json["error"]?["message"] == .array([.string("The called at field is required.")]))
    let unknown = try send("POST", "calls", #"{"contact_id":99999,"called_at":"2021-01-01"}"#)
    #expect(unknown.status == 404)
    let onArchived = try send("POST", "calls", #"{"contact_id":\#(archived),"called_at":"2021-01-01"}"#)
    #expect(onArchived.status == 422)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let updated = try send("PUT", "calls/\(id)", #"{"called_at":"2022-01-01","content":"later"}"#)
    #expect(updated.status == 200)
    #expect(updated.json["data"]?["contact"]?["id"]?.intValue == active)
    #expect(updated.json["data"]?["content"] == .string("later"))
  }

  @Test("reminders: initial_date must be Y-m-d, the frequency one of Monica's; the update finds it by contact")
  func reminders() throws {
    let body =
      #"{"contact_id":\#(active),"title":"Call back","initial_date":"2022-07-09","frequency_type":"month","#
      + #""frequency_number":2}"#
    let made = try send("POST", "reminders", body)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.reminder, made.json)
    #expect(made.json["data"]?["initial_date"] == .string("2022-07-09T00:00:00Z"))
    #expect(made.json["data"]?["delible"] == .bool(true))
    let bad = try send(
      "POST", "reminders",
      #"{"contact_id":\#(active),"title":"x","initial_date":"2022-07-09T00:00:00Z","frequency_type":"day","#
        + #""frequency_number":1}"#)
    #expect(bad.status == 422)
    #expect(
      bad.json["error"]?["message"]
        == .array([
          .string("The initial date does not match the format Y-m-d."),
          .string("The selected frequency type is invalid."),
        ]))
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let other = active == 2 ? 3 : 2
    let moved = try send(
      "PUT", "reminders/\(id)",
      #"{"contact_id":\#(other),"title":"Call back","initial_date":"2022-07-09","frequency_type":"month"}"#)
    #expect(moved.status == 404)
  }

  @Test("debts: in_debt, status and a numeric amount required; the amount printed as Monica does")
  func debts() throws {
    let made = try send(
      "POST", "debts",
      #"{"contact_id":\#(active),"in_debt":"yes","status":"inprogress","amount":"1234.5","reason":"Rent"}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.debt, made.json)
    #expect(made.json["data"]?["amount"] == .string("1234.50"))
    #expect(made.json["data"]?["amount_with_currency"] == .string("$1,234.50"))
    let bad = try send(
      "POST", "debts", #"{"contact_id":\#(active),"in_debt":"maybe","status":"inprogress","amount":"x"}"#)
    #expect(bad.status == 422)
    #expect(
      bad.json["error"]?["message"]
        == .array([.string("The selected in debt is invalid."), .string("The amount must be a number.")]))
  }

  @Test("pets: the category must be one of Monica's eleven (create_pets_table.php:33-43); the record embeds it")
  func pets() throws {
    let made = try send("POST", "pets", #"{"contact_id":\#(active),"pet_category_id":3,"name":"Felix"}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.pet, made.json)
    #expect(
      made.json["data"]?["pet_category"]
        == .object(
          JSONObject([
            "id": .int(3), "object": .string("pet_category"), "name": .string("cat"), "is_common": .bool(true),
          ])))
    let other = try send("POST", "pets", #"{"contact_id":\#(active),"pet_category_id":11}"#)
    #expect(other.json["data"]?["pet_category"]?["name"] == .string("other"))
    #expect(other.json["data"]?["pet_category"]?["is_common"] == .bool(false))
    let bad = try send("POST", "pets", #"{"contact_id":\#(active),"pet_category_id":12}"#)
    #expect(bad.status == 422)
    #expect(bad.json["error"]?["message"] == .array([.string("The selected pet category id is invalid.")]))
  }

  @Test("addresses: a place is made with it, the contact embeds it, the country by ISO code")
  func addresses() throws {
    let made = try send(
      "POST", "addresses",
      #"{"contact_id":\#(active),"name":"Home","city":"Lyon","country":"FR","latitude":"45.76"}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.address, made.json)
    #expect(made.json["data"]?["country"]?["id"] == .string("FR"))
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let contact = try send("GET", "contacts/\(active)")
    let embedded = contact.json["data"]?["addresses"]?.arrayValue ?? []
    #expect(embedded.contains { $0["id"]?.intValue == id })
    let bad = try send("POST", "addresses", #"{"contact_id":\#(active),"country":"FRAN","latitude":"north"}"#)
    #expect(bad.status == 422)
    #expect(
      bad.json["error"]?["message"]
        == .array([
          .string("The country may not be greater than 3 characters."), .string("The latitude must be a number."),
        ]))
  }

  @Test("contact fields: the type must exist; the contact's list and show answer the new one")
  func contactFields() throws {
    let made = try send("POST", "contactfields", #"{"contact_id":\#(active),"contact_field_type_id":2,"data":"+33 1"}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.contactField, made.json)
    #expect(made.json["data"]?["contact_field_type"]?["name"] == .string("Phone"))
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let listed = try send("GET", "contacts/\(active)/contactfields")
    #expect((listed.json["data"]?.arrayValue ?? []).contains { $0["id"]?.intValue == id })
    let bad = try send("POST", "contactfields", #"{"contact_id":\#(active),"contact_field_type_id":99}"#)
    #expect(bad.status == 422)
    #expect(
      bad.json["error"]?["message"]
        == .array([
          .string("The selected contact field type id is invalid."), .string("The data field is required."),
        ]))
  }

  @Test("contact field types: a name is required; the new type takes contact fields")
  func contactFieldTypes() throws {
    let made = try send("POST", "contactfieldtypes", #"{"name":"Website","fontawesome_icon":null,"protocol":null}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.contactFieldType, made.json)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let field = try send(
      "POST", "contactfields", #"{"contact_id":\#(active),"contact_field_type_id":\#(id),"data":"https://e.x"}"#)
    #expect(field.status == 201 && field.json["data"]?["contact_field_type"]?["name"] == .string("Website"))
    let bad = try send("POST", "contactfieldtypes", #"{"protocol":"x:"}"#)
    #expect(bad.status == 422 && bad.json["error"]?["message"] == .array([.string("The name field is required.")]))
  }
}
