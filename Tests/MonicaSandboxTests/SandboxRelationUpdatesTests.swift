import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's updates and deletes of relationships, life events, conversations and messages:
/// what Monica 4.1.2's services and controllers answer, and what they do to the rows beside.
extension SandboxAccountWritesTests {
  /// Archives a contact in the served store (the API has no route for it).
  func archive(_ id: Int) {
    base.api.store.withState { state in
      var contact = state.contents[.contact].records[id] ?? JSONObject()
      contact["is_active"] = .bool(false)
      state.contents[.contact].put(id, contact)
    }
  }

  /// Whether a record's contact at `key` is active in the seeded store.
  func onActive(_ record: JSONObject, _ key: String = "contact") -> Bool {
    record[key]?["id"]?.intValue.flatMap { contents[.contact].records[$0]?["is_active"] } == .bool(true)
  }

  /// A seeded conversation with messages, of an active contact.
  var threadOfActive: JSONObject? {
    contents[.conversation].all.first { !($0["messages"]?.arrayValue ?? []).isEmpty && onActive($0) }
  }

  /// `{"error":{"message":[...],"error_code":32}}` with these messages.
  func expectMessages(_ answer: (status: Int, json: JSONValue), _ messages: [String], _ line: Int = #line) {
    #expect(answer.status == 422, "line \(line): \(answer)")
    #expect(answer.json["error"]?["error_code"] == .int(32), "line \(line)")
    #expect(answer.json["error"]?["message"] == .array(messages.map(JSONValue.string)), "line \(line)")
  }

  /// A contact's `information.relationships` as (group, relationship id, type name, other contact).
  func shown(_ contact: Int) throws -> [(String, Int, String, Int)] {
    let groups = try send("GET", "contacts/\(contact)").json["data"]?["information"]?["relationships"]?.objectValue
    return (groups?.members ?? []).flatMap { group in
      (group.value["contacts"]?.arrayValue ?? []).map {
        (
          group.key, $0["relationship"]?["id"]?.intValue ?? 0, $0["relationship"]?["name"]?.stringValue ?? "",
          $0["contact"]?["id"]?.intValue ?? 0
        )
      }
    }
  }

