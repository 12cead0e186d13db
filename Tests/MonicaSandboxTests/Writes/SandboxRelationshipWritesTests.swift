import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates, updates and deletes of relationships: what Monica 4.1.2's services and
/// controllers answer, and what they do to the reverse rows and the contacts beside.
extension SandboxKindWritesTests {
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
}
