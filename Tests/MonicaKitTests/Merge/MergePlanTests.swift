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
    "career":{"job":"Nurse","company":null},"relationships":{"love":{"total":0},
    "friend":{"total":1,"contacts":[{"relationship":{"id":70,"name":"friend"},"contact":{"id":90}}]}}},
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
    #expect(plan.filled == ["nickname 'Ani'", "description 'met in Porto'", "birthday 1985-03-04", "company 'CHU'"])
    #expect(
      plan.extras == [.work: try object(#"{"job":"Nurse","company":"CHU"}"#)],
      "the empty company is filled by PUT /work, the keeper's job stays")
    let fill = try #require(plan.fill)
    #expect(fill["nickname"] == .string("Ani"))
    #expect(fill["information"]?["dates"]?["birthdate"]?["date"] == .string("1985-03-04T00:00:00Z"))
    #expect(fill["information"]?["career"]?["job"] == .string("Nurse"), "the keeper's own values stay")
    #expect(plan.note == "Merged from Ana Lima (#57): job 'Surgeon'; starred")
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
    #expect(plan.leftNote(try #require(plan.members.first)).hasPrefix("Merged into Ana Lima (#12)"))
    let refused = MergePlan(
      keeper: try contact(keeper.replacingOccurrences(of: #""is_active":true"#, with: #""is_active":false"#)),
      others: [try contact(other)])
    #expect(refused.refusal != nil)
    #expect(try self.plan().members.first?.left == nil)
  }

  @Test("relationships are made again on the keeper: one between the merged is dropped, one the keeper has is kept")
  func relationships() throws {
    let other = try contact(
      other,
      [
        "relationship": [
          #"{"id":71,"contact_is":{"id":57},"of_contact":{"id":12},"relationship_type":{"name":"sibling"}}"#,
          #"{"id":72,"contact_is":{"id":57},"of_contact":{"id":90},"relationship_type":{"name":"Friend"}}"#,
          #"{"id":73,"contact_is":{"id":57},"of_contact":{"id":91},"relationship_type":{"name":"colleague"}}"#,
        ],
        "photo": [#"{"id":80,"contact":{"id":57},"dataUrl":"data:image/png;base64,AAAA"}"#],
      ])
    let steps = MergePlan(keeper: try contact(keeper), others: [other]).steps
    func step(_ id: Int) -> MergeStep? { steps.first { $0.id == id } }
    #expect(step(71)?.skip?.contains("between the merged contacts") == true)
    #expect(step(72)?.skip?.contains("the keeper has this relationship already") == true)
    #expect(step(73)?.skip == nil && step(73)?.kind.move == .recreate)
    #expect(step(80)?.kind.move == .recreate, "photos have no update route")
  }

  @Test("the read-back check finds each record in the keeper's lists, and a photo with its bytes")
  func readBack() throws {
    var plan = try plan()
    plan.steps.append(
      MergeStep(
        kind: try #require(MergeKind.named("photo")), id: 60, from: 57,
        record: try object(#"{"id":60,"dataUrl":"data:image/png;base64,AAAA"}"#), change: JSONObject(), skip: nil))
    let before = try object(keeper)
    let made: (MergeStep) -> Int? = { [8: 108, 5: 105, 60: 160][$0.id] }
    #expect(!plan.missing(after: before, lists: [:], made: made).isEmpty)
    var after = plan.fill ?? before
    after["tags"] = .array([.object(try object(#"{"name":"Family"}"#)), .object(try object(#"{"name":"work"}"#))])
    after["contactFields"] = .array([40, 42].map { .object(JSONObject(["id": .int($0)])) })
    after["addresses"] = .array([3, 105].map { .object(JSONObject(["id": .int($0)])) })
    after["information"] = .object(try object(#"{"career":{"job":"Nurse","company":"CHU"}}"#))
    func records(_ ids: [Int]) -> [JSONObject] { ids.map { JSONObject(["id": .int($0)]) } }
    var lists: [String: [JSONObject]] = [
      "note": records([1, 7]), "task": records([108]), "gift": records([9]), "activity": records([10, 11]),
      "photo": [try object(#"{"id":160,"dataUrl":"data:image/png;base64,AAAA"}"#)],
    ]
    #expect(plan.missing(after: after, lists: lists, made: made) == [])
    lists["task"] = records([8])
    lists["photo"] = [try object(#"{"id":160,"dataUrl":"data:image/png;base64,BBBB"}"#)]
    #expect(
      plan.missing(after: after, lists: lists, made: made) == [
        "task #8 of #57 (#108 is not among its tasks)", "photo #60 of #57 (#160 has other bytes than the original)",
      ])
    lists["task"] = records([108])
    lists["photo"] = [try object(#"{"id":160,"dataUrl":"data:image/png;base64,AAAA"}"#)]
    lists["gift"] = [try object(#"{"id":9,"photos":[{"id":60}]}"#)]
    #expect(
      plan.missing(after: after, lists: lists, made: made) == ["gift #9 (the copy #160 of its photo #60)"],
      "a gift holding a photo made again must hold the copy")
    lists["gift"] = [try object(#"{"id":9,"photos":[{"id":60},{"id":160}]}"#)]
    #expect(plan.missing(after: after, lists: lists, made: made) == [])
    after["information"] = .object(try object(#"{"career":{"job":"Nurse","company":null}}"#))
    #expect(plan.missing(after: after, lists: lists, made: made).contains("work"))
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

  /// A relationship row `from -> to` of type `type` (whose reverse is `reverse`).
  func row(_ id: Int, _ from: Int, _ to: Int, _ type: String, reverse: String) throws -> JSONObject {
    try object(
      #"{"id":\#(id),"contact_is":{"id":\#(from)},"of_contact":{"id":\#(to)},"#
        + #""relationship_type":{"name":"\#(type)","name_reverse_relationship":"\#(reverse)"}}"#)
  }

  @Test("a row another contact holds to a merged one with no reverse row moves; a reverse does not")
  func inboundRelationships() throws {
    var keeper = try contact(keeper)
    var merged = try contact(other)
    merged.add("relationship", [try row(80, 57, 30, "friend", reverse: "friend")])
    let cid = [
      try row(81, 30, 57, "friend", reverse: "friend"),  // the reverse of #80: moves with it
      try row(82, 30, 57, "boss", reverse: "subordinate"),  // no row 57 -> 30 "subordinate": one-way
      try row(83, 30, 57, "mentor", reverse: "protege"),  // one-way, and the keeper has its like
      try row(84, 30, 12, "mentor", reverse: "protege"),
    ]
    keeper.addInbound(cid)
    merged.addInbound(cid)
    merged.addInbound(cid)
    #expect(merged.inbound.compactMap { $0["id"]?.intValue } == [82, 83], "each once")
    #expect(keeper.inbound.compactMap { $0["id"]?.intValue } == [84])
    #expect(merged.holdings.contains("3 relationships"), "\(merged.holdings)")
    let plan = MergePlan(keeper: keeper, others: [merged])
    let steps = plan.steps.filter { $0.kind.object == "relationship" }
    #expect(steps.map(\.id) == [80, 82, 83])
    #expect(steps.map(\.inboundFrom) == [nil, 30, 30])
    #expect(steps.map(\.skip) == [nil, nil, "the keeper has this relationship already"])
    #expect(plan.lines.contains { $0.hasPrefix("copy relationship #82 of #30 to #57 as one to #12, then delete") })
    #expect(!plan.lines.contains { $0.hasPrefix("# unseen") })
    var unseen = plan
    unseen.inboundUnseen = true
    #expect(unseen.lines.contains { $0.hasPrefix("# unseen: a relationship another contact holds to #57") })
  }

  @Test("a record that cannot be made again leaves its contact, in the plan as in the run")
  func notCarried() throws {
    let merged = try contact(
      other, ["document": [#"{"id":66,"original_filename":"lease.txt","contact":{"id":57}}"#]])
    var plan = MergePlan(keeper: try contact(keeper), others: [merged])
    #expect(plan.lines.contains("delete #57 once #12 is read back holding everything"))
    let step = try #require(plan.steps.first { $0.kind.object == "document" })
    plan.notCarried(step, because: "its link answers a redirect (to the login page)")
    #expect(
      plan.lines.contains(
        "leave document #66 of #57: it cannot be made again on #12: its link answers a redirect (to the login page)"))
    #expect(
      plan.lines.contains("leave #57: its document #66 could not be made again on #12; it gets a note naming #12"))
    #expect(!plan.lines.contains { $0.hasPrefix("delete #57") || $0.hasPrefix("copy document") })
    #expect(plan.missing(after: try object(keeper), lists: [:]) { _ in nil }.allSatisfy { !$0.contains("document") })
  }
}

extension MergePlanTests {
  @Test("the plan never writes a name's controls raw: ESC, BEL, C1, bidi, a line feed become U+FFFD")
  func safeLines() throws {
    let hostile = other.replacingOccurrences(
      of: #""nickname":"Ani""#, with: #""nickname":"A\u001b[8mni\u0007\u009b2J\u202egnp.exe\nfill #12: x""#
    ).replacingOccurrences(
      of: #""complete_name":"Ana Lima","is_active":true,"is_partial":false,"is_dead":false,"is_starred""#,
      with:
        #""complete_name":"Ana\u001b]0;x\u0007 Lima","is_active":true,"is_partial":false,"is_dead":false,"is_starred""#)
    let plan = MergePlan(keeper: try contact(keeper), others: [try contact(hostile)])
    let lines = plan.lines
    for line in lines {
      #expect(!line.unicodeScalars.contains { TerminalText.isControl($0) || $0 == "\n" || $0 == "\t" }, "\(line)")
    }
    #expect(lines.contains("fill #12: nickname 'A\u{FFFD}[8mni\u{FFFD}\u{FFFD}2J\u{FFFD}gnp.exe\u{FFFD}fill #12: x'"))
    #expect(lines.first?.contains("merge #57 'Ana\u{FFFD}]0;x\u{FFFD} Lima'") == true, "\(lines.first ?? "")")
    #expect(!lines.contains { $0.hasPrefix("fill #12: x") }, "a line feed in a value makes no line of its own")
    let records = plan.records(place: "stdin:1")
    #expect(records.count == lines.count)
    #expect(records.allSatisfy { $0["object"]?.stringValue == MergePlan.planObject && $0["id"]?.intValue == 12 })
    #expect(
      records.contains {
        $0["action"]?.stringValue == "fill" && $0["text"]?.stringValue?.contains("\u{1B}[8m") == true
      },
      "the NDJSON plan keeps the values as read; its writer escapes them")
  }

  @Test("deceased and a date of death are changes, not gaps: said as such, in the plan's own lines")
  func lifeChanges() throws {
    let dead = other.replacingOccurrences(of: #""is_dead":false"#, with: #""is_dead":true"#)
      .replacingOccurrences(
        of: #""deceased_date":{"date":null}"#,
        with: #""deceased_date":{"is_age_based":false,"is_year_unknown":false,"date":"2001-02-03T00:00:00Z"}"#)
    let plan = MergePlan(keeper: try contact(keeper), others: [try contact(dead)])
    #expect(plan.lifeChanges == ["date of death 2001-02-03", "deceased"])
    #expect(plan.filled.contains("deceased") && plan.fill?["is_dead"] == .bool(true))
    let changes = plan.entries.filter { $0.action == "change" }.map(\.text)
    #expect(changes.count == 2 && changes.allSatisfy { $0.hasPrefix("change #12: ") && $0.contains("recorded living") })
    #expect(!plan.entries.contains { $0.action == "fill" && $0.text.contains("deceased") })
  }

  @Test("a note of an earlier merge is not moved: a left contact's note stays behind, a keeper's note is folded in")
  func earlierMergeNotes() throws {
    let left =
      #"{"id":30,"body":"Merged into Bea Lima (#3) by monica-merge; this contact was not deleted: it is archived","contact":{"id":57}}"#
    let kept =
      #"{"id":31,"body":"Merged from Ana L. (#9): nickname 'Nana'\n  earlier: Merged from A. Lima (#8)","contact":{"id":57}}"#
    let others = try contact(
      other, ["note": [left, kept, #"{"id":32,"body":"Merged from the sea","contact":{"id":57}}"#]])
    let plan = MergePlan(keeper: try contact(keeper), others: [others])
    #expect(plan.steps.first { $0.id == 30 }?.skip?.contains("earlier merge left") == true)
    #expect(plan.steps.first { $0.id == 31 }?.skip?.contains("its lines are in this merge's note") == true)
    #expect(plan.steps.first { $0.id == 32 }?.skip == nil, "a note of the user's own is moved")
    #expect(
      plan.note
        == "Merged from Ana Lima (#57): job 'Surgeon'; starred\n  earlier: Merged from Ana L. (#9): nickname 'Nana'\n"
        + "  earlier: Merged from A. Lima (#8)")
    #expect(MergePlan.isKeeperNote(plan.note))
  }

  @Test("what the records moved or made again cannot keep is said in the plan, counted")
  func losses() throws {
    let plan = try plan()
    #expect(
      plan.losses.map(\.phrase) == [MigrationLosses.timestamps.replacingOccurrences(of: "migration", with: "merge")],
      "the task and the address made again: \(plan.losses)")
    let done = try contact(
      other,
      [
        "task": [#"{"id":8,"title":"call","completed":true,"contact":{"id":57}}"#],
        "call": [#"{"id":20,"called_at":"2024-01-01T00:00:00Z","contact_called":null,"contact":{"id":57}}"#],
      ])
    let lines = MergePlan(keeper: try contact(keeper), others: [done]).lines.filter { $0.hasPrefix("# not carried: ") }
    #expect(lines.contains("# not carried: completed_at of tasks (set to the time of the merge): 1 record"), "\(lines)")
    #expect(lines.contains { $0.contains("contact_called of calls when null") }, "\(lines)")
    #expect(lines.contains { $0.contains("created_at and updated_at") && $0.hasSuffix(": 3 records") }, "\(lines)")
  }
}
