import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

@testable import MonicaAPI

#if canImport(Glibc)
  import Glibc
#endif

/// `ResumePoint`: the one resume check of every writer over a map (the migration, `WritePlan`),
/// alone and through a migration against an in-memory sandbox.
@Suite struct ResumePointTests {
  /// A new journal in a fresh directory, with `lines` written first.
  func journal(_ lines: String = "") throws -> IDMap {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("map").path
    try lines.write(toFile: path, atomically: false, encoding: .utf8)
    return try IDMap(path: path)
  }

  @Test("a new map: nothing in doubt, no last record")
  func newMap() throws {
    let resume = ResumePoint(journal: try journal())
    #expect(!resume.isInDoubt("contact", source: 1) && !resume.isLast("contact", source: 1))
  }

  @Test("after a stopped run: the last create answered, and only the create sent and unanswered in doubt")
  func afterStop() throws {
    let map = try journal(
      "#floor\tcontact\t0\n#sent\tcontact\t1\ncontact\t1\t10\n#floor\tnote\t0\n#sent\tnote\t4\nnote\t4\t40\n"
        + "activitytype\t2\t3\n#sent\tnote\t5\n")
    let resume = ResumePoint(journal: map)
    #expect(resume.isLast("note", source: 4), "a matched line after it is no create")
    #expect(!resume.isLast("contact", source: 1) && !resume.isLast("activitytype", source: 2))
    #expect(resume.isInDoubt("note", source: 5))
    #expect(!resume.isInDoubt("note", source: 4) && !resume.isInDoubt("note", source: 6))
    #expect(!resume.isInDoubt("contact", source: 2), "not the first create: the one sent")
  }

  @Test("a map another tool filled (monica-import --map's matches) holds no create in doubt")
  func prefilledMap() throws {
    let resume = ResumePoint(journal: try journal("contact\t1\t10\ncontact\t2\t11\n"))
    #expect(!resume.isInDoubt("contact", source: 3) && !resume.isInDoubt("note", source: 1))
    #expect(!resume.isLast("contact", source: 2), "a match has no follow-up requests to finish")
  }

  @Test("a map of an older version (floors, no #sent line): its run's first create is in doubt, once")
  func olderMap() throws {
    let map = try journal("#floor\tnote\t0\ncontact\t1\t10\nnote\t4\t40\n")
    let resume = ResumePoint(journal: map)
    #expect(resume.isLast("note", source: 4))
    #expect(resume.isInDoubt("note", source: 9) && resume.isInDoubt("task", source: 1))
    try resume.sending("note", source: 9)
    #expect(!resume.isInDoubt("task", source: 1) && resume.isInDoubt("note", source: 9))
  }

  @Test("the create in doubt is looked up above the floor once, and what is found journaled")
  func adoptOnce() async throws {
    let map = try journal("#floor\tnote\t40\ncontact\t1\t10\n#sent\tnote\t7\n")
    let resume = ResumePoint(journal: map)
    var floors: [Int] = []
    let found = try await resume.adoptInDoubt("note", source: 7, journal: map) { (floor) throws(MonicaError) in
      floors.append(floor)
      return (target: 45, found: "the note")
    }
    #expect(found?.target == 45 && found?.found == "the note" && floors == [40])
    #expect(map.target(of: "note", source: 7) == 45 && !resume.isInDoubt("note", source: 7))
    let again = try await resume.adoptInDoubt("note", source: 8, journal: map) { (floor) throws(MonicaError) in
      floors.append(floor)
      return (target: 46, found: "another")
    }
    #expect(again == nil && floors == [40] && map.target(of: "note", source: 8) == nil)
    #expect(map.isSentUnanswered("note", source: 8), "the create about to be sent is journaled as sent")
    let reread = try IDMap(path: map.path)
    #expect(reread.isSentUnanswered("note", source: 8) && !reread.isSentUnanswered("note", source: 7))
    #expect(reread.lastCreated?.object == "note" && reread.lastCreated?.source == 7)
  }

  @Test("without a floor for the kind nothing is looked up: creating is the only safe answer")
  func noFloor() async throws {
    let map = try journal("contact\t1\t10\n#sent\tnote\t7\n")
    let resume = ResumePoint(journal: map)
    var asked = false
    let found = try await resume.adoptInDoubt("note", source: 7, journal: map) { (_) throws(MonicaError) in
      asked = true
      return (target: 45, found: ())
    }
    #expect(found == nil && !asked && map.count(of: "note") == 0)
  }

  /// A client of a new in-memory sandbox with three contacts, and the transport that sees its
  /// requests.
  func sandbox() throws -> (SandboxTransport, MonicaClient) {
    var configuration = SandboxConfiguration()
    configuration.contacts = 3
    configuration.rateLimiter = RateLimiter(limit: nil, window: 60)
    let transport = try SandboxTransport(configuration)
    return (transport, try transport.client())
  }

