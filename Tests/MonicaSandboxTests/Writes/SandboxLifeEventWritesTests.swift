import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates, updates and deletes of life events, down to Monica 4.1.2's status codes.
extension SandboxKindWritesTests {
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
}
