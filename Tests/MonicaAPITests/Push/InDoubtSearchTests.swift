import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

@testable import MonicaAPI

/// `InDoubtSearch`: the one chooser of the record a create in doubt made, shared by the migration
/// (`Migration.adopt`) and `WritePlan`'s sender (`ClientStepSender.findCreated`).
@Suite struct InDoubtSearchTests {
  /// A page of notes with these ids and bodies.
  func page(_ notes: [(Int, String)]) throws -> PageEnvelope {
    let records = notes.map { #"{"id":\#($0.0),"object":"note","body":"\#($0.1)","is_favorited":false}"# }
    return try PageEnvelope(Data(#"{"data":[\#(records.joined(separator: ","))]}"#.utf8), request: "GET /api/notes")
  }

  @Test("the highest id above the floor that no map line names and that matches is chosen")
  func chooses() throws {
    let notes = try page([(3, "a"), (12, "a"), (9, "a"), (15, "a"), (14, "b")])
    let found = InDoubtSearch.choose(
      in: notes, above: 5, excluding: { $0 == 15 }, matches: { $0["body"]?.stringValue == "a" })
    #expect(found?.target == 12)
    #expect(found?.found.1["id"]?.intValue == 12)
    #expect(found.map { String(decoding: $0.found.0, as: UTF8.self).contains(#""id":12"#) } == true)
  }

  @Test("nothing above the floor, or nothing that matches, is no record: the create is sent")
  func choosesNothing() throws {
    let notes = try page([(3, "a"), (4, "a")])
    #expect(InDoubtSearch.choose(in: notes, above: 4, excluding: { _ in false }, matches: { _ in true }) == nil)
    #expect(InDoubtSearch.choose(in: notes, above: 0, excluding: { _ in false }, matches: { _ in false }) == nil)
  }

  @Test("a candidate is compared as Monica stored the create: trimmed, write-only fields left out")
  func sameAsCreate() throws {
    let today = try #require(CalendarDate(year: 2026, month: 11, day: 25))
    let note = try #require(WriteMapping.named("note"))
    let sent = JSONObject(["body": .string("  Met at the station "), "contact": .object(JSONObject(["id": .int(4)]))])
    let matches = InDoubtSearch.sameAsCreate(of: sent, mapping: note, today: today)
    let stored = JSONObject([
      "body": .string("Met at the station"), "is_favorited": .bool(false),
      "contact": .object(JSONObject(["id": .int(4)])),
    ])
    #expect(matches(stored))
    var other = stored
    other["body"] = .string("Met at the bus stop")
    #expect(!matches(other))
    // A contact's gender_id is write-only: no record gives it back, so it cannot tell.
    let contact = try #require(WriteMapping.named("contact"))
    let person = JSONObject([
      "first_name": .string("Ada"), "gender_id": .int(3), "is_birthdate_known": .bool(false),
      "is_deceased": .bool(false), "is_deceased_date_known": .bool(false),
    ])
    let made = JSONObject(["first_name": .string("Ada"), "is_dead": .bool(false)])
    #expect(InDoubtSearch.sameAsCreate(of: person, mapping: contact, today: today)(made))
  }

  @Test("the migration and WritePlan's sender choose the same record among the target's newest")
  func oneChooser() async throws {
    var configuration = SandboxConfiguration()
    configuration.contacts = 2
    configuration.rateLimiter = RateLimiter(limit: nil, window: 60)
    let transport = try SandboxTransport(configuration)
    let client = try transport.client()
    let response = try await client.get("/contacts", query: [("limit", "1")], what: "contacts")
    var contact: Int?
    try PageEnvelope(response.body, request: "GET /api/contacts").forEachRecord { raw in
      contact = (try? JSONValue(parsing: Array(raw)))?["id"]?.intValue
      return false
    }
    let contactID = try #require(contact)
    let body = JSONObject(["body": .string("Twice"), "contact_id": .int(contactID), "is_favorited": .bool(false)])
    var made: [Int] = []
    for _ in 0..<3 {
      let answer = try await client.send(WriteRequest(.create, "/notes", body: body))
      made.append(try #require(try JSONValue(parsing: Array(answer.body))["data"]?["id"]?.intValue))
    }
    // The newest is already a map line's: the one in doubt is the next below it.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("indoubt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let map = try IDMap(path: directory.appendingPathComponent("map.tsv").path)
    try map.append("note", source: 99, target: made[2])
    let today = CalendarDate.today()
    let note = try #require(WriteMapping.named("note"))
    let record = JSONObject([
      "body": .string("Twice"), "is_favorited": .bool(false), "contact": .object(JSONObject(["id": .int(contactID)])),
    ])
    let line = PushLine(record: record, mapping: note, action: .create, source: "-", number: 1)
    let sender = ClientStepSender(client: client, today: today)
    let bySender = try await sender.findCreated(
      WriteStep(key: 5, line: line), in: nil, above: made[0], excluding: { map.holds("note", target: $0) })
    let output = LineOutput(descriptor: open("/dev/null", O_WRONLY | O_CLOEXEC))
    let migration = Migration(
      client: client, map: map, output: output, tool: "monica-push", keepGoing: false, today: today)
    let byMigration = try await migration.adopt(
      .note, above: made[0], matches: InDoubtSearch.sameAsCreate(of: record, mapping: note, today: today))
    #expect(bySender == made[1])
    #expect(byMigration?.target == made[1])
  }
}
