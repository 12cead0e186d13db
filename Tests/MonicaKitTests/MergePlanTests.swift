import Foundation
import Testing

@testable import MonicaKit

/// `MonicaKit/Merge` on plain records: what is filled, what becomes the note, how each record
/// moves, what is not doubled, who is deleted and what the read-back must hold.
@Suite struct MergePlanTests {
  func object(_ text: String) throws -> JSONObject {
    try #require(try JSONValue(parsing: Array(text.utf8)).objectValue)
  }

  func contact(_ text: String, _ lists: [String: [String]] = [:]) throws -> MergeContact {
    var contact = MergeContact(record: try object(text))
    for (kind, records) in lists { contact.add(kind, try records.map(object)) }
    return contact
  }

  let keeper = """
    {"id":12,"first_name":"Ana","last_name":"Lima","nickname":null,"description":"",
    "complete_name":"Ana Lima","is_active":true,"is_partial":false,"is_dead":false,
    "information":{"dates":{"birthdate":{"is_age_based":null,"is_year_unknown":null,"date":null},
    "deceased_date":{"is_age_based":null,"is_year_unknown":null,"date":null}},
    "career":{"job":"Nurse","company":null},"relationships":{"love":{"total":0}}},
    "tags":[{"id":1,"name":"Family"}],"statistics":{"number_of_notes":1,"number_of_tasks":0},
    "addresses":[{"id":3,"street":"1 Main St","city":"Lyon","province":null,"postal_code":null,"country":{"id":"FR"}}],
    "contactFields":[{"id":40,"content":"ana@x.org","contact_field_type":{"id":1,"type":"email"}}],
    "notes":[]}
    """

  let other = """
    {"id":57,"first_name":"Ana","last_name":"Lima","nickname":"Ani","description":"met in Porto",
    "complete_name":"Ana Lima","is_active":true,"is_partial":false,"is_dead":false,"is_starred":true,
    "information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":false,"date":"1985-03-04T00:00:00Z"},
    "deceased_date":{"date":null}},"career":{"job":"Surgeon","company":"CHU"},"relationships":{"love":{"total":0}}},
    "tags":[{"id":1,"name":"family"},{"id":2,"name":"Work"}],
    "addresses":[{"id":4,"street":"1 main st","city":"LYON","province":null,"postal_code":null,"country":{"id":"FR"}},
    {"id":5,"street":"9 Quai","city":"Porto","country":{"id":"PT"}}],
    "contactFields":[{"id":41,"content":"ANA@X.org","contact_field_type":{"id":1,"type":"email"}},
    {"id":42,"content":"+33 6 12 34 56 78","contact_field_type":{"id":2,"type":"phone"}}]}
    """

