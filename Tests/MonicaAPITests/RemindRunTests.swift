import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

@testable import MonicaAPI

#if canImport(Glibc)
  import Glibc
#endif

/// `RemindRun` against the in-memory sandbox: contacts and reminders made through the API, runs
/// stepped through days with `--today`, the state file in a fresh directory.
@Suite struct RemindRunTests {
  /// A sandbox with no seeded contacts, the transport (whose exchanges count requests) and a
  /// scratch directory.
  final class Account: @unchecked Sendable {
    let transport: SandboxTransport
    let client: MonicaClient
    let directory: String
    var contacts: [String: Int] = [:]

    init() throws {
      var configuration = SandboxConfiguration()
      configuration.contacts = 0
      configuration.rateLimiter = RateLimiter(limit: nil, window: 60)
      transport = try SandboxTransport(configuration)
      client = try transport.client()
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("remind-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Creates a contact: `born` as (year or nil, month, day), `died` likewise.
    func contact(_ first: String, born: (Int?, Int, Int)? = nil, died: (Int?, Int, Int)? = nil) async throws -> Int {
      var body = JSONObject([
        "first_name": .string(first), "last_name": .string("Test"), "is_birthdate_known": .bool(born != nil),
        "is_deceased": .bool(died != nil), "is_deceased_date_known": .bool(died != nil),
      ])
      if let born {
        body["birthdate_day"] = .int(born.2)
        body["birthdate_month"] = .int(born.1)
        body["birthdate_year"] = born.0.map(JSONValue.int) ?? .null
      }
      if let died {
        body["deceased_date_day"] = .int(died.2)
        body["deceased_date_month"] = .int(died.1)
        body["deceased_date_year"] = died.0.map(JSONValue.int) ?? .null
      }
      let id = try await create("/contacts", body)
      contacts[first] = id
      return id
    }

    /// Creates a reminder of `first`'s contact.
    func reminder(_ first: String, _ title: String, _ initial: String, _ type: String, _ number: Int = 1) async throws {
      _ = try await create(
        "/reminders",
        JSONObject([
          "contact_id": .int(contacts[first] ?? 0), "title": .string(title), "initial_date": .string(initial),
          "frequency_type": .string(type), "frequency_number": .int(number),
        ]))
    }

    private func create(_ path: String, _ body: JSONObject) async throws -> Int {
      let response = try await client.send(WriteRequest(.create, path, body: body))
      #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
      return try #require(try JSONValue(parsing: response.body)["data"]?["id"]?.intValue)
    }

    /// One run on `today` with `adjust`ed options; its stdout lines and the requests it sent.
    func run(_ today: String, _ adjust: (inout RemindOptions) -> Void = { _ in }) async throws -> (
      lines: [JSONValue], requests: [String]
    ) {
      var options = RemindOptions()
      options.today = CalendarDate(parsing: today)
      options.statePath = directory + "/state"
      adjust(&options)
      let environment = ToolEnvironment(variables: ["HOME": directory, "XDG_STATE_HOME": directory + "/xdg"])
      let connection = Connection(
        environment: environment, profile: nil, policy: ClientPolicy(), passphraseDescriptor: nil)
      let outPath = directory + "/out-\(UUID().uuidString)"
      let descriptor = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      defer { close(descriptor) }
      let before = transport.exchanges.count
      try await RemindRun(options: options, connection: connection).run(
        client: client, output: LineOutput(descriptor: descriptor))
      let text = try String(contentsOfFile: outPath, encoding: .utf8)
      return (try records(text), transport.exchanges.dropFirst(before).map(\.target))
    }
  }

  private func summary(_ lines: [JSONValue]) -> [String] {
    lines.map {
      "\($0["kind"]?.stringValue ?? "?") \($0["contact"]?["complete_name"]?.stringValue ?? "?") "
        + "\($0["date"]?.stringValue ?? "?") -\($0["days_before"]?.intValue ?? -1)"
        + ($0["age"]?.intValue.map { " age \($0)" } ?? "")
    }
  }

  @Test("stepping through days: each occurrence on its day, never again; two walks a run, no /api/me with --today")
  func stepping() async throws {
    let account = try Account()
    _ = try await account.contact("Ana", born: (1985, 3, 3))
    _ = try await account.contact("Leap", born: (2000, 2, 29))
    _ = try await account.contact("Nodate", born: (nil, 3, 2))
    _ = try await account.contact("Dora", born: (1940, 3, 1), died: (2020, 3, 2))
    try await account.reminder("Ana", "Weekly call", "2027-02-22", "week")
    try await account.reminder("Ana", "Rent", "2027-01-31", "month")
    try await account.reminder("Ana", "Once", "2027-03-01", "one_time")
    try await account.reminder("Ana", "Yearly", "2026-03-02", "year")

    let first = try await account.run("2027-02-27")
    #expect(summary(first.lines).isEmpty)
    #expect(first.requests.count == 2, "\(first.requests)")
    #expect(first.requests.allSatisfy { $0.hasPrefix("/api/reminders?") || $0.hasPrefix("/api/contacts?") })
    var seen: [String] = []
    for today in ["2027-02-28", "2027-02-28", "2027-03-01", "2027-03-02", "2027-03-03", "2027-03-03"] {
      seen += summary(try await account.run(today).lines).map { "\(today): \($0)" }
    }
    #expect(
      seen == [
        "2027-02-28: birthday Leap Test 2027-02-28 -0 age 27", "2027-02-28: reminder Ana Test 2027-02-28 -0",
        "2027-03-01: reminder Ana Test 2027-03-01 -0", "2027-03-01: reminder Ana Test 2027-03-01 -0",
        "2027-03-02: birthday Nodate Test 2027-03-02 -0", "2027-03-02: reminder Ana Test 2027-03-02 -0",
        "2027-03-03: birthday Ana Test 2027-03-03 -0 age 42",
      ])
  }

