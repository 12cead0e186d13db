import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `monica-fetch`'s entry point in-process, through its connection, against the in-memory
/// sandbox: paging, byte-exact records, pacing, every failure row and the faults. What only the
/// binary shows (flags, a closed pipe, the terminal's progress) stays in EndToEndTests/FetchTests.
@Suite struct FetcherTests {
  /// `monica-fetch KIND` with `plan` changed by `configure`, as the executable runs it.
  static func fetch(
    _ run: InProcessRun, _ kind: String, cache: CacheMode = .off, input: String? = nil,
    environment: [String: String] = [:],
    _ configure: (inout FetchPlan) throws(MonicaError) -> Void = { _ throws(MonicaError) in },
    policy: (inout ClientPolicy) -> Void = { _ in }
  ) async throws -> InProcessRun.Outcome {
    var plan = FetchPlan(resource: try RecordKind(parsing: kind))
    try configure(&plan)
    var fetcher = Fetcher(plan: plan, connection: run.connection(environment: environment, policy))
    fetcher.cache = cache
    var descriptor: Int32?
    if let input {
      let path = run.home.root + "/stdin-\(UUID().uuidString)"
      try Data(input.utf8).write(to: URL(fileURLWithPath: path))
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      fetcher.input = try #require(descriptor)
    }
    defer { if let descriptor { close(descriptor) } }
    let chosen = fetcher
    return try await run.output { (output) throws(MonicaError) in try await chosen.run(output: output) }
  }

  func fetch(
    _ run: InProcessRun, _ kind: String, cache: CacheMode = .off, input: String? = nil,
    environment: [String: String] = [:],
    _ configure: (inout FetchPlan) throws(MonicaError) -> Void = { _ throws(MonicaError) in },
    policy: (inout ClientPolicy) -> Void = { _ in }
  ) async throws -> InProcessRun.Outcome {
    try await Self.fetch(
      run, kind, cache: cache, input: input, environment: environment, configure, policy: policy)
  }

  @Test("every record of every page, byte-for-byte as sent, page URLs keeping limit and query")
  func pagesByteForByte() async throws {
    let run = try InProcessRun(contacts: 260)
    let all = try await fetch(run, "contacts")
    #expect(all.error == nil && run.diagnostics.isEmpty, "\(all)")
    var bodies: [String] = []
    for page in 1...3 { bodies.append(try await run.body("/api/contacts?page=\(page)&limit=100")) }
    let total = try JSONValue(parsing: bodies[0])["meta"]?["total"]?.intValue
    #expect(all.lines.count == total)
    // Each line is a slice of a page body: keys, order and escapes (\/ and \uXXXX) as sent.
    #expect(all.lines.allSatisfy { line in bodies.contains { $0.contains(line) } })
    #expect(all.stdout.contains(#"\/"#) && all.stdout.contains(#"\u"#))
    #expect(
      run.targets.sorted() == [
        "/api/contacts?page=1&limit=100", "/api/contacts?page=2&limit=100", "/api/contacts?page=3&limit=100",
      ])
    #expect(run.transport.exchanges.allSatisfy { $0.accept == "application/json" })

