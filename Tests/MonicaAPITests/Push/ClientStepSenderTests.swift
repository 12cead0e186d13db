import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

@testable import MonicaAPI

#if canImport(Glibc)
  import Glibc
#endif

/// `ClientStepSender`: each kind of step a `WritePlan` hands it, sent to an in-memory sandbox,
/// with the outcome of the answers a resumed run meets (a record already gone, one never made).
@Suite struct ClientStepSenderTests {
  /// A sender over a new in-memory sandbox with two contacts, its migration journaling into a
  /// fresh map; and the id of a contact.
  func sender() async throws -> (ClientStepSender, IDMap, Int) {
    var configuration = SandboxConfiguration()
    configuration.contacts = 2
    configuration.rateLimiter = RateLimiter(limit: nil, window: 60)
    let client = try SandboxTransport(configuration).client()
    let response = try await client.get("/contacts", query: [("limit", "1")], what: "contacts")
    var contact: Int?
    try PageEnvelope(response.body, request: "GET /api/contacts").forEachRecord { raw in
      contact = (try? JSONValue(parsing: Array(raw)))?["id"]?.intValue
      return false
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("sender-\(UUID().uuidString).tsv").path
    let map = try IDMap(path: path)
    let output = LineOutput(descriptor: open("/dev/null", O_WRONLY | O_CLOEXEC))
    let today = CalendarDate.today()
    let migration = Migration(
      client: client, map: map, output: output, tool: "monica-merge", keepGoing: false, today: today,
      resume: ResumePoint(journal: map))
    return (ClientStepSender(client: client, today: today, migration: migration), map, try #require(contact))
  }

  func request(_ verb: WriteRequest.Verb, _ path: String, body: JSONObject? = nil, target: Int) -> WriteStep {
    WriteStep(
      key: target, write: .request(WriteRequest(verb, path, body: body), what: path, target: target), journal: .none)
  }

  @Test("a delete of a record already gone is done; an update of one that is not there is its 404")
  func goneRecords() async throws {
    let (sender, _, _) = try await sender()
    let gone = try await sender.send(request(.delete, "/notes/999999", target: 999_999)) { _ throws(MonicaError) in }
    #expect(gone == 999_999)
    // An address's service validates `exists:addresses,id` first: its 422 is a record gone too.
    let address = try await sender.send(request(.delete, "/addresses/999999", target: 999_999)) {
      _ throws(MonicaError) in
    }
    #expect(address == 999_999)
    let body = JSONObject(["body": .string("x"), "contact_id": .int(1)])
    await #expect {
      _ = try await sender.send(request(.update, "/notes/999999", body: body, target: 999_999)) {
        _ throws(MonicaError) in
      }
    } throws: { error in
      guard case .notFound = error as? MonicaError else { return false }
      return true
    }
  }

  @Test("a carried record is made by the migration, its contact translated through the map and journaled")
  func carried() async throws {
    let (sender, map, contact) = try await sender()
    // The merged contact #777 of the source is the keeper `contact` here.
    try map.append("contact", source: 777, target: contact)
    let record = JSONObject([
      "id": .int(41), "title": .string("Send the photos"), "completed": .bool(false),
      "contact": .object(JSONObject(["id": .int(777)])),
    ])
    let step = WriteStep.carry(record, kind: .task, id: 41, place: "--keep \(contact)")
    #expect(step.journal == .bySender("task", resumes: false))
    let made = try #require(try await sender.send(step) { _ throws(MonicaError) in })
    #expect(map.target(of: "task", source: 41) == made)
    // A conversation journaled already is handed to the migration again, for its messages.
    let conversation = WriteStep.carry(JSONObject(), kind: .conversation, id: 5, place: "-")
    #expect(conversation.journal == .bySender("conversation", resumes: true))
  }
}
