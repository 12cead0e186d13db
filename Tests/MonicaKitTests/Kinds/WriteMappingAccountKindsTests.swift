import MonicaKit
import Testing

/// The write tables of calls, reminders, debts and pets: what a fetched record sends.
@Suite("WriteMapping of the account kinds")
struct WriteMappingAccountKindsTests {
  let today = CalendarDate(year: 2026, month: 11, day: 23) ?? CalendarDate.today()

  func body(_ kind: RecordKind, _ text: String, _ operation: WriteMapping.Operation = .create) throws -> String {
    let record = try #require(try JSONValue(parsing: text).objectValue)
    let mapping = try #require(kind.writes)
    return JSONWriter.plain.string(
      .object(mapping.body(line: record, record: record, operation: operation, today: today)))
  }

  @Test("call: the contact on create only, the time as printed, emotion ids")
  func call() throws {
    let record = #"""
      {"id":4,"object":"call","called_at":"2021-03-04T10:20:00Z","content":"Lyon","contact_called":true,
       "emotions":[{"id":2,"object":"emotion","name":"joy"}],"contact":{"id":7},"url":"u"}
      """#
    #expect(
      try body(.call, record)
        == #"{"contact_id":7,"called_at":"2021-03-04T10:20:00Z","content":"Lyon","contact_called":true,"#
        + #""emotions":[2]}"#)
    #expect(
      try body(.call, record, .update)
        == #"{"called_at":"2021-03-04T10:20:00Z","content":"Lyon","contact_called":true,"emotions":[2]}"#)
    #expect(RecordKind.call.writes?.path == "/calls")
  }

  @Test("reminder: initial_date as Y-m-d from the printed timestamp; the contact cannot move")
  func reminder() throws {
    let record = #"""
      {"id":3,"object":"reminder","title":"Call back","description":null,"frequency_type":"month",
       "frequency_number":2,"initial_date":"2022-07-09T00:00:00Z","delible":true,"contact":{"id":5}}
      """#
    #expect(
      try body(.reminder, record)
        == #"{"contact_id":5,"title":"Call back","description":null,"initial_date":"2022-07-09","#
        + #""frequency_type":"month","frequency_number":2,"delible":true}"#)
    let mapping = try #require(RecordKind.reminder.writes)
    #expect(mapping.fixedOnUpdate == ["contact_id"])
    let current = try #require(try JSONValue(parsing: record).objectValue)
    let moved = JSONObject(["contact": .object(JSONObject(["id": .int(6)]))])
    #expect(mapping.refusal(line: moved, current: current, id: 3, today: today)?.contains("cannot move") == true)
  }

  @Test("debt and pet: the amount as printed, the category's id")
  func debtAndPet() throws {
    #expect(
      try body(
        .debt,
        #"{"object":"debt","in_debt":"yes","status":"inprogress","amount":"12.50","value":"12.5","#
          + #""amount_with_currency":"$12.50","reason":"Lunch","contact":{"id":9}}"#)
        == #"{"contact_id":9,"in_debt":"yes","status":"inprogress","amount":"12.50","reason":"Lunch"}"#)
    #expect(
      try body(.pet, #"{"object":"pet","name":"Rex","pet_category":{"id":1,"name":"Dog"},"contact":{"id":2}}"#)
        == #"{"contact_id":2,"pet_category_id":1,"name":"Rex"}"#)
  }

  @Test("address: the place's fields, the country as its ISO code")
  func address() throws {
    #expect(
      try body(
        .address,
        #"{"object":"address","name":"Home","street":"1 rue X","city":"Lyon","province":null,"postal_code":"69001","#
          + #""latitude":45.7,"longitude":4.8,"country":{"id":"FR","object":"country","name":"France"},"#
          + #""contact":{"id":3}}"#)
        == #"{"contact_id":3,"name":"Home","street":"1 rue X","city":"Lyon","province":null,"postal_code":"69001","#
        + #""country":"FR","latitude":45.7,"longitude":4.8}"#)
  }

  @Test("contact field: the content as data, the type's id")
  func contactField() throws {
    #expect(
      try body(
        .contactField,
        #"{"object":"contactfield","content":"ann@example.com","contact_field_type":{"id":1,"name":"Email"},"#
          + #""labels":[],"contact":{"id":4}}"#)
        == #"{"contact_id":4,"contact_field_type_id":1,"data":"ann@example.com","labels":[]}"#)
    // Labels go as their names: the standard key or the custom label (`type` in the record).
    #expect(
      try body(
        .contactField,
        #"{"object":"contactfield","content":"x","contact_field_type":{"id":1},"contact":{"id":4},"#
          + #""labels":[{"id":2,"object":"contactfieldlabel","type":"home","label":"Home"},"Weekend"]}"#)
        == #"{"contact_id":4,"contact_field_type_id":1,"data":"x","labels":["home","Weekend"]}"#)
  }

  @Test("contact field type: name, icon, protocol and type; delible left to the server")
  func contactFieldType() throws {
    #expect(
      try body(
        .contactFieldType,
        #"{"id":3,"object":"contactfieldtype","name":"Website","fontawesome_icon":null,"protocol":null,"#
          + #""delible":true,"type":null}"#)
        == #"{"name":"Website","fontawesome_icon":null,"protocol":null,"type":null}"#)
  }

  @Test("each carried kind's references are all translated: every reference path is a write field's")
  func referencesCovered() {
    for kind in [RecordKind.call, .reminder, .debt, .pet, .address, .contactField] {
      let paths = (kind.writes?.fields ?? []).compactMap { $0.source.path?.components.joined(separator: ".") }
      for reference in kind.references {
        #expect(paths.contains(reference.path), "\(kind.object): \(reference.path) is not sent")
      }
    }
  }
}