    let search = try await fetch(run, "contacts") { plan in
      (plan.query, plan.sort, plan.pageSize, plan.concurrency) = ("a", "-updated_at", 20, 2)
    }
    #expect(search.error == nil, "\(search)")
    let searched = run.targets.filter { $0.contains("query=a") }
    #expect(searched.count > 2 && searched.allSatisfy { $0.contains("limit=20") && $0.contains("sort=-updated_at") })
    let stamps = search.records.compactMap { $0["updated_at"]?.stringValue }
    #expect(stamps == stamps.sorted(by: >))
  }

  @Test("one record, the signed-in user, --max, --page and --with-fields")
  func oneRecordAndLimits() async throws {
    let run = try InProcessRun(contacts: 300)
    let one = try await fetch(run, "contacts") { plan throws(MonicaError) in try plan.take(id: "12") }
    #expect(one.error == nil && one.lines.count == 1, "\(one)")
    #expect(try await run.body("/api/contacts/12") == "{\"data\":\(one.lines[0])}")
    let fields = try await fetch(run, "contacts") { plan throws(MonicaError) in
      try plan.take(id: "12")
      plan.withFields = true
    }
    #expect(fields.records.first?["contactFields"] != nil)
    let me = try await fetch(run, "me")
    #expect(me.records.first?["object"]?.stringValue == "user")
    let firstNote = try await fetch(run, "notes") { $0.max = 1 }
    let noteID = try #require(firstNote.records.first?["id"]?.intValue)
    let note = try await fetch(run, "notes") { plan throws(MonicaError) in try plan.take(id: String(noteID)) }
    #expect(note.records.first?["object"]?.stringValue == "note", "\(note)")

    let before = run.exchanges(path: "/api/contacts").count
    let max = try await fetch(run, "contacts") { $0.max = 5 }
    #expect(max.error == nil && max.lines.count == 5)
    #expect(run.exchanges(path: "/api/contacts").count == before + 1)
    let page = try await fetch(run, "contacts") { ($0.page, $0.pageSize) = (2, 7) }
    #expect(page.lines.count == 7)
    #expect(run.targets.last == "/api/contacts?page=2&limit=7")
    let all = try await fetch(run, "contacts")
    #expect(page.lines == Array(all.lines[7..<14]))
  }

  @Test("an instance with a smaller page maximum: error 30 lowers the page size, said once")
  func pageSizeTooBig() async throws {
    let run = try InProcessRun(contacts: 200, maxPageSize: 40)
    let lowered = try await fetch(run, "contacts")
    #expect(lowered.error == nil, "\(lowered)")
    #expect(
      run.diagnostics == [
        "monica-fetch: warning: the instance refuses 100 records per page (Monica error 30); using 25"
      ])
    let small = try await fetch(run, "contacts") { $0.pageSize = 10 }
    #expect(lowered.lines == small.lines && run.diagnostics.count == 1)
  }

  @Test("a 429 mid-stream waits Retry-After and asks for the same page again: no record lost or doubled")
  func recoversFrom429() async throws {
    let run = try InProcessRun(contacts: 900, faults: ["429@3:/api/contacts"])
    let paced = try await fetch(run, "contacts")
    #expect(paced.error == nil, "\(paced)")
    let expected = try await fetch(run, "contacts") { $0.pageSize = 50 }
    #expect(Set(paced.lines).count == paced.lines.count)
    #expect(paced.lines.sorted() == expected.lines.sorted())
    #expect(run.exchanges(path: "/api/contacts").filter { $0.status == 429 }.count == 1)
  }

  @Test("retries 5xx, resets and cut bodies with backoff; 5xx past the retries is 69 naming the path")
  func serverFailures() async throws {
    let flaky = try InProcessRun(contacts: 500, faults: ["503@2", "reset@4", "cut@5"])
    let recovered = try await fetch(flaky, "contacts") { $0.concurrency = 1 }
    let ids = recovered.records.compactMap { $0["id"]?.intValue }
    #expect(recovered.error == nil && Set(ids).count == ids.count && !ids.isEmpty, "\(recovered)")
    #expect(flaky.exchanges(path: "/api/contacts").count > 5)

    let down = try InProcessRun(contacts: 50, faults: ["503@*1"])
    let failed = try await fetch(down, "contacts")
    #expect(failed.status == 69 && failed.output.isEmpty)
    #expect(
      failed.message?.hasSuffix("Monica answered HTTP 503 for /api/contacts after 3 retries") == true, "\(failed)")
    #expect(down.exchanges(path: "/api/contacts").count == 4)
    let fewer = try await fetch(down, "contacts") { _ in
    } policy: {
      $0.retries = 1
    }
    #expect(fewer.status == 69 && down.exchanges(path: "/api/contacts").count == 6)
  }

  @Test("a failure mid-stream leaves complete lines and names the page")
  func midStreamFailure() async throws {
    let run = try InProcessRun(contacts: 500, faults: ["502@3:/api/contacts"])
    let cut = try await fetch(run, "contacts") {
      $0.concurrency = 1
    } policy: {
      $0.retries = 0
    }
    #expect(cut.status == 69, "\(cut)")
    #expect(cut.lines.count == 200 && cut.stdout.hasSuffix("}\n"))
    #expect(
      cut.message
        == "page 3: /api/contacts?page=3&limit=100: Monica answered HTTP 502 for /api/contacts after no retry")
  }

  @Test("401, 403, 404, HTML, time-out, 429 past retries, a login redirect and a stopped instance: the exit table")
  func failureRows() async throws {
    let run = try InProcessRun()
    let unauthorized = try await fetch(run, "contacts", environment: ["MONICA_TOKEN": "not-the-token"])
    #expect(unauthorized.status == 77)
    #expect(
      unauthorized.message?.hasSuffix(": the token was rejected or has expired; run monica-auth login") == true,
      "\(unauthorized)")
    let missing = try await fetch(run, "contacts") { plan throws(MonicaError) in try plan.take(id: "999999") }
    #expect(missing.status == 66 && missing.message == "contact #999999 was not found")
    let missingContact = try await fetch(run, "notes") { $0.contact = .id(999_999) }
    #expect(missingContact.status == 66 && missingContact.message == "contact #999999 was not found")
    run.transport.stop()
    let nowhere = try await fetch(run, "contacts")
    #expect(nowhere.status == 69 && nowhere.message?.contains("cannot connect") == true, "\(nowhere)")

    let html = try await fetch(try InProcessRun(faults: ["html@1"]), "contacts")
    #expect(html.status == 76 && html.message?.contains("HTML page") == true, "\(html)")

    let slow = try InProcessRun(faults: ["slow=3000@*1"], timeout: 0.3)
    let timedOut = try await fetch(slow, "contacts") { _ in
    } policy: {
      ($0.retries, $0.timeout) = (1, 0.3)
    }
    #expect(timedOut.status == 75 && timedOut.message?.contains("no answer within") == true, "\(timedOut)")

    let login = try InProcessRun(faults: ["login@1"])
    let redirected = try await fetch(login, "contacts")
    #expect(redirected.status == 76 && redirected.message?.contains("redirected to the login page") == true)
    #expect(login.transport.exchanges.count == 1, "a redirect is not followed")

    let badJSON = try await fetch(try InProcessRun(faults: ["badjson@1"]), "contacts")
    #expect(badJSON.status == 76 && badJSON.output.isEmpty, "\(badJSON)")

    let refused = try await fetch(try InProcessRun(faults: ["403@*1:/api/notes"]), "notes")
    #expect(refused.status == 77 && refused.message?.hasSuffix(": no permission to read notes") == true, "\(refused)")

    let tooMany = try await fetch(try InProcessRun(faults: ["429@*1"]), "contacts") { _ in
    } policy: {
      $0.retries = 1
    }
    #expect(tooMany.status == 75 && tooMany.message?.contains("HTTP 429") == true, "\(tooMany)")
  }

  @Test("a 401 for a token whose exp is past names the expiry date")
  func expiredToken() async throws {
    let run = try InProcessRun { $0.tokenExpiresInDays = -3 }
    let expired = try await fetch(run, "contacts") { $0.max = 1 }
    #expect(expired.status == 77, "\(expired)")
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let days = [-3, -4].map { formatter.string(from: Date().addingTimeInterval(Double($0) * 86_400)) }
    #expect(
      days.contains { expired.message?.hasSuffix(": the token expired on \($0); run monica-auth login") == true },
      "\(expired)")
  }

  @Test("reminders --upcoming N: the reminders due that month, soonest first, as Monica's outbox lists them")
  func upcoming() async throws {
    let run = try InProcessRun(contacts: 200)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    var total = 0
    for month in 0..<12 {
      let due = try await fetch(run, "reminders") { $0.upcoming = month }
      #expect(due.error == nil && run.diagnostics.isEmpty, "\(due)")
      #expect(due.records.allSatisfy { $0["object"]?.stringValue == "reminder" })
      let dates = due.records.compactMap { $0["planned_date"]?.stringValue }
      #expect(dates == dates.sorted())
      let day = calendar.date(byAdding: .month, value: month, to: Date()) ?? Date()
      let prefix = String(
        format: "%04d-%02d", calendar.component(.year, from: day), calendar.component(.month, from: day))
      #expect(dates.allSatisfy { $0.hasPrefix(prefix) }, "\(prefix): \(dates)")
      total += dates.count
    }
    let reminders = try await fetch(run, "reminders").records
    let yearly = reminders.filter { $0["frequency_type"]?.stringValue == "year" }.count
    #expect(yearly > 0 && total >= yearly)
    #expect(run.targets.filter { $0.hasPrefix("/api/reminders/upcoming/") }.count == 12)
  }

  @Test("--contact - reads contacts or ids from stdin, each contact's items once")
  func perContact() async throws {
    let run = try InProcessRun(contacts: 200)
    let single = try await fetch(run, "notes") { $0.contact = .id(12) }
    #expect(single.error == nil)
    #expect(run.targets.last == "/api/contacts/12/notes?page=1&limit=100")
    let piped = try await fetch(run, "notes", input: "12\n12\n{\"id\":12,\"object\":\"contact\"}\n13\n") {
      $0.contact = .standardInput
    }
    #expect(piped.error == nil, "\(piped)")
    #expect(run.targets.filter { $0.hasPrefix("/api/contacts/12/notes") }.count == 2)
    let thirteen = try await fetch(run, "notes") { $0.contact = .id(13) }
    #expect(piped.lines == single.lines + thirteen.lines)
    #expect(piped.records.allSatisfy { $0["object"]?.stringValue == "note" })
    let bad = try await fetch(run, "notes", input: "x\n") { $0.contact = .standardInput }
    #expect(bad.status == 65 && bad.message?.contains("stdin:1:") == true, "\(bad)")
  }

  @Test("--tag by id or name, --since newest changes only, --verbose without the token")
  func tagSinceVerbose() async throws {
    let run = try InProcessRun(contacts: 300)
    let tags = try await fetch(run, "tags").records
    let tag = try #require(tags.first)
    let name = try #require(tag["name"]?.stringValue)
    let id = try #require(tag["id"]?.intValue)
    let byName = try await fetch(run, "contacts") { $0.tag = name }
    let byID = try await fetch(run, "contacts") { $0.tag = String(id) }
    #expect(byName.error == nil && !byName.lines.isEmpty && byName.lines == byID.lines, "\(byName)")
    #expect(byID.records.allSatisfy { $0["tags"]?.arrayValue?.contains { $0["id"]?.intValue == id } == true })
    let unknown = try await fetch(run, "contacts") { $0.tag = "no-such-tag" }
    #expect(unknown.status == 66 && unknown.message == "tag \"no-such-tag\" was not found")

    let all = try await fetch(run, "contacts") { plan throws(MonicaError) in
      plan.since = try SinceTime(parsing: "1970-01-01")
    }
    let stamps = all.records.compactMap { $0["updated_at"]?.stringValue }
    #expect(stamps.count == all.lines.count && stamps == stamps.sorted(by: >))
    let cut = stamps[stamps.count / 2]
    let since = try await fetch(run, "contacts") { plan throws(MonicaError) in
      plan.since = try SinceTime(parsing: cut)
    }
    #expect(
      since.lines == Array(all.lines.prefix { (try? JSONValue(parsing: $0))?["updated_at"]?.stringValue ?? "" >= cut }))
    #expect(run.targets.last?.contains("sort=-updated_at") == true)
    let before = run.targets.count
    let future = try await fetch(run, "contacts") { plan throws(MonicaError) in
      plan.since = try SinceTime(parsing: "2999-01-01")
      plan.concurrency = 1
    }
    #expect(future.error == nil && future.output.isEmpty && run.targets.count == before + 1)

    // --verbose: one line per exchange, as ConnectionOptions prints it; never the token.
    let seen = Mutex<[String]>([])
    let verbose = try await fetch(run, "contacts") {
      $0.max = 1
    } policy: { policy in
      policy.observer = { record in seen.withLock { $0.append(record.line) } }
    }
    let lines = seen.withLock { $0 }
    #expect(
      verbose.error == nil && lines.first?.hasPrefix("GET /api/contacts?page=1&limit=100 200 ") == true, "\(lines)")
    #expect(!lines.joined().contains(run.transport.sandbox.token))
  }

  @Test("--with-fields: the list and search in one paged walk, each contact as one contact's request shows it")
  func withFields() async throws {
    let run = try InProcessRun(contacts: 130)
    let list = try await fetch(run, "contacts") { $0.withFields = true }
    #expect(list.error == nil && run.diagnostics.isEmpty, "\(list)")
    #expect(
      run.targets == [
        "/api/contacts?page=1&limit=100&with=contactfields", "/api/contacts?page=2&limit=100&with=contactfields",
      ])
    let contacts = list.records
    #expect(contacts.count > 100)
    #expect(contacts.allSatisfy { $0["contactFields"]?.arrayValue != nil && $0["notes"]?.arrayValue != nil })
    #expect(contacts.contains { !($0["contactFields"]?.arrayValue ?? []).isEmpty })
    // ContactBase.php:101-102 renders the same keys for a list item as for one contact.
    let one = try await run.body("/api/contacts/2?with=contactfields")
    #expect(list.lines.contains { one == "{\"data\":\($0)}" })

    let search = try await fetch(run, "contacts") { ($0.query, $0.withFields, $0.max) = ("a", true, 3) }
    #expect(search.error == nil && run.diagnostics.isEmpty, "\(search)")
    #expect(search.records.allSatisfy { $0["contactFields"] != nil && $0["notes"] != nil })
    #expect(run.targets.last == "/api/contacts?page=1&limit=100&query=a&with=contactfields")
    let plain = try await fetch(run, "contacts") { $0.max = 1 }
    #expect(plain.records.first?["contactFields"] == nil)
  }

  @Test("ids or records on stdin: one request each with --with-fields, each id once, a bad line is 65")
  func idsOnStandardInput() async throws {
    let run = try InProcessRun()
    let listed = try await fetch(run, "contacts", input: "2\n{\"id\":3,\"object\":\"contact\"}\n\n2\n") { plan in
      (plan.idsFromInput, plan.withFields) = (true, true)
    }
    #expect(listed.error == nil && run.diagnostics.isEmpty, "\(listed)")
    #expect(listed.records.map { $0["id"]?.intValue } == [2, 3])
    #expect(listed.records.allSatisfy { $0["contactFields"] != nil })
    #expect(run.targets == ["/api/contacts/2?with=contactfields", "/api/contacts/3?with=contactfields"])
    let bad = try await fetch(run, "contacts", input: "4\n{\"id\":1,\"object\":\"note\"}\n") { $0.idsFromInput = true }
    #expect(bad.status == 65 && bad.lines.count == 1, "\(bad)")
    #expect(bad.message?.contains("stdin:2:") == true && bad.message?.contains("a note record, not a contact") == true)
  }

  @Test("a time-out is no answer (75); --page with a too-large page size says so; an unknown tag id is 66")
  func timeoutAndPageSize() async throws {
    let tooSlow = try InProcessRun(latency: 100, timeout: 0.05)
    let tooQuick = try await fetch(tooSlow, "contacts") {
      $0.max = 1
    } policy: {
      ($0.timeout, $0.retries) = (0.05, 0)
    }
    #expect(tooQuick.status == 75 && tooQuick.message?.contains("no answer within 0.05 s") == true, "\(tooQuick)")

    let strict = try InProcessRun(contacts: 300, maxPageSize: 50)
    let page = try await fetch(strict, "contacts") { ($0.pageSize, $0.page) = (80, 2) }
    #expect(page.status == 64 && page.output.isEmpty && page.message?.contains("Monica error 30") == true, "\(page)")
    let tag = try await fetch(strict, "contacts") { $0.tag = "999" }
    #expect(tag.status == 66 && tag.message == "tag #999 was not found", "\(tag)")
  }
}
