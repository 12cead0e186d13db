import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's contact delete is Monica's soft delete (DestroyContact.php:52, SoftDeletes at
/// Contact.php:49): the contact's routes answer 404, what belonged to it stays listed with a null
/// contact until the contact is pruned (Contact.php:1585-1588).
extension SandboxAccountWritesTests {
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
