import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

@testable import MonicaAPI

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An in-memory sandbox holding two records of one person (Ysolde, and Sol her double, with
/// records of every kind a merge moves but documents, whose bytes come over the network), her
/// friends Hugo and Ines, the pair Theodoric/Teddy, and the account's own contact; and a merge
/// run against it through the transport seam, in milliseconds.
struct MergeFixture {
  let transport: SandboxTransport
  let client: MonicaClient
  /// The account's own contact (`is_me`).
  let me: Int
  let ysolde: Int
  let sol: Int
  let hugo: Int
  let ines: Int
  let theodoric: Int
  let teddy: Int
  /// A fresh folder for the journal, the lock and the output.
  let folder: String

  /// A sandbox with no generated contacts and the people above, made through the API. With
  /// `document`, Sol also holds a document, whose link (this sandbox listens nowhere) cannot be
  /// downloaded: it is not carried, and Sol is left beside the keeper with a note.
  init(faults: [FaultRule] = [], document: Bool = false) async throws {
    var configuration = SandboxConfiguration()
    configuration.contacts = 0
    configuration.rateLimiter = RateLimiter(limit: nil, window: 60)
    configuration.faults = faults
    transport = try SandboxTransport(configuration)
    client = try transport.client(Self.policy)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let client = self.client
    func write(_ verb: WriteRequest.Verb, _ path: String, _ body: KeyValuePairs<String, JSONValue>) async throws -> Int
    {
      let response = try await client.send(WriteRequest(verb, path, body: JSONObject(body)))
      let answer = try JSONValue(parsing: Array(response.body))
      #expect(response.status < 300, "\(path): \(answer)")
      return answer["data"]?["id"]?.intValue ?? 0
    }
    func contact(_ first: String, _ last: String, nickname: String? = nil, born: Int? = nil) async throws -> Int {
      try await write(
        .create, "/contacts",
        [
          "first_name": .string(first), "last_name": .string(last), "nickname": nickname.map(JSONValue.string) ?? .null,
          "is_birthdate_known": .bool(born != nil), "birthdate_year": born.map(JSONValue.int) ?? .null,
          "birthdate_month": born.map { _ in .int(3) } ?? .null, "birthdate_day": born.map { _ in .int(4) } ?? .null,
          "is_deceased": .bool(false), "is_deceased_date_known": .bool(false),
        ])
    }
    func records(of id: Int, _ label: String, tag: String, email: String, phone: String, street: String) async throws {
      let owner = JSONValue.int(id)
      _ = try await write(
        .create, "/contactfields", ["contact_id": owner, "contact_field_type_id": .int(1), "data": .string(email)])
      _ = try await write(
        .create, "/contactfields", ["contact_id": owner, "contact_field_type_id": .int(2), "data": .string(phone)])
      _ = try await write(.create, "/notes", ["contact_id": owner, "body": .string("\(label): met at the conference")])
      _ = try await write(.create, "/tasks", ["contact_id": owner, "title": .string("\(label): send the photos")])
      let gift = try await write(
        .create, "/gifts", ["contact_id": owner, "name": .string("\(label): a book"), "status": .string("idea")])
      _ = try await write(
        .create, "/calls", ["contact_id": owner, "called_at": .string("2024-03-02"), "content": .string(label)])
      _ = try await write(
        .create, "/reminders",
        [
          "contact_id": owner, "title": .string("\(label): call back"), "initial_date": .string("2030-01-02"),
          "frequency_type": .string("one_time"), "frequency_number": .int(1),
        ])
      _ = try await write(
        .create, "/debts",
        [
          "contact_id": owner, "in_debt": .string("yes"), "status": .string("inprogress"), "amount": .int(12),
          "reason": .string(label),
        ])
      _ = try await write(
        .create, "/pets", ["contact_id": owner, "pet_category_id": .int(4), "name": .string("\(label) dog")])
      _ = try await write(
        .create, "/addresses",
        ["contact_id": owner, "street": .string(street), "city": .string("Lyon"), "country": .string("FR")])
      _ = try await write(
        .create, "/activities",
        ["summary": .string("\(label): lunch"), "happened_at": .string("2024-02-01"), "contacts": .array([owner])])
      _ = try await write(.setTags, "/contacts/\(id)/setTags", ["tags": .array([.string(tag)])])
      _ = try await write(
        .create, "/lifeevents",
        [
          "contact_id": owner, "life_event_type_id": .int(1), "happened_at": .string("2020-05-06"),
          "name": .string("\(label): new job"), "note": .null, "has_reminder": .bool(false),
          "happened_at_month_unknown": .bool(false), "happened_at_day_unknown": .bool(false),
        ])
      let talk = try await write(
        .create, "/conversations",
        ["contact_id": owner, "happened_at": .string("2024-05-06"), "contact_field_type_id": .int(1)])
      _ = try await write(
        .create, "/conversations/\(talk)/messages",
        ["written_at": .string("2024-05-06"), "written_by_me": .bool(true), "content": .string("\(label): hello")])
      let png = TinyImage.png(red: UInt8(label.count * 20), green: 0, blue: 0)
      let photo = try await write(
        .create, "/photos",
        [
          "contact_id": owner, "data": .string("data:image/png;base64," + Data(png).base64EncodedString()),
          "extension": .string("png"),
        ])
      _ = try await write(.update, "/contacts/\(id)/avatar", ["source": .string("photo"), "photo_id": .int(photo)])
      _ = try await write(.update, "/gifts/\(gift)/photo/\(photo)", [:])
    }
    me = try await contact("Mona", "Self")
    _ = try await write(.create, "/me/contact", ["contact_id": .int(me)])
    ysolde = try await contact("Ysolde", "Marchetti")
    try await records(
      of: ysolde, "Ysolde", tag: "family", email: "ysolde.marchetti@example.org", phone: "+33 6 12 34 56 78",
      street: "1 rue Neuve")
    _ = try await write(.create, "/notes", ["contact_id": .int(ysolde), "body": .string("Ysolde: likes jazz")])
    sol = try await contact("Ysolde", "Marchetti", nickname: "Sol", born: 1985)
    try await records(
      of: sol, "Sol", tag: "work", email: "YSOLDE.Marchetti@Example.org", phone: "+44 20 7946 0958",
      street: "9 quai Sud")
    _ = try await write(
      .create, "/activities",
      [
        "summary": .string("Lunch with both"), "happened_at": .string("2024-04-01"),
        "contacts": .array([.int(ysolde), .int(sol)]),
      ])
    if document {
      var upload = WriteRequest(.create, "/documents")
      upload.upload = MultipartBody(
        fields: [("contact_id", String(sol))], fileField: "document", filename: "lease.txt", mimeType: "text/plain",
        bytes: Array("Sol: the lease\n".utf8))
      let response = try await client.send(upload)
      #expect(response.status < 300, "the document")
    }
    hugo = try await contact("Hugo", "Lindqvist")
    ines = try await contact("Ines", "Carvalho")
    let types = try await Self.list(client, "/relationshiptypes")
    func relate(_ from: Int, _ to: Int, _ type: String) async throws {
      let id = types.first { $0["name"]?.stringValue == type }?["id"] ?? .null
      _ = try await write(
        .create, "/relationships", ["contact_is": .int(from), "of_contact": .int(to), "relationship_type_id": id])
    }
    try await relate(ysolde, hugo, "friend")
    try await relate(sol, hugo, "friend")
    try await relate(sol, ines, "colleague")
    try await relate(ysolde, sol, "sibling")
    _ = try await write(.update, "/contacts/\(sol)/work", ["job": .string("Pilot"), "company": .null])
    _ = try await write(.update, "/contacts/\(sol)/food", ["food_preferences": .string("No nuts")])
    _ = try await write(
      .update, "/contacts/\(sol)/introduction",
      ["general_information": .string("At the conference"), "is_date_known": .bool(false)])
    theodoric = try await contact("Theodoric", "Vasquez-Lund", nickname: "Teddy")
    _ = try await write(.create, "/notes", ["contact_id": .int(theodoric), "body": .string("Theodoric: owes a visit")])
    teddy = try await contact("Teddy", "Vasquez-Lund")
    _ = try await write(.create, "/notes", ["contact_id": .int(teddy), "body": .string("Teddy: new number")])
  }

  /// No waits between retries: a failed request fails at once.
  static var policy: ClientPolicy {
    var policy = ClientPolicy()
    policy.backoff = 0
    policy.retries = 0
    return policy
  }

  /// The line monica-dedupe writes for a group.
  static func line(keep: Int, merge: [Int], related: [Int] = [], extra: String = "") -> String {
    #"{"object":"duplicate","keep":\#(keep),"merge":[\#(merge.map(String.init).joined(separator: ","))],"#
      + #""related_from":[\#(related.map(String.init).joined(separator: ","))]\#(extra)}"#
  }

  /// The groups of the two real pairs, as monica-dedupe writes them.
  var groups: String {
    Self.line(keep: ysolde, merge: [sol], related: [hugo, ines]) + "\n" + Self.line(keep: theodoric, merge: [teddy])
      + "\n"
  }

  /// What a merge run printed and how it ended.
  struct Run {
    var lines: [JSONValue] = []
    var text: [String] = []
    var error: MonicaError?
  }

  /// Runs monica-merge's library entry point on `input` (dedupe lines) or `groups`, through
  /// `transport` (this fixture's by default), journaling into `journal` in the fixture's folder.
  func merge(
    _ input: String? = nil, groups given: [MergeGroup]? = nil, options: MergeOptions = Self.yes,
    through transport: (any ClientTransport)? = nil, confirm: ((String) -> Bool?)? = nil
  ) async throws -> Run {
    let environment = ToolEnvironment(variables: [
      "HOME": folder, "XDG_STATE_HOME": folder + "/state", "XDG_CONFIG_HOME": folder + "/config",
    ])
    var merger = Merger(options: options, environment: environment, profile: nil, policy: Self.policy)
    merger.confirm = confirm
    let inputPath = folder + "/groups-\(UUID().uuidString).ndjson"
    try (input ?? groups).write(toFile: inputPath, atomically: true, encoding: .utf8)
    let outputPath = folder + "/out-\(UUID().uuidString)"
    let descriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let output = LineOutput(descriptor: descriptor)
    let client = MonicaClient(
      credentials: try self.transport.credentials(), policy: Self.policy, transport: transport ?? self.transport)
    var run = Run()
    do {
      let groups = try given ?? merger.groups([InputSource(inputPath)])
      try await merger.run(groups, client: client, output: output)
    } catch let error as MonicaError {
      run.error = error
    }
    try? output.flush()
    close(descriptor)
    let text = try String(contentsOfFile: outputPath, encoding: .utf8)
    run.text = text.split(separator: "\n").map(String.init)
    run.lines = run.text.compactMap { try? JSONValue(parsing: $0) }
    return run
  }

  /// `--yes --journal <folder>/merge.journal`.
  static var yes: MergeOptions {
    var options = MergeOptions()
    options.yes = true
    return options
  }

  /// The options with the fixture's journal.
  func journaled(_ options: MergeOptions = Self.yes) -> MergeOptions {
    var options = options
    options.journal = folder + "/merge.journal"
    return options
  }

  /// Every record of a list, every page.
  static func list(_ client: MonicaClient, _ path: String) async throws -> [JSONValue] {
    var records: [JSONValue] = []
    var page = 1
    while true {
      let response = try await client.get(path, query: [("limit", "100"), ("page", String(page))], what: path)
      let envelope = try JSONValue(parsing: Array(response.body))
      records += envelope["data"]?.arrayValue ?? []
      guard let last = envelope["meta"]?["last_page"]?.intValue, page < last else { return records }
      page += 1
    }
  }

  /// Every contact's record and records of every kind a merge moves, with what differs between
  /// two runs of the same merge taken out (ids, timestamps, file names, urls): the account as a
  /// comparable value. A contact's records are sorted, and named by what they hold.
  func state() async throws -> [String: [String]] {
    var state: [String: [String]] = [:]
    let contacts = try await Self.list(client, "/contacts")
    let events = try await Self.list(client, "/lifeevents")
    for contact in contacts {
      guard let id = contact["id"]?.intValue else { continue }
      let name = "#\(id)"
      state[name + " contact"] = [Self.normalized(contact)]
      for kind in MergeKind.all where kind.list != nil {
        state[name + " " + kind.recordKind.name] = try await Self.list(client, kind.recordKind.path(ofContact: id))
          .map(Self.normalized).sorted()
      }
      state[name + " lifeevents"] = events.filter { $0["contact"]?["id"]?.intValue == id }.map(Self.normalized).sorted()
    }
    return state
  }

  /// The keys whose values two runs of one merge choose differently.
  static let unstable: Set<String> = [
    "id", "uuid", "hash_id", "url", "link", "created_at", "updated_at", "favorited_at", "completed_at",
    "new_filename", "account", "stay_in_touch_trigger_date", "default_avatar_color",
  ]

  /// A record as JSON text without `unstable` keys, at any depth.
  static func normalized(_ value: JSONValue) -> String {
    func strip(_ value: JSONValue) -> JSONValue {
      switch value {
      case .object(let object):
        return .object(
          JSONObject(
            object.members.filter { !unstable.contains($0.key) }.map { JSONObject.Member($0.key, strip($0.value)) }))
      case .array(let elements):
        return .array(elements.map(strip))
      default:
        return value
      }
    }
    return JSONWriter.plain.string(strip(value))
  }
}

/// A transport that stops as a killed process does after `after` requests: the requests before
/// go through; request number `after` is carried out by the server and its answer lost (or, with
/// `acted` false, never sent); every later one is never sent.
final class KillSwitch: ClientTransport, @unchecked Sendable {
  let inner: SandboxTransport
  let after: Int
  let acted: Bool
  private let lock = NSLock()
  private var count = 0

  init(_ inner: SandboxTransport, after: Int, acted: Bool = true) {
    self.inner = inner
    self.after = after
    self.acted = acted
  }

  /// How many requests it was asked to send.
  var requests: Int { lock.withLock { count } }

  func send(_ request: URLRequest) async throws(TransportFailure) -> HTTPResponse {
    let number = lock.withLock {
      count += 1
      return count
    }
    if number < after { return try await inner.send(request) }
    if number == after && acted { _ = try? await inner.send(request) }
    throw .dropped("killed")
  }
}