  @Test("a gap is caught up (at most --catch-up back); --before notices; --upcoming delivers nothing")
  func catchUpAndNotices() async throws {
    let account = try Account()
    _ = try await account.contact("Ana", born: (1985, 3, 10))
    _ = try await account.contact("Bea", born: (1990, 3, 3))
    _ = try await account.contact("Old", born: (1950, 2, 20))
    _ = try await account.run("2027-02-15")
    let upcoming = try await account.run("2027-02-20") { $0.upcomingDays = 30 }
    #expect(
      summary(upcoming.lines)
        == [
          "birthday Old Test 2027-02-20 -0 age 77", "birthday Bea Test 2027-03-03 -0 age 37",
          "birthday Ana Test 2027-03-10 -0 age 42",
        ])
    let late = try await account.run("2027-03-05") { $0.before = [3] }
    // Old's birthday (14 days ago) is past the week of catch-up; Bea's is caught up, not its
    // notice, whose day has passed; Ana's notice is due on 7 March.
    #expect(summary(late.lines) == ["birthday Bea Test 2027-03-03 -0 age 37"])
    #expect(late.lines.last?["subject"]?.stringValue == "Birthday: Bea Test turned 37 2 days ago, on 2027-03-03")
    let notice = try await account.run("2027-03-07") { $0.before = [3] }
    #expect(summary(notice.lines) == ["birthday Ana Test 2027-03-10 -3 age 42"])
    #expect(notice.lines.first?["subject"]?.stringValue == "Birthday: Ana Test turns 42 in 3 days, on 2027-03-10")
  }

  @Test("a state file's first run does not catch up on days before it; --dry-run records nothing")
  func firstRunAndDryRun() async throws {
    let account = try Account()
    _ = try await account.contact("Ana", born: (1985, 3, 3))
    let dry = try await account.run("2027-03-05") { $0.dryRun = true }
    #expect(summary(dry.lines).isEmpty, "a new state file starts today")
    #expect(!FileManager.default.fileExists(atPath: account.directory + "/state"))
    #expect(summary(try await account.run("2027-03-03") { $0.dryRun = true }.lines).count == 1)
    #expect(summary(try await account.run("2027-03-03").lines).count == 1)
    #expect(summary(try await account.run("2027-03-03") { $0.dryRun = true }.lines).isEmpty)
  }

  @Test("without --today the day is the account's, from /api/me (one request more)")
  func timeZoneFromMe() async throws {
    let account = try Account()
    let run = try await account.run("2027-03-03") { $0.today = nil }
    #expect(run.requests.first == "/api/me")
    #expect(run.requests.count == 3)
  }
}
