import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates of relationships, life events, conversations and messages: what Monica
/// 4.1.2's services and controllers do, down to the status codes.
extension SandboxAccountWritesTests {
  /// Another active contact than `active`.
  var other: Int {
    contents[.contact].all.first {
      $0["is_active"] == .bool(true) && $0["is_partial"] == .bool(false) && $0["id"]?.intValue != active
        && $0["id"] != .int(1)
    }?["id"]?.intValue ?? 0
  }

  /// The relationships the contact's route lists: (type name, other contact, id).
  func rows(of contact: Int) throws -> [(String, Int, Int)] {
    try send("GET", "contacts/\(contact)/relationships").json["data"]?.arrayValue?.map {
      (
        $0["relationship_type"]?["name"]?.stringValue ?? "", $0["of_contact"]?["id"]?.intValue ?? 0,
        $0["id"]?.intValue ?? 0
      )
    } ?? []
  }

  @Test("seeded relationships come in pairs, each row with its reverse, as CreateRelationship makes them")
  func seededPairs() throws {
    let all = contents[.relationship].all
    #expect(!all.isEmpty)
    for row in all {
      let from = row["contact_is"]?["id"], to = row["of_contact"]?["id"]
      let name = row["relationship_type"]?["name"]?.stringValue ?? ""
      let reverse = row["relationship_type"]?["name_reverse_relationship"]?.stringValue
      #expect(
        all.contains {
          $0["contact_is"]?["id"] == to && $0["of_contact"]?["id"] == from
            && $0["relationship_type"]?["name"]?.stringValue == reverse
        }, "\(name) #\(row["id"]?.intValue ?? 0) has no reverse row")
    }
  }

  @Test("a relationship: 201, the reverse row made too, both contacts show it; 404 and 422 as Monica")
  func relationship() throws {
    let (a, b) = (active, other)
    let before = (try rows(of: a).count, try rows(of: b).count)
    // child (3) has parent (4) as its reverse.
    let made = try send("POST", "relationships", #"{"contact_is":\#(a),"of_contact":\#(b),"relationship_type_id":3}"#)
    #expect(made.status == 201, "\(made.json)")
    #expect(made.json["data"]?["contact_is"]?["id"]?.intValue == a)
    #expect(made.json["data"]?["relationship_type"]?["name"] == .string("child"))
    let id = try #require(made.json["data"]?["id"]?.intValue)
    #expect(try rows(of: a).count == before.0 + 1 && rows(of: a).contains { $0.2 == id && $0.1 == b })
    #expect(try rows(of: b).count == before.1 + 1 && rows(of: b).contains { $0.0 == "parent" && $0.1 == a })
    let contact = try send("GET", "contacts/\(b)").json["data"]
    let family = contact?["information"]?["relationships"]?["family"]?["contacts"]?.arrayValue ?? []
    #expect(family.contains { $0["contact"]?["id"]?.intValue == a && $0["relationship"]?["name"] == .string("parent") })
    let shown = try send("GET", "relationships/\(id)")
    #expect(shown.status == 200 && shown.json["data"] == made.json["data"])
    let missing = try send("POST", "relationships", #"{"contact_is":\#(a),"of_contact":\#(b)}"#)
    #expect(missing.status == 422)
    #expect(missing.json["error"]?["message"] == .array([.string("The relationship type id field is required.")]))
    let unknown = try send(
      "POST", "relationships", #"{"contact_is":\#(a),"of_contact":99999,"relationship_type_id":3}"#)
    #expect(unknown.status == 422)
    #expect(unknown.json["error"]?["message"] == .array([.string("The selected of contact is invalid.")]))
    let onArchived = try send(
      "POST", "relationships", #"{"contact_is":\#(archived),"of_contact":\#(b),"relationship_type_id":6}"#)
    #expect(onArchived.status == 422)
  }

  @Test("a life event: 200 (a fresh find, not a model just made), its type embedded; name and note must be sent")
  func lifeEvent() throws {
    let body =
      #"{"contact_id":\#(active),"life_event_type_id":10,"happened_at":"2019-06-01","name":"Wedding","note":null,"#
      + #""has_reminder":false,"happened_at_month_unknown":false,"happened_at_day_unknown":false}"#
    let made = try send("POST", "lifeevents", body)
    #expect(made.status == 200, "\(made.json)")
    let record = try #require(made.json["data"]?.objectValue)
    let seeded = try #require(contents[.lifeEvent].all.first)
    #expect(record.members.map(\.key) == seeded.members.map(\.key))
    #expect(record["happened_at"] == .string("2019-06-01T00:00:00Z"))
    #expect(record["life_event_type"]?["default_life_event_type_key"] == .string("marriage"))
    #expect(record["life_event_type"]?["life_event_category"]?["name"] == .string("Family & relationships"))
    let unknownType = try send("POST", "lifeevents", body.replacingOccurrences(of: ":10,", with: ":999,"))
    #expect(unknownType.status == 404)
    let noName = try send("POST", "lifeevents", body.replacingOccurrences(of: #""name":"Wedding","#, with: ""))
    #expect(noName.status == 500)
    let noFlags = try send(
      "POST", "lifeevents", #"{"contact_id":\#(active),"life_event_type_id":10,"happened_at":"2019-06-01"}"#)
    #expect(noFlags.status == 422)
    #expect(noFlags.json["error"]?["message"]?.arrayValue?.count == 3)
    let reminders = contents[.reminder].all.count
    _ = try send(
      "POST", "lifeevents", body.replacingOccurrences(of: #""has_reminder":false"#, with: #""has_reminder":true"#))
    let listed = try send("GET", "reminders", "").json["meta"]?["total"]?.intValue
    #expect(listed == reminders + 1, "has_reminder makes a yearly reminder")
  }

  @Test("a conversation: 201 with no messages; each message answers the whole conversation, 200")
  func conversation() throws {
    let made = try send(
      "POST", "conversations",
      #"{"happened_at":"2021-05-06T07:08:09Z","contact_id":\#(active),"contact_field_type_id":1}"#)
    #expect(made.status == 201, "\(made.json)")
    let id = try #require(made.json["data"]?["id"]?.intValue)
    #expect(made.json["data"]?["messages"] == .array([]))
    #expect(made.json["data"]?["contact_field_type"]?["name"] == .string("Email"))
    var ids: [Int] = []
    for (offset, text) in ["Hello", "Bonjour 👋"].enumerated() {
      let message = try send(
        "POST", "conversations/\(id)/messages",
        #"{"written_at":"2021-05-06T07:1\#(offset):00Z","written_by_me":\#(offset == 0),"content":"\#(text)"}"#)
      #expect(message.status == 200, "\(message.json)")
      let messages = message.json["data"]?["messages"]?.arrayValue ?? []
      #expect(messages.count == offset + 1 && messages.last?["content"] == .string(text))
      ids.append(messages.last?["id"]?.intValue ?? 0)
    }
    #expect(ids[1] > ids[0])
    let extra = try send(
      "POST", "conversations",
      #"{"happened_at":"2021-05-06","contact_id":\#(active),"contact_field_type_id":1,"messages":[]}"#)
    #expect(extra.status == 500 && extra.json["error"]?["error_code"]?.intValue == 40)
    let noType = try send(
      "POST", "conversations", #"{"happened_at":"2021-05-06","contact_id":\#(active),"contact_field_type_id":999}"#)
    #expect(noType.status == 422)
    let badMessage = try send("POST", "conversations/\(id)/messages", #"{"content":"x"}"#)
    #expect(badMessage.status == 422 && badMessage.json["error"]?["message"]?.arrayValue?.count == 2)
    #expect(try send("POST", "conversations/99999/messages", #"{"content":"x"}"#).status == 404)
  }
}
