import Foundation
import MonicaAPI
import MonicaKit
import MonicaMCP
import MonicaSandbox
import MonicaTestSupport
import Testing

/// monica-mcp's tools in-process against the in-memory sandbox: look-ups, plans, confirmed
/// writes counted request by request, refusals and bad input as error results.
@Suite struct MonicaToolboxTests {
  /// An account of Ana Lima (born 27 November 1985), Ana Costa, Robert "Bob" Smith and Ben Ode,
  /// on 20 November 2026.
  final class Account: @unchecked Sendable {
    let run: InProcessRun
    let client: MonicaClient
    var ids: [String: Int] = [:]
    /// The exchanges of the set-up, before any tool ran.
    var setUp = 0

    /// With `virtualTime`, the waits a 429 asks for take no time (`InProcessRun`).
    init(faults: [String] = [], virtualTime: Bool = false) async throws {
      run = try InProcessRun(contacts: 0, faults: faults, virtualTime: virtualTime)
      run.now = Date(timeIntervalSince1970: 1_795_176_000)  // 2026-11-20T12:00:00Z
      client = try run.transport.client()
      ids["Ana Lima"] = try await create(
        "/contacts",
        [
          "first_name": .string("Ana"), "last_name": .string("Lima"), "is_birthdate_known": .bool(true),
          "birthdate_day": .int(27), "birthdate_month": .int(11), "birthdate_year": .int(1985),
          "is_deceased": .bool(false), "is_deceased_date_known": .bool(false),
        ])
      for (first, last) in [("Ana", "Costa"), ("Robert", "Smith"), ("Ben", "Ode")] {
        ids["\(first) \(last)"] = try await create(
          "/contacts",
          [
            "first_name": .string(first), "last_name": .string(last), "is_birthdate_known": .bool(false),
            "is_deceased": .bool(false), "is_deceased_date_known": .bool(false),
          ])
      }
      setUp = run.transport.exchanges.count
    }

    /// A toolbox on the account, as a new server process would have it.
    func toolbox(readOnly: Bool = false) throws -> MonicaToolbox {
      try MonicaToolbox(connection: run.connection(), readOnly: readOnly)
    }

    @discardableResult
    func create(_ path: String, _ body: KeyValuePairs<String, JSONValue>) async throws -> Int {
      let response = try await client.send(WriteRequest(.create, path, body: JSONObject(body)))
      #expect([200, 201].contains(response.status), "\(String(decoding: response.body, as: UTF8.self))")
      setUp = run.transport.exchanges.count
      return try #require(try JSONValue(parsing: response.body)["data"]?["id"]?.intValue)
    }

    /// The requests `method` the tools sent to `path` (query aside).
    func count(_ method: String, _ path: String) -> Int {
      run.transport.exchanges.dropFirst(setUp).filter {
        $0.method == method && $0.target.split(separator: "?").first.map(String.init) == path
      }.count
    }

    /// Every write request the tools sent.
    var writes: [String] {
      run.transport.exchanges.dropFirst(setUp).filter { $0.method != "GET" }.map { "\($0.method) \($0.target)" }
    }
  }

  static func call(_ toolbox: MonicaToolbox, _ name: String, _ arguments: KeyValuePairs<String, JSONValue> = [:])
    async -> ToolAnswer
  {
    await toolbox.call(name, JSONObject(arguments))
  }