  func plan() throws -> MergePlan {
    let others = try contact(
      other,
      [
        "note": [#"{"id":7,"body":"hi","contact":{"id":57}}"#],
        "task": [#"{"id":8,"title":"call","contact":{"id":57}}"#],
        "gift": [#"{"id":9,"name":"book","contact":{"id":57},"recipient":{"id":57}}"#],
        "activity": [
          #"{"id":10,"summary":"lunch","attendees":{"contacts":[{"id":57},{"id":12},{"id":80}]}}"#,
          #"{"id":11,"summary":"walk","attendees":{"contacts":[{"id":57}]}}"#,
        ],
      ])
    return MergePlan(keeper: try contact(keeper), others: [others])
  }

  @Test("empty fields are filled; differing and elsewhere-kept values go to the note")
  func fillsAndNotes() throws {
    let plan = try plan()
    #expect(plan.filled == ["nickname 'Ani'", "description 'met in Porto'", "birthday 1985-03-04"])
    let fill = try #require(plan.fill)
    #expect(fill["nickname"] == .string("Ani"))
    #expect(fill["information"]?["dates"]?["birthdate"]?["date"] == .string("1985-03-04T00:00:00Z"))
    #expect(fill["information"]?["career"]?["job"] == .string("Nurse"), "the keeper's own values stay")
    #expect(plan.note == "Merged from Ana Lima (#57): job 'Surgeon'; company 'CHU'; starred")
    #expect(plan.tags == ["Work"], "tags join by name without case")
  }

  @Test("notes and gifts move by update, tasks are made again, activities swap the attendee")
  func moves() throws {
    let steps = try plan().steps
    func step(_ object: String, _ id: Int) -> MergeStep? { steps.first { $0.kind.object == object && $0.id == id } }
    #expect(step("note", 7)?.kind.move == .update)
    #expect(step("note", 7)?.change["contact_id"] == .int(12))
    #expect(step("gift", 9)?.change["recipient_id"] == .int(12), "a gift to the merged contact is to the keeper")
    #expect(step("task", 8)?.kind.move == .recreate)
    #expect(step("activity", 10)?.change["contacts"] == .array([.int(12), .int(80)]), "the keeper attends once")
    #expect(step("activity", 11)?.change["contacts"] == .array([.int(12)]))
  }

  @Test("a contact field or address the keeper has is not doubled")
  func notDoubled() throws {
    let steps = try plan().steps
    #expect(steps.first { $0.id == 41 }?.skip != nil, "the same e-mail in another case")
    #expect(steps.first { $0.id == 42 }?.skip == nil)
    #expect(steps.first { $0.id == 4 }?.skip != nil, "the same address folded")
    #expect(steps.first { $0.id == 5 }?.skip == nil)
  }

  @Test("an archived contact is left with a note; an archived keeper is refused")
  func archived() throws {
    let archived = try contact(other.replacingOccurrences(of: #""is_active":true"#, with: #""is_active":false"#))
    let plan = MergePlan(keeper: try contact(keeper), others: [archived])
    #expect(plan.members.first?.left?.contains("DestroyContact.php:43") == true)
    #expect(plan.members.first?.deletesOriginals == false, "Monica refuses changes to an archived contact's records")
    var holding = try contact(other)
    holding.unmoved["photo"] = 1
    holding.unmoved["lifeevent"] = 2
    let held = MergePlan(keeper: try contact(keeper), others: [holding])
    #expect(held.members.first?.left == "it holds 1 photo, 2 life events, which monica-merge does not move")
    #expect(held.members.first?.deletesOriginals == true, "a copied task is not left twice")
    #expect(plan.leftNote(try #require(plan.members.first)).hasPrefix("Merged into Ana Lima (#12)"))
    let refused = MergePlan(
      keeper: try contact(keeper.replacingOccurrences(of: #""is_active":true"#, with: #""is_active":false"#)),
      others: [try contact(other)])
    #expect(refused.refusal != nil)
    #expect(try self.plan().members.first?.left == nil)
  }

  @Test("the read-back check names what the keeper lacks")
  func readBack() throws {
    let plan = try plan()
    let before = try object(keeper)
    #expect(!plan.missing(before: before, after: before).isEmpty)
    var after = plan.fill ?? before
    after["tags"] = .array([.object(try object(#"{"name":"Family"}"#)), .object(try object(#"{"name":"work"}"#))])
    after["contactFields"] = .array([40, 42].map { .object(JSONObject(["id": .int($0)])) })
    after["addresses"] = .array([.int(3), .int(5)])
    after["statistics"] = .object(try object(#"{"number_of_notes":2,"number_of_tasks":1}"#))
    #expect(plan.missing(before: before, after: after) == [])
    after["statistics"] = .object(try object(#"{"number_of_notes":1,"number_of_tasks":1}"#))
    #expect(plan.missing(before: before, after: after) == ["1 note(s) (number_of_notes is 1)"])
  }

  @Test("a dedupe line is a group; the keeper never merges into itself")
  func groups() throws {
    let line = Array(#"{"object":"duplicate","keep":12,"merge":[57,12,57],"score":0.9}"#.utf8)
    let group = try MergeGroup(line: line, source: "stdin", number: 3)
    #expect(group.keep == 12 && group.merge == [57] && group.place == "stdin:3")
    #expect(throws: MonicaError.self) {
      try MergeGroup(line: Array(#"{"object":"duplicate","keep":12,"merge":[12]}"#.utf8), source: "stdin", number: 1)
    }
    #expect(throws: MonicaError.self) {
      try MergeGroup(line: Array(#"{"object":"contact","id":1}"#.utf8), source: "stdin", number: 1)
    }
  }
}
