import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's writes kind by kind (each kind's tests in Sandbox<Kind>WritesTests.swift): Monica
/// 4.1.2's validation and answers, records in the shapes the reads serve; the shared fixture here.
@Suite("Sandbox writes, kind by kind")
struct SandboxKindWritesTests {
  /// The fixture of the first kinds' write tests: a seeded store, its API, `send`.
  let base = SandboxWritesTests()

  var contents: StoreContents { base.contents }

  var active: Int { base.active }

  var archived: Int { base.archived }

  func send(_ method: String, _ path: String, _ body: String = "") throws -> (status: Int, json: JSONValue) {
    try base.send(method, path, body)
  }

  /// The created record has the members, in the order, of a seeded one, and GET answers it.
  func expectServedShape(_ kind: RecordKind, _ created: JSONValue) throws {
    let seeded = try #require(contents[kind].all.first, "no seeded \(kind.object)")
    let record = try #require(created["data"]?.objectValue)
    #expect(record.members.map(\.key) == seeded.members.map(\.key), "\(kind.object)")
    let id = try #require(record["id"]?.intValue)
    let shown = try send("GET", "\(kind.name)/\(id)")
    #expect(shown.status == 200 && shown.json["data"] == created["data"])
  }
}

/// Helpers of the relationship, life event and conversation tests.
extension SandboxKindWritesTests {
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
}