  @Test("find_contact lists every namesake with a line that tells them apart, and name variants")
  func find() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let ana = await Self.call(toolbox, "find_contact", ["query": .string("ana")])
    #expect(!ana.isError)
    let candidates = ana.structured["candidates"]?.arrayValue ?? []
    #expect(candidates.compactMap { $0["name"]?.stringValue }.sorted() == ["Ana Costa", "Ana Lima"])
    #expect(candidates.allSatisfy { $0["uuid"]?.stringValue != nil && $0["id"]?.intValue != nil })
    let lines = candidates.compactMap { $0["distinguishing"]?.stringValue }
    #expect(Set(lines).count == 2 && lines.contains("born 1985-11-27"))
    let bob = await Self.call(toolbox, "find_contact", ["query": .string("Bob Smith")])
    #expect(bob.structured["candidates"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Robert Smith"])
    let none = await Self.call(toolbox, "find_contact", ["query": .string("Zelda")])
    #expect(none.structured["count"] == .int(0) && !none.isError)
    // One walk of the contacts served the three look-ups.
    #expect(account.count("GET", "/api/contacts") == 1)
  }

  @Test("e-mail addresses and phone numbers find their contact; other text does not")
  func findByFields() {
    func contact(_ id: Int, _ first: String, email: String, phone: String) -> JSONValue {
      .object(
        JSONObject([
          "id": .int(id), "object": .string("contact"), "first_name": .string(first), "last_name": .string("Test"),
          "contactFields": .array([
            .object(
              JSONObject([
                "content": .string(email),
                "contact_field_type": .object(JSONObject(["type": .string("email")])),
              ])),
            .object(
              JSONObject([
                "content": .string(phone), "contact_field_type": .object(JSONObject(["type": .string("phone")])),
              ])),
          ]),
        ]))
    }
    let records = [
      contact(1, "Ana", email: "ana@example.com", phone: "+33 6 12 34 56 78"),
      contact(2, "Ana", email: "other@example.com", phone: "+33 6 99 99 99 99"),
    ]
    #expect(ContactDirectory.candidates("ANA@example.com", among: records).map(\.id) == [1])
    #expect(ContactDirectory.candidates("06 12 34 56 78", among: records).map(\.id) == [1])
    #expect(ContactDirectory.candidates("nobody@example.com", among: records).isEmpty)
    #expect(ContactDirectory.candidates("Ana", among: records).map(\.id).sorted() == [1, 2])
  }

  @Test("a name that fits two contacts answers the candidates and writes nothing, confirmed or not")
  func ambiguous() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let answer = await Self.call(toolbox, "add_note", ["contact": .string("Ana"), "body": .string("Coffee")])
    #expect(!answer.isError && answer.structured["status"] == .string("ambiguous"))
    #expect(answer.structured["candidates"]?.arrayValue?.count == 2)
    let forced = await Self.call(
      toolbox, "add_note",
      [
        "contact": .string("Ana"), "body": .string("Coffee"),
        "confirm": .string(String(repeating: "a", count: ConfirmationKey.length)),
      ])
    #expect(forced.structured["status"] == .string("ambiguous"))
    #expect(account.writes.isEmpty)
    // The same person named by id is one.
    let byID = await Self.call(
      toolbox, "add_note", ["contact_id": .int(account.ids["Ana Lima"] ?? 0), "body": .string("Coffee")])
    #expect(byID.structured["status"] == .string("planned"))
    #expect(account.writes.isEmpty)
  }

  @Test("a write is planned with no request, confirmed with one POST, and never sent twice, after a restart too")
  func confirmOnce() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let note: KeyValuePairs<String, JSONValue> = [
      "contact": .string("Ben"), "body": .string("Ben's daughter started school"),
    ]
    let plan = await Self.call(toolbox, "add_note", note)
    #expect(plan.structured["status"] == .string("planned"), "\(plan)")
    #expect(account.writes.isEmpty)
    let key = try #require(plan.structured["confirmation_key"]?.stringValue)
    #expect(plan.structured["plan"]?["body"]?["contact_id"] == .int(account.ids["Ben Ode"] ?? 0))
    var confirmed = JSONObject(note)
    confirmed["confirm"] = .string(key)
    let written = await toolbox.call("add_note", confirmed)
    #expect(written.structured["status"] == .string("written"), "\(written)")
    #expect(account.count("POST", "/api/notes") == 1)
    let id = try #require(written.structured["id"]?.intValue)
    #expect(written.structured["record"]?["body"] == .string("Ben's daughter started school"))
    // The model retries; the server restarts and the model retries again.
    let again = await toolbox.call("add_note", confirmed)
    let restarted = await (try account.toolbox()).call("add_note", confirmed)
    for answer in [again, restarted] {
      #expect(answer.structured["status"] == .string("already_written") && answer.structured["id"] == .int(id))
    }
    #expect(account.count("POST", "/api/notes") == 1)
  }

  @Test("the same write planned again later is a new key and is written again; a key confirmed twice once")
  func sameWriteTwice() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let note: KeyValuePairs<String, JSONValue> = ["contact": .string("Ben"), "body": .string("Called about school")]
    let first = try await Self.confirm(toolbox, "add_note", note)
    #expect(first.structured["status"] == .string("written"), "\(first)")
    let second = try await Self.confirm(toolbox, "add_note", note)
    #expect(second.structured["status"] == .string("written"), "\(second)")
    #expect(second.structured["id"] != first.structured["id"])
    #expect(second.structured["confirmation_key"] != first.structured["confirmation_key"])
    #expect(account.count("POST", "/api/notes") == 2)
    // Either key confirmed again writes nothing.
    for answer in [first, second] {
      var repeated = JSONObject(note)
      repeated["confirm"] = answer.structured["confirmation_key"]
      let again = await toolbox.call("add_note", repeated)
      #expect(again.structured["status"] == .string("already_written"))
      #expect(again.structured["id"] == answer.structured["id"])
    }
    #expect(account.count("POST", "/api/notes") == 2)
    // A tag put back after it was removed is set again.
    let tags: KeyValuePairs<String, JSONValue> = ["contact": .string("Ben"), "tags": .array([.string("school")])]
    _ = try await Self.confirm(toolbox, "tag", tags)
    _ = try await Self.confirm(toolbox, "tag", tags)
    #expect(account.count("POST", "/api/contacts/\(account.ids["Ben Ode"] ?? 0)/setTags") == 2)
  }

  @Test("a key that is not the plan's writes nothing and answers the plan's key")
  func wrongKey() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let plan = await Self.call(toolbox, "add_note", ["contact": .string("Ben"), "body": .string("One")])
    let key = try #require(plan.structured["confirmation_key"]?.stringValue)
    let other = await Self.call(
      toolbox, "add_note", ["contact": .string("Ben"), "body": .string("Two"), "confirm": .string(key)])
    #expect(other.isError && other.structured["error"] == .string("plan_changed"))
    #expect(other.structured["confirmation_key"] != .string(key))
    let garbage = await Self.call(
      toolbox, "add_note", ["contact": .string("Ben"), "body": .string("One"), "confirm": .string("yes")])
    #expect(garbage.isError && garbage.structured["argument"] == .string("confirm"))
    #expect(account.writes.isEmpty)
  }

  @Test("two servers confirming one plan at once write it once")
  func concurrentConfirm() async throws {
    let account = try await Account()
    let first = try account.toolbox()
    let second = try account.toolbox()
    let plan = await Self.call(first, "add_task", ["contact": .string("Ben"), "title": .string("Call back")])
    let key = try #require(plan.structured["confirmation_key"]?.stringValue)
    let arguments = JSONObject([
      "contact": .string("Ben"), "title": .string("Call back"), "confirm": .string(key),
    ])
    async let one = first.call("add_task", arguments)
    async let two = second.call("add_task", arguments)
    let answers = await [one, two]
    #expect(answers.allSatisfy { !$0.isError }, "\(answers)")
    #expect(Set(answers.compactMap { $0.structured["id"]?.intValue }).count == 1)
    // One of them sent it; the other says it found it made.
    #expect(answers.compactMap { $0.structured["status"]?.stringValue }.sorted() == ["already_written", "written"])
    #expect(account.count("POST", "/api/tasks") == 1)
  }

  @Test("two profiles on one account share the account's journal: a key confirmed through both at once is written once")
  func profilesShareJournal() async throws {
    let account = try await Account()
    try account.run.signIn(profile: "home")
    try account.run.signIn(profile: "work")
    func toolbox(_ profile: String) throws -> MonicaToolbox {
      let environment = InProcessRun.profiles.merging(["MONICA_PROFILE": profile]) { $1 }
      return try MonicaToolbox(connection: account.run.connection(environment: environment))
    }
    let home = try toolbox("home")
    let work = try toolbox("work")
    #expect(home.client.credentials.profile == "home" && work.client.credentials.profile == "work")
    let note: KeyValuePairs<String, JSONValue> = ["contact": .string("Ben"), "body": .string("Moved to Lyon")]
    let plan = await Self.call(home, "add_note", note)
    var confirmed = JSONObject(note)
    confirmed["confirm"] = .string(try #require(plan.structured["confirmation_key"]?.stringValue, "\(plan)"))
    async let one = home.call("add_note", confirmed)
    async let two = work.call("add_note", confirmed)
    let answers = await [one, two]
    #expect(answers.compactMap { $0.structured["status"]?.stringValue }.sorted() == ["already_written", "written"])
    #expect(Set(answers.compactMap { $0.structured["id"]?.intValue }).count == 1, "\(answers)")
    #expect(account.count("POST", "/api/notes") == 1)
    // One journal, named for the account as its lock is.
    let id = try await account.client.accountID()
    let directory = home.connection.environment.stateHome + "/monica/mcp"
    let identity = AccountLock.identity(instance: home.client.credentials.instance, account: id)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [identity + ".map"])
    #expect(home.journalPath(account: id) == work.journalPath(account: id))
    let locks = try FileManager.default.contentsOfDirectory(atPath: directory + "/../locks")
    #expect(locks == [AccountLock.fileName(instance: home.client.credentials.instance, account: id)])
  }

  @Test("requests are spent once: /api/me once a session, the contact once when brief names it by id")
  func requestsCounted() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    var keys: [JSONValue] = []
    for body in ["One", "Two", "Three"] {
      let written = try await Self.confirm(toolbox, "add_note", ["contact": .string("Ben"), "body": .string(body)])
      #expect(written.structured["status"] == .string("written"), "\(written)")
      keys.append(written.structured["confirmation_key"] ?? .null)
    }
    // The key confirmed again: found in the journal, nothing asked but the record shown.
    let before = account.run.transport.exchanges.count
    let again = await Self.call(
      toolbox, "add_note", ["contact": .string("Ben"), "body": .string("Two"), "confirm": keys[1]])
    #expect(again.structured["status"] == .string("already_written"), "\(again)")
    #expect(account.run.transport.exchanges.count - before == 1)
    #expect(account.count("POST", "/api/notes") == 3)
    #expect(account.count("GET", "/api/me") == 1)
    // brief_contact by id: the contact once, then its three lists.
    let ben = account.ids["Ben Ode"] ?? 0
    let start = account.run.transport.exchanges.count
    let brief = await Self.call(toolbox, "brief_contact", ["contact_id": .int(ben)])
    #expect(brief.structured["name"] == .string("Ben Ode") && brief.structured["recent_notes"]?.arrayValue?.count == 3)
    #expect(account.run.transport.exchanges.count - start == 4)
    #expect(account.count("GET", "/api/contacts/\(ben)") == 1)
  }

  @Test("arguments are trimmed as Monica trims: a no-break space is kept, zero-width spaces alone are empty")
  func trimmedAsMonica() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let blank = await Self.call(toolbox, "add_note", ["contact": .string("Ben"), "body": .string("\u{200B} \u{FEFF}")])
    #expect(blank.isError && blank.structured["argument"] == .string("body"), "\(blank)")
    let note = try await Self.confirm(
      toolbox, "add_note", ["contact": .string("Ben"), "body": .string("\u{200B}Coffee\u{00A0}\n")])
    // What was planned and sent is what Monica stored.
    #expect(note.structured["record"]?["body"] == .string("Coffee\u{00A0}"), "\(note)")
    let plan = await Self.call(
      toolbox, "tag", ["contact": .string("Ben"), "tags": .array([.string("school"), .string("\u{FEFF}school ")])])
    #expect(plan.structured["plan"]?["body"]?["tags"] == .array([.string("school")]), "\(plan)")
    #expect(account.count("POST", "/api/notes") == 1)
  }

  /// Plans and confirms `name` with `arguments`; the confirmed answer.
  static func confirm(_ toolbox: MonicaToolbox, _ name: String, _ arguments: KeyValuePairs<String, JSONValue>)
    async throws -> ToolAnswer
  {
    let plan = await call(toolbox, name, arguments)
    let key = try #require(plan.structured["confirmation_key"]?.stringValue, "\(plan)")
    var confirmed = JSONObject(arguments)
    confirmed["confirm"] = .string(key)
    return await toolbox.call(name, confirmed)
  }

  @Test("every write tool writes what its plan said, through one request each")
  func writeTools() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let ben = account.ids["Ben Ode"] ?? 0
    let call = try await Self.confirm(
      toolbox, "log_interaction",
      ["contact": .string("Ben"), "summary": .string("School"), "date": .string("2026-11-19")])
    #expect(call.structured["record"]?["called_at"]?.stringValue?.hasPrefix("2026-11-19") == true, "\(call)")
    let activity = try await Self.confirm(
      toolbox, "log_interaction", ["contact": .string("Ben"), "summary": .string("Hike"), "kind": .string("activity")])
    #expect(activity.structured["record"]?["happened_at"] == .string("2026-11-20"), "\(activity)")
    let reminder = try await Self.confirm(
      toolbox, "add_reminder",
      [
        "contact": .string("Ben"), "title": .string("Call"), "date": .string("2026-12-01"),
        "frequency": .string("month"),
      ])
    #expect(reminder.structured["record"]?["frequency_type"] == .string("month"), "\(reminder)")
    let task = try await Self.confirm(toolbox, "add_task", ["contact": .string("Ben"), "title": .string("Photos")])
    let taskID = try #require(task.structured["id"]?.intValue)
    let done = try await Self.confirm(toolbox, "complete_task", ["task_id": .int(taskID)])
    #expect(done.structured["record"]?["completed"] == .bool(true), "\(done)")
    let tagged = try await Self.confirm(
      toolbox, "tag", ["contact": .string("Ben"), "tags": .array([.string("school")])])
    #expect(tagged.structured["record"]?["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["school"])
    #expect(
      account.writes == [
        "POST /api/calls", "POST /api/activities", "POST /api/reminders", "POST /api/tasks",
        "PUT /api/tasks/\(taskID)", "POST /api/contacts/\(ben)/setTags",
      ])
    // A task done already has nothing to write.
    let again = await Self.call(toolbox, "complete_task", ["task_id": .int(taskID)])
    #expect(again.structured["status"] == .string("already_completed"))
  }

  @Test("Monica's 422 and 429 are tool errors the model can act on, and the server goes on")
  func refusals() async throws {
    let account = try await Account(faults: ["422@1:POST:/api/tasks", "429=0@*1:POST:/api/calls"])
    let toolbox = try account.toolbox()
    let refused = try await Self.confirm(toolbox, "add_task", ["contact": .string("Ben"), "title": .string("Photos")])
    #expect(refused.isError && refused.structured["error"] == .string("refused"), "\(refused)")
    #expect(refused.text.contains("The selected contact id is invalid."))
    let limited = try await Self.confirm(
      toolbox, "log_interaction", ["contact": .string("Ben"), "summary": .string("School")])
    #expect(limited.isError && limited.structured["error"] == .string("rate_limited"), "\(limited)")
    #expect(limited.structured["retry_after_seconds"] != nil)
    // The refused task is planned again and written on the next try (the fault was once).
    let retried = try await Self.confirm(toolbox, "add_task", ["contact": .string("Ben"), "title": .string("Photos")])
    #expect(retried.structured["status"] == .string("written"), "\(retried)")
  }

  @Test("a 429's tool error says to wait what its Retry-After asked, bounded; 60 seconds when it said nothing usable")
  func retryAfter() async throws {
    let faults = [
      "429=7@*1:POST:/api/calls", "429bare@*1:POST:/api/notes", "429=soon@*1:POST:/api/tasks",
      "429=5000@*1:POST:/api/reminders",
    ]
    let account = try await Account(faults: faults, virtualTime: true)
    let toolbox = try account.toolbox()
    let cases: [(String, KeyValuePairs<String, JSONValue>, Int)] = [
      ("log_interaction", ["contact": .string("Ben"), "summary": .string("School")], 7),
      ("add_note", ["contact": .string("Ben"), "body": .string("School")], 60),
      ("add_task", ["contact": .string("Ben"), "title": .string("Photos")], 60),
      ("add_reminder", ["contact": .string("Ben"), "title": .string("Call"), "date": .string("2026-12-01")], 3_600),
    ]
    for (tool, arguments, seconds) in cases {
      let answer = try await Self.confirm(toolbox, tool, arguments)
      #expect(answer.structured["error"] == .string("rate_limited"), "\(tool): \(answer)")
      #expect(answer.structured["retry_after_seconds"] == .int(seconds), "\(tool): \(answer)")
      #expect(answer.text.contains("wait \(seconds) seconds"), "\(tool): \(answer.text)")
    }
    // Rounded up to a whole second, at least one; a limit the last answer did not set is the default.
    #expect(ToolProblem.retryAfter((true, 0)) == 1 && ToolProblem.retryAfter((true, 2.1)) == 3)
    #expect(ToolProblem.retryAfter((false, 7)) == ToolProblem.defaultRetryAfter)
  }

  @Test("bad input is an error result naming the argument, and the next call works")
  func badInput() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let cases: [(String, KeyValuePairs<String, JSONValue>, String)] = [
      ("no_such_tool", [:], "unknown_tool"),
      ("add_note", ["contact": .string("Ben"), "body": .int(5)], "invalid_argument"),
      ("add_note", ["contact": .string("Ben")], "invalid_argument"),
      ("find_contact", ["query": .string("Ben"), "sql": .string("drop")], "invalid_argument"),
      ("upcoming", ["days": .int(9_999)], "invalid_argument"),
      (
        "add_reminder", ["contact": .string("Ben"), "title": .string("x"), "date": .string("2026-13-01")],
        "invalid_argument"
      ),
      ("add_note", ["contact": .string("Ben"), "contact_id": .int(1), "body": .string("x")], "invalid_argument"),
      ("brief_contact", ["contact_id": .int(999)], "not_found"),
      ("complete_task", ["task_id": .int(999)], "not_found"),
      (
        "add_note", ["contact": .string("Ben"), "body": .string(String(repeating: "x", count: 100_001))],
        "invalid_argument"
      ),
    ]
    for (name, arguments, kind) in cases {
      let answer = await Self.call(toolbox, name, arguments)
      #expect(answer.isError && answer.structured["error"] == .string(kind), "\(name): \(answer)")
    }
    #expect(account.writes.isEmpty)
    let ben = await Self.call(toolbox, "brief_contact", ["contact": .string("Ben")])
    #expect(!ben.isError && ben.structured["name"] == .string("Ben Ode"))
  }

  @Test("--read-only offers the read tools only and runs no write")
  func readOnly() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox(readOnly: true)
    #expect(toolbox.tools.allSatisfy { $0.readOnly })
    #expect(toolbox.tools.map(\.name) == ["find_contact", "brief_contact", "upcoming", "overdue", "search_notes"])
    let answer = await Self.call(toolbox, "add_note", ["contact": .string("Ben"), "body": .string("x")])
    #expect(answer.isError && answer.text.contains("read-only"))
    #expect(account.writes.isEmpty)
  }

  @Test("upcoming counts from the account's day; overdue from the last call; brief and search show what was written")
  func reads() async throws {
    let account = try await Account()
    let ben = account.ids["Ben Ode"] ?? 0
    try await account.create(
      "/calls", ["contact_id": .int(ben), "called_at": .string("2026-01-10"), "content": .string("New year")])
    try await account.create("/notes", ["contact_id": .int(ben), "body": .string("Ben's daughter started school")])
    try await account.create("/tasks", ["contact_id": .int(ben), "title": .string("Send photos")])
    let toolbox = try account.toolbox()
    let week = await Self.call(toolbox, "upcoming", ["days": .int(7)])
    let birthdays = week.structured["occurrences"]?.arrayValue ?? []
    #expect(birthdays.map { $0["date"]?.stringValue } == ["2026-11-27"], "\(week)")
    #expect(birthdays.first?["contact"]?["complete_name"] == .string("Ana Lima"))
    let short = await Self.call(toolbox, "upcoming", ["days": .int(3)])
    #expect(short.structured["count"] == .int(0))
    let overdue = await Self.call(toolbox, "overdue", ["days": .int(90)])
    #expect(
      overdue.structured["contacts"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Ben Ode"], "\(overdue)")
    let before = account.run.transport.exchanges.count
    let brief = await Self.call(toolbox, "brief_contact", ["contact": .string("Ben")])
    // The contacts' walk of `overdue` is reused: the contact and its three lists.
    #expect(account.run.transport.exchanges.count - before == 4)
    #expect(brief.structured["calls"]?.arrayValue?.count == 1, "\(brief)")
    #expect(brief.structured["open_tasks"]?.arrayValue?.first?["title"] == .string("Send photos"))
    #expect(brief.structured["recent_notes"]?.arrayValue?.first?["body"] == .string("Ben's daughter started school"))
    let ana = await Self.call(toolbox, "brief_contact", ["contact": .string("Ana Lima")])
    #expect(ana.structured["next_birthday"]?["date"] == .string("2026-11-27"), "\(ana)")
    #expect(ana.structured["next_birthday"]?["age"] == .int(41))
    let notes = await Self.call(toolbox, "search_notes", ["text": .string("DAUGHTER school")])
    #expect(notes.structured["notes"]?.arrayValue?.first?["contact"] == .string("Ben Ode"), "\(notes)")
    let nothing = await Self.call(toolbox, "search_notes", ["text": .string("wedding")])
    #expect(nothing.structured["count"] == .int(0))
  }

  @Test("the token never reaches an answer, whatever a message quoted")
  func tokenScrubbed() async throws {
    let account = try await Account()
    let toolbox = try account.toolbox()
    let token = account.run.transport.sandbox.token
    let quoting = await Self.call(toolbox, "find_contact", ["query": .string(token)])
    let failing = await Self.call(toolbox, "no_such_tool_\(token)", [:])
    for answer in [quoting, failing] {
      #expect(!answer.text.contains(token))
      #expect(!JSONWriter.plain.string(.object(answer.structured)).contains(token))
    }
  }
}