  /// A migration over `map`, its records' lines sent nowhere.
  func migration(_ client: MonicaClient, map: IDMap) -> Migration {
    let output = LineOutput(descriptor: open("/dev/null", O_WRONLY | O_CLOEXEC))
    return Migration(
      client: client, map: map, output: output, tool: "monica-push", keepGoing: false, today: CalendarDate.today())
  }

  /// A map as a run killed after its first note's create left it: the note's floor and its
  /// contact's line, and the target's contact the map names.
  func stoppedRun(_ client: MonicaClient) async throws -> (IDMap, Int) {
    let response = try await client.get("/contacts", query: [("limit", "1")], what: "contacts")
    var contact: Int?
    try PageEnvelope(response.body, request: "GET /api/contacts").forEachRecord { raw in
      contact = (try? JSONValue(parsing: Array(raw)))?["id"]?.intValue
      return false
    }
    let map = try journal()
    try map.append("contact", source: 1, target: try #require(contact))
    try map.appendFloor("note", 0)
    return (map, try #require(contact))
  }

  /// The note line the migration carries.
  let note = Array(
    #"{"object":"note","id":5,"body":"Met at the station","is_favorited":false,"contact":{"id":1}}"#.utf8)

  @Test("a resumed migration takes the note a killed run made but did not map: no second POST")
  func migrationAdopts() async throws {
    let (transport, client) = try sandbox()
    let (map, contact) = try await stoppedRun(client)
    // The stopped run's create, journaled as sent, whose answer never reached the map.
    try map.appendSent("note", source: 5)
    let body = JSONObject([
      "body": .string("Met at the station"), "contact_id": .int(contact), "is_favorited": .bool(false),
    ])
    let made = try await client.send(WriteRequest(.create, "/notes", body: body))
    let id = try #require(try JSONValue(parsing: Array(made.body))["data"]?["id"]?.intValue)
    let before = transport.exchanges.count
    try await migration(client, map: map).carry(note, source: "-", number: 1)
    #expect(map.target(of: "note", source: 5) == id)
    #expect(!transport.exchanges.dropFirst(before).contains { $0.method == "POST" })
  }

  @Test("a resumed migration whose note was not made creates it once")
  func migrationCreates() async throws {
    let (transport, client) = try sandbox()
    let (map, _) = try await stoppedRun(client)
    let before = transport.exchanges.count
    try await migration(client, map: map).carry(note, source: "-", number: 1)
    let posts = transport.exchanges.dropFirst(before).filter { $0.method == "POST" }
    #expect(posts.map(\.target) == ["/api/notes"])
    #expect(map.target(of: "note", source: 5) != nil)
  }

  @Test("a map monica-import filled before the run, and a create whose answer is lost: the re-run creates it once")
  func prefilledMapLostAnswer() async throws {
    var configuration = SandboxConfiguration()
    configuration.contacts = 3
    configuration.rateLimiter = RateLimiter(limit: nil, window: 60)
    // The note's POST is carried out at once and answered after 3 s; the client gives up at 0.5 s.
    configuration.faults = [
      FaultRule(effect: .late(3000), schedule: .once(1), pathPrefix: "/api/notes", method: "POST")
    ]
    let transport = try SandboxTransport(configuration, timeout: 0.5)
    let client = try transport.client()
    let response = try await client.get("/contacts", query: [("limit", "2")], what: "contacts")
    var contacts: [Int] = []
    try PageEnvelope(response.body, request: "GET /api/contacts").forEachRecord { raw in
      if let id = (try? JSONValue(parsing: Array(raw)))?["id"]?.intValue { contacts.append(id) }
      return true
    }
    // What `monica-import --map` writes for the cards that matched existing contacts.
    let map = try journal("contact\t1\t\(contacts[0])\ncontact\t2\t\(contacts[1])\n")
    await #expect(throws: MonicaError.self) {
      try await migration(client, map: map).carry(note, source: "-", number: 1)
    }
    #expect(transport.exchanges.filter { $0.method == "POST" }.count == 1)
    let resumed = try IDMap(path: map.path)
    try await migration(client, map: resumed).carry(note, source: "-", number: 1)
    let posts = transport.exchanges.filter { $0.method == "POST" }
    #expect(posts.count == 1, "found above the floor written before the first create, not made again: \(posts)")
    let notes = try await client.get("/contacts/\(contacts[0])/notes", query: [], what: "notes")
    var bodies: [String] = []
    try PageEnvelope(notes.body, request: "GET").forEachRecord { raw in
      if let body = (try? JSONValue(parsing: Array(raw)))?["body"]?.stringValue, body == "Met at the station" {
        bodies.append(body)
      }
      return true
    }
    #expect(bodies.count == 1)
    #expect(resumed.target(of: "note", source: 5) != nil)
  }
}
