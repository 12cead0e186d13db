import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's write routes do what Monica 4.1.2's controllers and services do.
@Suite("Sandbox writes")
struct SandboxWritesTests {
  let contents = SeedData.make(seed: 1, contacts: 60, baseURL: "http://h")
  let api: SandboxAPI

  init() {
    api = SandboxAPI(store: RecordStore(contents: contents), baseURL: "http://h")
  }

  /// Sends `body` to `route` and returns the status and the parsed answer.
  func send(_ method: String, _ path: String, _ body: String = "") throws -> (status: Int, json: JSONValue) {
    let segments = path.split(separator: "/").map(String.init)
    guard case .found(let route) = SandboxAPI.match(method: method, segments: segments) else {
      throw SandboxFailure(message: "no route \(method) \(path)")
    }
    let request = APIRequest(
      method: method, segments: segments, query: [:], body: Array(body.utf8), contentType: "application/json")
    let response = api.respond(route, request)
    return (response.status, try JSONValue(parsing: response.body))
  }

  /// A contact with items, and one that is archived.
  var active: Int {
    contents[.contact].all.first { $0["is_active"] == .bool(true) && $0["id"] != .int(1) }?["id"]?.intValue ?? 0
  }
  var archived: Int { contents[.contact].all.first { $0["is_active"] == .bool(false) }?["id"]?.intValue ?? 0 }

  @Test("POST /api/notes drops keys that are not fillable (Note::$fillable), as Laravel does")
  func noteExtraKeys() throws {
    let created = try send(
      "POST", "notes", #"{"body":"hi","contact_id":\#(active),"object":"note","url":"x","contact":{"id":1}}"#)
    #expect(created.status == 201)
    #expect(created.json["data"]?["body"] == .string("hi"))
    #expect(created.json["data"]?["contact"]?["id"]?.intValue == active)
  }

  @Test("POST /api/tasks ignores completed; PUT finds the task through contact_id and keeps its contact")
  func tasks() throws {
    let created = try send("POST", "tasks", #"{"title":"t","contact_id":\#(active),"completed":true}"#)
    #expect(created.status == 200)
    #expect(created.json["data"]?["completed"] == .bool(false))
    let id = try #require(created.json["data"]?["id"]?.intValue)
    let other = try send("PUT", "tasks/\(id)", #"{"title":"t","contact_id":\#(archived),"completed":true}"#)
    #expect(other.status == 404 && other.json["error"]?["error_code"]?.intValue == 31)
    let done = try send("PUT", "tasks/\(id)", #"{"title":"t2","contact_id":\#(active),"completed":true}"#)
    #expect(done.status == 200)
    #expect(done.json["data"]?["completed"] == .bool(true) && done.json["data"]?["completed_at"] != .null)
    let loose = try send("PUT", "tasks/\(id)", #"{"title":"t3","completed":false}"#)
    #expect(loose.json["data"]?["contact"]?["id"]?.intValue == active)
    #expect(loose.json["data"]?["completed_at"] == .null)
    let missing = try send("PUT", "tasks/\(id)", #"{"title":"t3"}"#)
    #expect(missing.status == 422)
  }

  @Test("an archived contact: 422 on update and gifts (code 32), Laravel's 422 on setTags")
  func archivedContact() throws {
    try #require(archived > 0)
    let body =
      #"{"first_name":"A","is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false}"#
    let update = try send("PUT", "contacts/\(archived)", body)
    #expect(update.status == 422)
    #expect(update.json["error"]?["message"] == .array([.string(StoreWriter.archivedMessage)]))
    let gift = try send("POST", "gifts", #"{"contact_id":\#(archived),"name":"g","status":"idea"}"#)
    #expect(gift.status == 422 && gift.json["error"]?["error_code"]?.intValue == 32)
    let tags = try send("POST", "contacts/\(archived)/setTags", #"{"tags":["x"]}"#)
    #expect(tags.status == 422 && tags.json["message"] == .string(StoreWriter.archivedMessage))
  }

  @Test("PUT /api/contacts: is_deceased must be sent, names left out are kept, the description cleared")
  func contactUpdate() throws {
    let before = try send("GET", "contacts/\(active)")
    let noDeath = try send(
      "PUT", "contacts/\(active)", #"{"first_name":"B","is_birthdate_known":false,"is_deceased_date_known":false}"#)
    #expect(noDeath.status == 500)
    let update = try send(
      "PUT", "contacts/\(active)",
      #"{"first_name":"B","is_birthdate_known":true,"birthdate_is_age_based":true,"birthdate_age":30,"#
        + #""is_deceased":false,"is_deceased_date_known":false}"#)
    #expect(update.status == 200)
    let record = try #require(update.json["data"])
    #expect(record["first_name"] == .string("B") && record["last_name"] == before.json["data"]?["last_name"])
    #expect(record["description"] == .null)
    #expect(record["information"]?["dates"]?["birthdate"]?["is_age_based"] == .bool(true))
  }

  @Test("PUT /api/activities with no emotions keeps them (UpdateActivity syncs only a non-empty list)")
  func activityEmotions() throws {
    let activity = try #require(contents[.activity].all.first { !($0["emotions"]?.arrayValue ?? []).isEmpty })
    let id = try #require(activity["id"]?.intValue)
    let attendees = (activity["attendees"]?["contacts"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
    let update = try send(
      "PUT", "activities/\(id)",
      #"{"summary":"s","happened_at":"2024-01-02","contacts":\#(attendees),"emotions":[]}"#)
    #expect(update.status == 200)
    #expect(update.json["data"]?["emotions"] == activity["emotions"])
  }

  @Test("faults can watch one method")
  func faultMethod() throws {
    #expect(
      try FaultRule(parsing: "500@1:POST:/api/notes")
        == FaultRule(effect: .status(500), schedule: .once(1), pathPrefix: "/api/notes", method: "POST"))
    #expect(throws: MonicaError.self) { try FaultRule(parsing: "500@1:PATCH:/api") }
    let injector = FaultInjector(rules: [try FaultRule(parsing: "429@2:PUT:/api")])
    #expect(injector.effect(for: "/api/tasks/1", method: "GET") == nil)
    #expect(injector.effect(for: "/api/tasks/1", method: "PUT") == nil)
    #expect(injector.effect(for: "/api/tasks/1", method: "GET") == nil)
    #expect(injector.effect(for: "/api/tasks/1", method: "PUT") == .status(429))
  }
}

/// A request the test could not make.
struct SandboxFailure: Error {
  let message: String
}