  @Test("PUT relationships: the row and its reverse take the new type and its reverse, both contacts show it")
  func updateRelationship() throws {
    let (a, b) = (active, other)
    let made = try send("POST", "relationships", #"{"contact_is":\#(a),"of_contact":\#(b),"relationship_type_id":3}"#)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let back = try #require(try rows(of: b).first { $0.1 == a }?.2)
    let untouched = contents[.relationship].all.filter { $0["id"] != .int(id) && $0["id"] != .int(back) }
    // colleague (8) is its own reverse: child -> colleague, parent -> colleague.
    let moved = try send("PUT", "relationships/\(id)", #"{"relationship_type_id":8}"#)
    #expect(moved.status == 200, "\(moved.json)")
    #expect(moved.json["data"]?["relationship_type"]?["name"] == .string("colleague"))
    #expect(moved.json["data"]?["contact_is"] == made.json["data"]?["contact_is"])
    #expect(try send("GET", "relationships/\(id)").json["data"] == moved.json["data"])
    #expect(try rows(of: b).first { $0.2 == back }?.0 == "colleague")
    #expect(try shown(a).filter { $0.1 == id }.map { "\($0.0) \($0.2) \($0.3)" } == ["work colleague \(b)"])
    #expect(try shown(b).filter { $0.1 == back }.map { "\($0.0) \($0.2) \($0.3)" } == ["work colleague \(a)"])
    #expect(try shown(a).filter { $0.0 == "family" && $0.1 == id }.isEmpty)
    // boss (9) names a reverse the account lacks (subordinate): the reverse row keeps its type.
    let boss = try send("PUT", "relationships/\(id)", #"{"relationship_type_id":9}"#)
    #expect(boss.json["data"]?["relationship_type"]?["name"] == .string("boss"))
    #expect(try rows(of: b).first { $0.2 == back }?.0 == "colleague")
    // From boss, the reverse is looked for as a subordinate row: none, so it stays as it is.
    _ = try send("PUT", "relationships/\(id)", #"{"relationship_type_id":6}"#)
    #expect(try rows(of: a).first { $0.2 == id }?.0 == "friend")
    #expect(try rows(of: b).first { $0.2 == back }?.0 == "colleague")
    let others = base.api.store.withState { state in
      state.contents[.relationship].all.filter { $0["id"] != .int(id) && $0["id"] != .int(back) }
    }
    #expect(others == untouched, "no other row changed")
  }

  @Test("PUT relationships: the same type writes nothing; 422 in Monica's words; an archived contact_is")
  func updateRelationshipRefusals() throws {
    let row = try #require(contents[.relationship].all.first { onActive($0, "contact_is") })
    let id = try #require(row["id"]?.intValue)
    let type = try #require(row["relationship_type"]?["id"]?.intValue)
    let same = try send("PUT", "relationships/\(id)", #"{"relationship_type_id":\#(type)}"#)
    #expect(same.status == 200 && same.json["data"] == .object(row), "a clean model is not saved or touched")
    expectMessages(
      try send("PUT", "relationships/99999", #"{"relationship_type_id":3}"#),
      ["The selected relationship id is invalid."])
    expectMessages(try send("PUT", "relationships/\(id)", "{}"), ["The relationship type id field is required."])
    expectMessages(
      try send("PUT", "relationships/\(id)", #"{"relationship_type_id":999}"#),
      ["The selected relationship type id is invalid."])
    expectMessages(
      try send("PUT", "relationships/x", #"{"relationship_type_id":"y"}"#),
      [
        "The relationship id must be an integer.", "The selected relationship id is invalid.",
        "The relationship type id must be an integer.", "The selected relationship type id is invalid.",
      ])
    archive(try #require(row["contact_is"]?["id"]?.intValue))
    expectMessages(
      try send("PUT", "relationships/\(id)", #"{"relationship_type_id":6}"#), [StoreWriter.archivedMessage])
  }

  @Test("DELETE relationships: the reverse goes too, the id answers as a string, then 422 as Monica")
  func deleteRelationship() throws {
    let (a, b) = (active, other)
    let made = try send("POST", "relationships", #"{"contact_is":\#(a),"of_contact":\#(b),"relationship_type_id":5}"#)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let before = (try rows(of: a).count, try rows(of: b).count)
    let gone = try send("DELETE", "relationships/\(id)")
    #expect(gone.status == 200)
    #expect(gone.json == .object(JSONObject(["deleted": .bool(true), "id": .string("\(id)")])))
    #expect(try rows(of: a).count == before.0 - 1 && rows(of: b).count == before.1 - 1)
    #expect(try shown(a).allSatisfy { $0.1 != id } && shown(b).allSatisfy { $0.3 != a })
    expectMessages(try send("DELETE", "relationships/\(id)"), ["The selected relationship id is invalid."])
    let row = try #require(contents[.relationship].all.first { onActive($0, "contact_is") })
    archive(try #require(row["contact_is"]?["id"]?.intValue))
    expectMessages(try send("DELETE", "relationships/\(row["id"]?.intValue ?? 0)"), [StoreWriter.archivedMessage])
  }

  @Test("DELETE relationships: a partial contact with no row left goes too (DestroyRelationship.php:139-157)")
  func deletePartialsRelationship() throws {
    let partials = Set(
      contents[.contact].all.filter { $0["is_partial"] == .bool(true) }.compactMap { $0["id"]?.intValue })
    let row = try #require(
      contents[.relationship].all.first {
        partials.contains($0["of_contact"]?["id"]?.intValue ?? 0) && onActive($0, "contact_is")
      })
    let partial = try #require(row["of_contact"]?["id"]?.intValue)
    let owner = try #require(row["contact_is"]?["id"]?.intValue)
    #expect(try send("GET", "contacts/\(partial)").status == 200)
    #expect(try send("DELETE", "relationships/\(row["id"]?.intValue ?? 0)").status == 200)
    #expect(try send("GET", "contacts/\(partial)").status == 404)
    #expect(try shown(owner).allSatisfy { $0.3 != partial })
    let left = base.api.store.withState { state in
      state.contents[.relationship].all.filter {
        $0["contact_is"]?["id"]?.intValue == partial || $0["of_contact"]?["id"]?.intValue == partial
      }
    }
    #expect(left.isEmpty, "the reverse row went with it")
  }

  @Test("DELETE contacts: its relationships both ways go, through DestroyRelationship (DestroyContact.php:64-86)")
  func deleteContactsRelationships() throws {
    let (a, b) = (active, other)
    _ = try send("POST", "relationships", #"{"contact_is":\#(a),"of_contact":\#(b),"relationship_type_id":3}"#)
    #expect(try rows(of: a).contains { $0.1 == b })
    #expect(try send("DELETE", "contacts/\(b)").status == 200)
    #expect(try rows(of: a).allSatisfy { $0.1 != b })
    #expect(try shown(a).allSatisfy { $0.3 != b })
    let left = base.api.store.withState { state in
      state.contents[.relationship].all.filter {
        $0["contact_is"]?["id"]?.intValue == b || $0["of_contact"]?["id"]?.intValue == b
      }
    }
    #expect(left.isEmpty)
  }

  @Test("PUT lifeevents changes date, type, name and note, never the contact; 404, 422, 500 as Monica")
  func updateLifeEvent() throws {
    let event = try #require(contents[.lifeEvent].all.first { onActive($0) })
    let id = try #require(event["id"]?.intValue)
    let body =
      #"{"life_event_type_id":10,"happened_at":"2018-02-03","name":"Wedding","note":"in June","contact_id":99999}"#
    let updated = try send("PUT", "lifeevents/\(id)", body)
    #expect(updated.status == 200, "\(updated.json)")
    let record = try #require(updated.json["data"]?.objectValue)
    #expect(record.keys == event.keys)
    #expect(record["name"] == .string("Wedding") && record["note"] == .string("in June"))
    #expect(record["happened_at"] == .string("2018-02-03T00:00:00Z"))
    #expect(record["life_event_type"]?["id"] == .int(10) && record["contact"] == event["contact"])
    #expect(record["uuid"] == event["uuid"] && record["created_at"] == event["created_at"])
    #expect(try send("GET", "lifeevents/\(id)").json["data"] == .object(record))
    #expect(try send("PUT", "lifeevents/99999", body).status == 404)
    #expect(try send("PUT", "lifeevents/\(id)", body.replacingOccurrences(of: ":10,", with: ":999,")).status == 404)
    expectMessages(
      try send("PUT", "lifeevents/\(id)", #"{"name":"x","note":null}"#),
      ["The life event type id field is required.", "The happened at field is required."])
    expectMessages(
      try send("PUT", "lifeevents/\(id)", body.replacingOccurrences(of: "2018-02-03", with: "soon")),
      ["The happened at is not a valid date."])
    let noNote = try send("PUT", "lifeevents/\(id)", #"{"life_event_type_id":10,"happened_at":"2018-02-03"}"#)
    #expect(noNote.status == 500, "name and note are read unguarded")
    #expect(try send("GET", "lifeevents/\(id)").json["data"] == .object(record), "nothing changed by the refusals")
  }

  @Test("DELETE lifeevents: the id as a number; 404 after; an archived contact is Laravel's uncaught 422")
  func deleteLifeEvent() throws {
    let event = try #require(contents[.lifeEvent].all.first { onActive($0) })
    let id = try #require(event["id"]?.intValue)
    let gone = try send("DELETE", "lifeevents/\(id)")
    #expect(gone.json == .object(JSONObject(["deleted": .bool(true), "id": .int(id)])))
    #expect(try send("GET", "lifeevents/\(id)").status == 404)
    #expect(try send("DELETE", "lifeevents/\(id)").status == 404)
    let next = try #require(contents[.lifeEvent].all.first { $0["id"] != .int(id) && onActive($0) })
    archive(try #require(next["contact"]?["id"]?.intValue))
    let refused = try send("DELETE", "lifeevents/\(next["id"]?.intValue ?? 0)")
    #expect(refused.status == 422 && refused.json["message"] == .string(StoreWriter.archivedMessage))
    #expect(try send("DELETE", "lifeevents/x").status == 500, "destroy(int $lifeEventId): a TypeError")
  }

  @Test(
    "DELETE lifeevents takes the reminder the event made along (DestroyLifeEvent.php:49-54); --state keeps the link")
  func deleteLifeEventsReminder() throws {
    let body =
      #"{"contact_id":\#(active),"life_event_type_id":10,"happened_at":"2019-06-01","name":"Wedding","note":null,"#
      + #""has_reminder":true,"happened_at_month_unknown":false,"happened_at_day_unknown":false}"#
    let made = try send("POST", "lifeevents", body)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let link = base.api.store.withState { $0.contents.lifeEventReminders[id] }
    let reminder = try #require(link)
    #expect(try send("GET", "reminders/\(reminder)").json["data"]?["title"] == .string("Marriage"))
    let path = NSTemporaryDirectory() + "lifeevent-reminders-\(UUID().uuidString).ndjson"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try base.api.store.withState { try StoreFile.save($0.contents, baseURL: "http://h", to: path) }
    #expect(try StoreFile.load(path).contents.lifeEventReminders == [id: reminder])
    let other = try send(
      "POST", "lifeevents", body.replacingOccurrences(of: #""has_reminder":true"#, with: #""has_reminder":false"#))
    let otherID = try #require(other.json["data"]?["id"]?.intValue)
    let reminders = try send("GET", "reminders").json["meta"]?["total"]?.intValue
    #expect(try send("DELETE", "lifeevents/\(otherID)").status == 200)
    #expect(try send("GET", "reminders").json["meta"]?["total"]?.intValue == reminders, "no reminder, none deleted")
    #expect(try send("DELETE", "lifeevents/\(id)").status == 200)
    #expect(try send("GET", "reminders/\(reminder)").status == 404)
  }

  @Test("PUT conversations changes the date and the medium, keeps the messages; 422 for an unknown id, 404 type")
  func updateConversation() throws {
    let conversation = try #require(threadOfActive)
    let id = try #require(conversation["id"]?.intValue)
    let updated = try send(
      "PUT", "conversations/\(id)", #"{"happened_at":"2020-01-02 03:04:05","contact_field_type_id":3}"#)
    #expect(updated.status == 200, "\(updated.json)")
    let record = try #require(updated.json["data"]?.objectValue)
    #expect(record.keys == conversation.keys)
    #expect(record["happened_at"] == .string("2020-01-02T03:04:05Z"))
    #expect(record["contact_field_type"]?["name"] == .string("Facebook"))
    #expect(record["messages"] == conversation["messages"] && record["contact"] == conversation["contact"])
    #expect(try send("GET", "conversations/\(id)").json["data"] == .object(record))
    expectMessages(
      try send("PUT", "conversations/99999", #"{"happened_at":"2020-01-02","contact_field_type_id":3}"#),
      ["The selected conversation id is invalid."])
    expectMessages(
      try send("PUT", "conversations/\(id)", "{}"),
      ["The happened at field is required.", "The contact field type id field is required."])
    let noType = try send("PUT", "conversations/\(id)", #"{"happened_at":"2020-01-02","contact_field_type_id":99}"#)
    #expect(noType.status == 404 && noType.json["error"]?["error_code"] == .int(31))
    archive(try #require(conversation["contact"]?["id"]?.intValue))
    expectMessages(
      try send("PUT", "conversations/\(id)", #"{"happened_at":"2020-01-02","contact_field_type_id":3}"#),
      [StoreWriter.archivedMessage])
  }

  @Test("DELETE conversations: its messages go with it, the id as a number; then 422, as the rule says exists")
  func deleteConversation() throws {
    let conversation = try #require(threadOfActive)
    let id = try #require(conversation["id"]?.intValue)
    let message = try #require(conversation["messages"]?.arrayValue?.first?["id"]?.intValue)
    let gone = try send("DELETE", "conversations/\(id)")
    #expect(gone.json == .object(JSONObject(["deleted": .bool(true), "id": .int(id)])))
    #expect(try send("GET", "conversations/\(id)").status == 404)
    let body = #"{"written_at":"2020-01-01","written_by_me":true,"content":"x"}"#
    #expect(try send("PUT", "conversations/\(id)/messages/\(message)", body).status == 404)
    expectMessages(try send("DELETE", "conversations/\(id)"), ["The selected conversation id is invalid."])
    #expect(try send("DELETE", "conversations/x").status == 500)
  }

  @Test("PUT and DELETE a message: the conversation's own only (404 otherwise), the whole conversation answered")
  func messages() throws {
    let made = try send(
      "POST", "conversations", #"{"happened_at":"2021-05-06","contact_id":\#(active),"contact_field_type_id":1}"#)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    var ids: [Int] = []
    for text in ["one", "two"] {
      let answer = try send(
        "POST", "conversations/\(id)/messages",
        #"{"written_at":"2021-05-06","written_by_me":true,"content":"\#(text)"}"#)
      ids.append(answer.json["data"]?["messages"]?.arrayValue?.last?["id"]?.intValue ?? 0)
    }
    let before = try #require(try send("GET", "conversations/\(id)").json["data"]?["messages"]?.arrayValue)
    let body = #"{"written_at":"2021-05-07 08:09:10","written_by_me":"0","content":"uno","contact_id":1}"#
    let updated = try send("PUT", "conversations/\(id)/messages/\(ids[0])", body)
    #expect(updated.status == 200, "\(updated.json)")
    let messages = try #require(updated.json["data"]?["messages"]?.arrayValue)
    #expect(messages.count == 2 && messages[1] == before[1])
    #expect(messages[0]["content"] == .string("uno") && messages[0]["written_by_me"] == .bool(false))
    #expect(messages[0]["written_at"] == .string("2021-05-07T08:09:10Z"))
    #expect(messages[0]["contact"] == before[0]["contact"] && messages[0]["uuid"] == before[0]["uuid"])
    #expect(try send("GET", "conversations/\(id)").json["data"] == updated.json["data"])
    // Another conversation's message, or an unknown one, is not found (UpdateMessage.php:55-58).
    let firsts = contents[.conversation].all.compactMap { $0["messages"]?.arrayValue?.first?["id"]?.intValue }
    let foreign = try #require(firsts.first)
    #expect(try send("PUT", "conversations/\(id)/messages/\(foreign)", body).status == 404)
    #expect(try send("PUT", "conversations/\(id)/messages/99999", body).status == 404)
    #expect(try send("PUT", "conversations/99999/messages/\(ids[0])", body).status == 404)
    #expect(try send("DELETE", "conversations/\(id)/messages/\(foreign)").status == 404)
    expectMessages(
      try send("PUT", "conversations/\(id)/messages/\(ids[0])", #"{"written_by_me":2}"#),
      [
        "The written at field is required.", "The written by me field must be true or false.",
        "The content field is required.",
      ])
    #expect(try send("PUT", "conversations/\(id)/messages/x", body).status == 500)
    let gone = try send("DELETE", "conversations/\(id)/messages/\(ids[1])")
    #expect(gone.json == .object(JSONObject(["deleted": .bool(true), "id": .int(ids[1])])))
    #expect(try send("GET", "conversations/\(id)").json["data"]?["messages"]?.arrayValue?.count == 1)
    #expect(try send("DELETE", "conversations/\(id)/messages/\(ids[1])").status == 404)
    archive(active)
    expectMessages(try send("PUT", "conversations/\(id)/messages/\(ids[0])", body), [StoreWriter.archivedMessage])
    expectMessages(try send("DELETE", "conversations/\(id)/messages/\(ids[0])"), [StoreWriter.archivedMessage])
  }

  @Test("a message's route takes PUT, PATCH and DELETE; GET is a 405 naming them (routes/api.php:84)")
  func messageRoutes() {
    let segments = ["conversations", "4", "messages", "7"]
    #expect(SandboxAPI.match(method: "PUT", segments: segments) == .found(.updateMessage("4", "7")))
    #expect(SandboxAPI.match(method: "PATCH", segments: segments) == .found(.updateMessage("4", "7")))
    #expect(SandboxAPI.match(method: "DELETE", segments: segments) == .found(.deleteMessage("4", "7")))
    #expect(
      SandboxAPI.match(method: "GET", segments: segments)
        == .methodNotAllowed(used: "GET", allowed: ["PUT", "PATCH", "DELETE"]))
  }
}
