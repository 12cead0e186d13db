import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's contact delete is Monica's soft delete (DestroyContact.php:52, SoftDeletes at
/// Contact.php:49): the contact's routes answer 404, what belonged to it stays listed with a null
/// contact until the contact is pruned (Contact.php:1585-1588).
extension SandboxKindWritesTests {
  @Test("DELETE contacts: its notes, tasks, gifts, calls... stay, their contact null; a gift's recipient too")
  func deleteContactIsSoft() throws {
    let kinds = [RecordKind.note, .task, .gift, .photo, .call, .lifeEvent]
    // The active seeded contact with the most of these kinds of records (an archived one cannot
    // be deleted, Contact.php throwInactive).
    let counts = Dictionary(
      kinds.flatMap { kind in Set(contents[kind].all.compactMap { $0["contact"]?["id"]?.intValue }).map { ($0, 1) } },
      uniquingKeysWith: +)
    let gone = try #require(
      counts.filter {
        $0.key != 1 && $0.key != active && contents[.contact].records[$0.key]?["is_active"] == .bool(true)
      }.max { $0.value < $1.value }?.key)
    #expect((counts[gone] ?? 0) >= 3)
    let recipient = try send(
      "POST", "gifts", #"{"contact_id":\#(active),"recipient_id":\#(gone),"name":"A book","status":"idea"}"#)
    let gift = try #require(recipient.json["data"]?["id"]?.intValue)
    #expect(try send("DELETE", "contacts/\(gone)").status == 200)
    #expect(try send("GET", "contacts/\(gone)").status == 404)
    #expect(try send("GET", "contacts/\(gone)/notes").status == 404)
    for kind in kinds {
      let before = contents[kind].all.filter { $0["contact"]?["id"]?.intValue == gone }.compactMap { $0["id"] }
      for id in before.compactMap(\.intValue) {
        let shown = try send("GET", "\(kind.name)/\(id)")
        #expect(shown.status == 200 && shown.json["data"]?["contact"] == .null, "\(kind) #\(id): \(shown)")
      }
    }
    #expect(try send("GET", "gifts/\(gift)").json["data"]?["recipient"] == .null)
  }
}

/// A deleted contact keeps its row, so `exists:contacts,id` passes, and the service's
/// account-scoped look-up, which leaves soft-deleted rows out, fails: Monica answers 404, never a
/// 422, and writes nothing (e.g. CreateGift.php:22 then 50-51).
extension SandboxKindWritesTests {
  @Test("a write naming a deleted contact is a 404 after Monica's rules, and makes nothing")
  func writesNamingDeletedContact() throws {
    let gone = try #require(
      contents[.contact].all.first {
        $0["is_active"] == .bool(true) && $0["is_partial"] == .bool(false)
          && ![1, active].contains($0["id"]?.intValue ?? 0)
      }?["id"]?.intValue)
    #expect(try send("DELETE", "contacts/\(gone)").status == 200)
    let company = try send("POST", "companies", #"{"name":"Acme"}"#).json["data"]?["id"]?.intValue ?? 0
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    let writes: [(method: String, path: String, body: String, kind: RecordKind?)] = [
      ("POST", "gifts", #"{"contact_id":\#(gone),"name":"A book","status":"idea"}"#, .gift),
      ("POST", "gifts", #"{"contact_id":\#(active),"recipient_id":\#(gone),"name":"A book","status":"idea"}"#, .gift),
      (
        "POST", "reminders",
        #"{"contact_id":\#(gone),"title":"Call","initial_date":"2030-01-02","frequency_type":"one_time","frequency_number":1}"#,
        .reminder
      ),
      ("POST", "addresses", #"{"contact_id":\#(gone),"city":"Lyon"}"#, .address),
      ("POST", "contactfields", #"{"contact_id":\#(gone),"contact_field_type_id":1,"data":"a@example.com"}"#, nil),
      (
        "POST", "conversations", #"{"contact_id":\#(gone),"happened_at":"2024-05-06","contact_field_type_id":1}"#,
        .conversation
      ),
      ("POST", "occupations", #"{"contact_id":\#(gone),"company_id":\#(company),"title":"Pilot"}"#, .occupation),
      ("POST", "photos", #"{"contact_id":\#(gone),"data":"\#(png)"}"#, .photo),
      ("POST", "relationships", #"{"contact_is":\#(active),"of_contact":\#(gone),"relationship_type_id":1}"#, nil),
      ("POST", "me/contact", #"{"contact_id":\#(gone)}"#, nil),
      ("PUT", "contacts/\(gone)/work", #"{"job":"Pilot"}"#, nil),
      ("PUT", "contacts/\(gone)/food", #"{"food_preferences":"Tea"}"#, nil),
      ("PUT", "contacts/\(gone)/avatar", #"{"source":"default"}"#, nil),
      ("PUT", "contacts/\(active)/introduction", #"{"is_date_known":false,"met_through_contact_id":\#(gone)}"#, nil),
    ]
    for write in writes {
      let before = write.kind.map { kind in base.api.store.withState { $0.contents[kind].nextID } }
      let answer = try send(write.method, write.path, write.body)
      #expect(answer.status == 404, "\(write.method) \(write.path) \(write.body): \(answer)")
      #expect(
        answer.json
          == JSONValue.object(
            JSONObject([
              "error": .object(
                JSONObject(["message": .string("The resource has not been found"), "error_code": .int(31)]))
            ])))
      if let kind = write.kind {
        #expect(base.api.store.withState { $0.contents[kind].nextID } == before, "\(write.path) made a record")
      }
    }
    #expect(base.api.store.withState { $0.contents.user["me_contact"]?["id"]?.intValue } != gone)
    let introduced = try send("GET", "contacts/\(active)")
    #expect(introduced.json["data"]?["information"]?["how_you_met"]?["first_met_through_contact"]?["id"] != .int(gone))
    // A contact that never was is still the rule's 422.
    let never = try send("POST", "gifts", #"{"contact_id":999999,"name":"A book","status":"idea"}"#)
    #expect(never.status == 422)
  }
}
