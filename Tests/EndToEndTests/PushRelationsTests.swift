import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-push` updates and deletes of relationships, life events and conversations against the
/// sandbox: `monica-fetch | jq | monica-push`, then a read back of everything around the record.
@Suite struct PushRelationsTests {
  let push = PushTests()

  /// Every line of `monica-fetch arguments`, parsed.
  func fetched(_ sandbox: Sandbox, _ arguments: String) throws -> [JSONObject] {
    let run = try sh("monica-fetch \(arguments)", env: push.env(sandbox))
    try #require(run.status == 0, "\(run)")
    return try records(run.stdout).compactMap(\.objectValue)
  }

  /// The records without `id`'s, and without `updated_at` everywhere.
  func others(_ list: [JSONObject], _ ids: [Int]) -> [JSONObject] {
    list.filter { !ids.contains($0["id"]?.intValue ?? 0) }.map { push.without($0, []) }
  }

  /// A seeded record of `plural` about an active contact (one the plain list holds), with messages
  /// for a conversation.
  func seeded(_ sandbox: Sandbox, _ plural: String) throws -> JSONObject {
    let active = Set(try fetched(sandbox, "contacts").compactMap { $0["id"]?.intValue })
    let all = try fetched(sandbox, plural)
    return try #require(
      all.first {
        active.contains($0["contact"]?["id"]?.intValue ?? 0) && $0["messages"]?.arrayValue?.isEmpty != true
      }, "no \(plural) of an active contact")
  }

  /// `monica-fetch plural id | monica-push --delete --yes` prints Monica's answer with the id as
  /// `id` shows it, and the record is gone.
  func expectDeleted(_ sandbox: Sandbox, _ plural: String, _ id: Int, as shown: String) throws {
    let deleted = try sh("monica-fetch \(plural) \(id) | monica-push --delete --yes", env: push.env(sandbox))
    #expect(deleted.status == 0 && deleted.stdout == #"{"deleted":true,"id":\#(shown)}"# + "\n", "\(deleted)")
    #expect(try sh("monica-fetch \(plural) \(id)", env: push.env(sandbox)).status == 66)
  }

  @Test("a relationship's type changed by fetch | jq | push: its reverse follows, nothing else changes")
  func relationship() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let (a, b) = try push.contacts(sandbox)
    let line =
      #"{"object":"relationship","contact_is":{"id":\#(a)},"of_contact":{"id":\#(b)},"relationship_type":{"id":3}}"#
    let made = try sh("monica-push", env: push.env(sandbox), stdin: line + "\n")
    #expect(made.status == 0 && made.stderr.isEmpty, "\(made)")
    let id = try #require(try records(made.stdout).first?["id"]?.intValue)
    let before = (
      try fetched(sandbox, "relationships --contact \(a)"), try fetched(sandbox, "relationships --contact \(b)")
    )
    let back = try #require(before.1.first { $0["of_contact"]?["id"] == .int(a) }?["id"]?.intValue)

    let run = try sh(
      "monica-fetch relationships \(id) | jq -c '.relationship_type.id = 8' | monica-push", env: push.env(sandbox))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(try records(run.stdout).first?["relationship_type"]?["name"] == .string("colleague"))
    let after = (
      try fetched(sandbox, "relationships --contact \(a)"), try fetched(sandbox, "relationships --contact \(b)")
    )
    let row = try #require(after.0.first { $0["id"] == .int(id) })
    let reverse = try #require(after.1.first { $0["id"] == .int(back) })
    #expect(row["relationship_type"]?["name"] == .string("colleague"))
    #expect(reverse["relationship_type"]?["name"] == .string("colleague"), "the reverse row follows")
    var expected = try #require(before.0.first { $0["id"] == .int(id) })
    expected["relationship_type"] = row["relationship_type"]
    #expect(push.without(row, []) == push.without(expected, []), "only the type changed")
    #expect(others(after.0, [id]) == others(before.0, [id]) && others(after.1, [back]) == others(before.1, [back]))
    #expect(push.writes(sandbox).filter { $0.hasPrefix("PUT") } == ["PUT /api/relationships/\(id) 200"])
    let work = try push.fetch(sandbox, "contacts", a)["information"]?["relationships"]?["work"]?["contacts"]
    #expect(work?.arrayValue?.contains { $0["relationship"]?["id"] == .int(id) } == true)

    try expectDeleted(sandbox, "relationships", id, as: "\"\(id)\"")
    #expect(try fetched(sandbox, "relationships --contact \(b)").allSatisfy { $0["id"] != .int(back) })
    #expect(try sh("monica-fetch relationships \(back)", env: push.env(sandbox)).status == 66)
  }

  /// Pushes `jq(record)` applied to a seeded record of `plural` fetched by id, and checks that the
  /// push printed the record as read back and left every other record of the kind as it was.
  /// Answers the sandbox, the record before and after.
  func pushEdit(_ plural: String, jq: (JSONObject) -> String) throws -> (Sandbox, JSONObject, JSONObject) {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let record = try seeded(sandbox, plural)
    let id = try #require(record["id"]?.intValue)
    let before = try fetched(sandbox, plural)
    let run = try sh("monica-fetch \(plural) \(id) | jq -c '\(jq(record))' | monica-push", env: push.env(sandbox))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let after = try push.fetch(sandbox, plural, id)
    #expect(try records(run.stdout).first?.objectValue == after)
    #expect(others(try fetched(sandbox, plural), [id]) == others(before, [id]), "another record changed")
    let put = try #require(sandbox.requests().last { $0["method"] == .string("PUT") })
    #expect(put["path"] == .string("/api/\(plural)/\(id)"))
    return (sandbox, record, after)
  }

  @Test("a life event's name and note changed by fetch | jq | push; other events untouched; delete")
  func lifeEvent() throws {
    let (sandbox, event, after) = try pushEdit("lifeevents") { _ in #".name = "Graduation" | .note = "cum laude""# }
    var expected = event
    (expected["name"], expected["note"]) = (.string("Graduation"), .string("cum laude"))
    #expect(push.without(after, []) == push.without(expected, []), "only the name and note changed")
    try expectDeleted(sandbox, "lifeevents", event["id"]?.intValue ?? 0, as: "\(event["id"]?.intValue ?? 0)")
  }

  @Test("a conversation's medium changed by fetch | jq | push keeps its messages; delete takes them along")
  func conversation() throws {
    let (sandbox, conversation, after) = try pushEdit("conversations") {
      ".contact_field_type.id = \($0["contact_field_type"]?["id"]?.intValue == 2 ? 1 : 2)"
    }
    #expect(after["contact_field_type"]?["id"] != conversation["contact_field_type"]?["id"])
    var expected = conversation
    expected["contact_field_type"] = after["contact_field_type"]
    #expect(push.without(after, []) == push.without(expected, []), "only the medium changed, messages kept")
    let id = conversation["id"]?.intValue ?? 0
    try expectDeleted(sandbox, "conversations", id, as: "\(id)")
  }

  @Test("Monica's refusals: 422 is 65 with its message, 404 is 66, a move is refused unsent, messages unpushable")
  func refusals() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let (a, b) = try push.contacts(sandbox)
    let event = try seeded(sandbox, "lifeevents")
    let eventID = try #require(event["id"]?.intValue)
    let conversation = try seeded(sandbox, "conversations")
    let conversationID = try #require(conversation["id"]?.intValue)
    func pushed(_ line: String, _ flags: String = "") throws -> ShellRun {
      try sh("monica-push \(flags)", env: push.env(sandbox), stdin: line + "\n")
    }
    let made = try pushed(
      #"{"object":"relationship","contact_is":{"id":\#(a)},"of_contact":{"id":\#(b)},"relationship_type":{"id":6}}"#)
    let rowID = try #require(try records(made.stdout).first?["id"]?.intValue, "\(made)")
    func expectFailure(_ run: ShellRun, _ status: Int32, _ message: String, _ line: Int = #line) {
      #expect(run.status == status && run.stdout.isEmpty, "line \(line): \(run)")
      #expect(run.stderr == "monica-push: error: stdin:1: \(message)\n", "line \(line)")
    }
    expectFailure(
      try pushed(#"{"object":"relationship","id":\#(rowID),"relationship_type":{"id":999}}"#), 65,
      "The selected relationship type id is invalid.")
    expectFailure(
      try pushed(#"{"object":"lifeevent","id":\#(eventID),"happened_at":"someday"}"#), 65,
      #"happened_at: The happened at is not a valid date. (date, UpdateLifeEvent.php:22), got "someday"; nothing was sent"#
    )
    expectFailure(try pushed(#"{"object":"lifeevent","id":99999,"name":"x"}"#), 66, "lifeevent #99999 was not found")
    expectFailure(
      try pushed(#"{"object":"relationship","id":99999}"#, "--delete --yes"), 65,
      "The selected relationship id is invalid.")
    let noType = try pushed(#"{"object":"conversation","id":\#(conversationID),"contact_field_type":{"id":99}}"#)
    #expect(noType.status == 66 && noType.stderr.contains("contact_field_type_id 99"), "\(noType)")
    let moved = try pushed(#"{"object":"lifeevent","id":\#(eventID),"contact":{"id":\#(b)}}"#)
    #expect(moved.status == 65 && moved.stderr.contains("lifeevent #\(eventID) cannot move"), "\(moved)")
    let message = try pushed(#"{"object":"message","id":1,"content":"x"}"#)
    #expect(message.status == 65 && message.stderr.contains("message records cannot be pushed"), "\(message)")
    #expect(
      push.writes(sandbox).dropFirst() == [
        "PUT /api/relationships/\(rowID) 422",
        "DELETE /api/relationships/99999 422",
        "PUT /api/conversations/\(conversationID) 404",
      ])
    #expect(try push.fetch(sandbox, "lifeevents", eventID) == event, "nothing changed")
  }

  @Test("--state keeps an update and a message's delete across a restart")
  func persisted() throws {
    let directory = NSTemporaryDirectory() + "push-relations-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let state = directory + "/state.ndjson"
    let first = try Sandbox.start(["--rate-limit", "0", "--contacts", "40", "--state", state])
    let conversation = try seeded(first, "conversations")
    let id = try #require(conversation["id"]?.intValue)
    let message = try #require(conversation["messages"]?.arrayValue?.first?["id"]?.intValue)
    let event = try seeded(first, "lifeevents")
    let eventID = try #require(event["id"]?.intValue)
    let run = try sh(
      #"echo '{"object":"lifeevent","id":\#(eventID),"name":"Kept"}' | monica-push >/dev/null && "#
        + #"curl -sf -X DELETE -H "Authorization: Bearer $MONICA_TOKEN" -H 'Accept: application/json' "#
        + #""$MONICA_URL/api/conversations/\#(id)/messages/\#(message)""#, env: push.env(first))
    #expect(run.status == 0 && run.stdout == #"{"deleted":true,"id":\#(message)}"#, "\(run)")
    first.stop()
    let second = try Sandbox.start(["--rate-limit", "0", "--state", state])
    defer { second.stop() }
    #expect(try push.fetch(second, "lifeevents", eventID)["name"] == .string("Kept"))
    let messages = try push.fetch(second, "conversations", id)["messages"]?.arrayValue ?? []
    #expect(messages.count == (conversation["messages"]?.arrayValue?.count ?? 0) - 1)
    #expect(messages.allSatisfy { $0["id"] != .int(message) })
  }
}
