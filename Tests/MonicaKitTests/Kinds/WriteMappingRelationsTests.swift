import MonicaKit
import Testing

/// The update bodies of relationships, life events and conversations: what their update services
/// read, and the moves they cannot make.
@Suite("WriteMapping: relationship, life event, conversation updates")
struct WriteMappingRelationsTests {
  let today = CalendarDate(year: 2026, month: 11, day: 23) ?? CalendarDate.today()

  func object(_ text: String) throws -> JSONObject {
    try #require(try JSONValue(parsing: text).objectValue)
  }

  /// The update body of `line` merged onto `record`, as compact JSON.
  func update(_ mapping: WriteMapping, _ line: String, onto record: String) throws -> String {
    let server = try object(record)
    let merged = mapping.merged(try object(line), onto: server)
    return JSONWriter.plain.string(
      .object(mapping.body(line: try object(line), record: merged, operation: .update, today: today)))
  }

  @Test("relationship: the new type's id; a line that moves either contact is refused")
  func relationship() throws {
    let mapping = try #require(RecordKind.relationship.writes)
    let record =
      #"{"id":5,"object":"relationship","contact_is":{"id":2},"relationship_type":{"id":3},"of_contact":{"id":4}}"#
    #expect(
      try update(mapping, #"{"relationship_type":{"id":8}}"#, onto: record)
        == #"{"contact_is":2,"of_contact":4,"relationship_type_id":8}"#)
    for moved in [#"{"of_contact":{"id":9}}"#, #"{"contact_is":{"id":9}}"#] {
      let refusal = mapping.refusal(line: try object(moved), current: try object(record), id: 5, today: today)
      #expect(refusal?.contains("relationship #5 cannot move") == true, "\(moved)")
    }
  }

  @Test("life event: date, type, name and note; no reminder or unknown-part flags; the contact fixed")
  func lifeEvent() throws {
    let mapping = try #require(RecordKind.lifeEvent.writes)
    let record =
      #"{"id":3,"object":"lifeevent","name":"Wedding","note":null,"happened_at":"2019-06-01T00:00:00Z","#
      + #""life_event_type":{"id":10},"contact":{"id":7}}"#
    #expect(
      try update(mapping, #"{"name":"Marriage"}"#, onto: record)
        == #"{"contact_id":7,"life_event_type_id":10,"happened_at":"2019-06-01T00:00:00Z","name":"Marriage","note":null}"#
    )
    let moved = try object(#"{"contact":{"id":8}}"#)
    #expect(
      mapping.refusal(line: moved, current: try object(record), id: 3, today: today)?.contains("cannot move") == true)
  }

  @Test("conversation: date and medium; the contact fixed")
  func conversation() throws {
    let mapping = try #require(RecordKind.conversation.writes)
    let record =
      #"{"id":4,"object":"conversation","happened_at":"2021-05-06T07:08:09Z","messages":[],"#
      + #""contact_field_type":{"id":1},"contact":{"id":7}}"#
    #expect(
      try update(mapping, #"{"contact_field_type":{"id":2}}"#, onto: record)
        == #"{"happened_at":"2021-05-06T07:08:09Z","contact_id":7,"contact_field_type_id":2}"#)
    let moved = try object(#"{"contact_id":8}"#)
    #expect(
      mapping.refusal(line: moved, current: try object(record), id: 4, today: today)?.contains("cannot move") == true)
  }
}
