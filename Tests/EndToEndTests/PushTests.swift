import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// One kind's round trip: a rich record created, a one-field update, a jq edit of a fetched record.
struct PushCase: Sendable, CustomTestStringConvertible {
  /// The record's `object`.
  let kind: String
  /// The kind's name for monica-fetch.
  let plural: String
  /// The line that creates it, given two contact ids.
  let create: @Sendable (Int, Int) -> String
  /// Members of a one-field update (without object and id), and what they become on the server.
  let update: String
  /// A jq program applied to the fetched record.
  let edit: String
  /// Fields the server recomputes on any write, left out of the comparisons.
  let recomputed: [String]

  var testDescription: String { kind }

  static let all: [PushCase] = [
    PushCase(
      kind: "contact", plural: "contacts",
      create: { _, _ in
        #"{"object":"contact","first_name":"Ada","last_name":"Lovelace","description":"Analyst","is_dead":true,"#
          + #""information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":false,"#
          + #""date":"1915-12-10T00:00:00Z"},"deceased_date":{"is_age_based":false,"is_year_unknown":false,"#
          + #""date":"1952-11-27T00:00:00Z"}}},"tags":["math","chess"]}"#
      },
      update: #""nickname":"Ada L""#, edit: #".last_name = "Byron""#, recomputed: ["complete_name", "initials"]),
    PushCase(
      kind: "activity", plural: "activities",
      create: { a, b in
        #"{"object":"activity","summary":"Chess","description":"Long game","happened_at":"2024-05-01","#
          + #""activity_type":{"id":2},"emotions":[{"id":2}],"attendees":{"contacts":[{"id":\#(a)},{"id":\#(b)}]}}"#
      },
      update: #""summary":"Chess again""#, edit: #".description = "Short game""#, recomputed: []),
    PushCase(
      kind: "note", plural: "notes",
      create: { a, _ in #"{"object":"note","contact_id":\#(a),"body":"Likes chess","is_favorited":true}"# },
      update: #""body":"Loves chess""#, edit: ".is_favorited = false", recomputed: ["favorited_at"]),
    PushCase(
      kind: "task", plural: "tasks",
      create: { a, _ in
        #"{"object":"task","contact_id":\#(a),"title":"Buy a chess set","description":"Wooden","completed":true}"#
      },
      update: #""title":"Buy the chess set""#, edit: ".completed = false", recomputed: ["completed_at"]),
    PushCase(
      kind: "gift", plural: "gifts",
      create: { a, b in
        #"{"object":"gift","contact_id":\#(a),"name":"Chess set","comment":"Wooden","#
          + #""url":"https://example.com/chess?x=1&y=2","amount":"42.50","status":"idea","date":"2024-12-24","#
          + #""recipient_id":\#(b)}"#
      },
      update: #""status":"offered""#, edit: #".comment = "Marble""#, recomputed: []),
    PushCase(
      kind: "tag", plural: "tags", create: { _, _ in #"{"object":"tag","name":"chess club"}"# },
      update: #""name":"chess society""#, edit: #".name = "chess guild""#, recomputed: ["name_slug"]),
  ]
}

/// `monica-push` against a real sandbox: every kind, every failure row, what the server received.
@Suite struct PushTests {
  /// The signed-in environment with short back-offs.
  func env(_ sandbox: Sandbox, _ extra: [String: String] = [:]) -> [String: String] {
    sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "5000"]) { $1 }
      .merging(extra) { $1 }
  }

  /// `METHOD path status` of every request the sandbox logged that was not a GET.
  func writes(_ sandbox: Sandbox) -> [String] {
    sandbox.requests().compactMap { request in
      guard let method = request["method"]?.stringValue, method != "GET", let path = request["path"]?.stringValue,
        let status = request["status"]?.intValue
      else { return nil }
      return "\(method) \(path) \(status)"
    }
  }

  /// A record as monica-fetch prints it.
  func fetch(_ sandbox: Sandbox, _ plural: String, _ id: Int) throws -> JSONObject {
    let run = try sh("monica-fetch \(plural) \(id)", env: env(sandbox))
    try #require(run.status == 0, "\(run)")
    return try #require(try JSONValue(parsing: run.stdout).objectValue)
  }

  /// Two active, real contacts besides the user's own.
  func contacts(_ sandbox: Sandbox) throws -> (Int, Int) {
    let run = try sh("monica-fetch contacts --max 3 | jq -r .id", env: env(sandbox))
    let ids = run.lines.compactMap(Int.init).filter { $0 != 1 }
    try #require(ids.count >= 2, "\(run)")
    return (ids[0], ids[1])
  }

  /// `record` without the members that may differ.
  func without(_ record: JSONObject, _ keys: [String]) -> JSONObject {
    var copy = record
    for key in keys + ["updated_at"] { copy[key] = nil }
    return copy
  }

  @Test(
    "create, a one-field update that keeps every other field, and a monica-fetch | jq edit", arguments: PushCase.all)
  func roundTrip(_ kind: PushCase) throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let (a, b) = try contacts(sandbox)

    let created = try sh("monica-push", env: env(sandbox), stdin: kind.create(a, b) + "\n")
    #expect(created.status == 0 && created.stderr.isEmpty && created.lines.count == 1, "\(created)")
    let record = try #require(try records(created.stdout).first?.objectValue)
    #expect(record["object"] == .string(kind.kind))
    let id = try #require(record["id"]?.intValue)
    // What was printed is the server's record: the same as a fresh read, but for a note's
    // favorited_at, a date column (2017_12_01_113748_update_notes.php:18) whose write answer
    // shows the time and whose read shows the day at midnight.
    var fresh = try fetch(sandbox, kind.plural, id)
    var printed = record
    if kind.kind == "note" {
      #expect(fresh["favorited_at"]?.stringValue?.prefix(10) == printed["favorited_at"]?.stringValue?.prefix(10))
      (fresh["favorited_at"], printed["favorited_at"]) = (nil, nil)
    }
    #expect(fresh == printed)

    let update = try sh(
      "monica-push", env: env(sandbox), stdin: #"{"object":"\#(kind.kind)","id":\#(id),\#(kind.update)}"# + "\n")
    #expect(update.status == 0 && update.stderr.isEmpty, "\(update)")
    let updated = try fetch(sandbox, kind.plural, id)
    let changes = try #require(try JSONValue(parsing: "{\(kind.update)}").objectValue)
    for member in changes.members { #expect(updated[member.key] == member.value, "\(member.key)") }
    #expect(
      without(updated, changes.keys + kind.recomputed) == without(record, changes.keys + kind.recomputed),
      "a field the update did not name changed")

    let piped = try sh(
      "monica-fetch \(kind.plural) \(id) | jq -c '\(kind.edit)' | monica-push | jq -c .", env: env(sandbox))
    #expect(piped.status == 0 && piped.stderr.isEmpty && piped.lines.count == 1, "\(piped)")
    let edited = try fetch(sandbox, kind.plural, id)
    let expected = try #require(
      try sh("monica-fetch \(kind.plural) \(id) | jq -c '\(kind.edit)'", env: env(sandbox)).lines.first)
    let wanted = try #require(try JSONValue(parsing: expected).objectValue)
    #expect(without(edited, kind.recomputed) == without(wanted, kind.recomputed), "the jq edit did not come back")
    #expect(try records(piped.stdout).first?.objectValue == edited)

    let deleted = try sh("monica-fetch \(kind.plural) \(id) | monica-push --delete --yes", env: env(sandbox))
    #expect(deleted.status == 0 && deleted.stderr.isEmpty, "\(deleted)")
    #expect(try records(deleted.stdout).first?["deleted"] == .bool(true))
    #expect(try sh("monica-fetch \(kind.plural) \(id)", env: env(sandbox)).status == 66)
  }

  @Test("a new contact's tags and a completed new task take the requests Monica needs after the create")
  func createFollowUps() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let (a, b) = try contacts(sandbox)
    let run = try sh(
      "monica-push", env: env(sandbox),
      stdin: PushCase.all[0].create(a, b) + "\n" + PushCase.all[3].create(a, b) + "\n")
    #expect(run.status == 0, "\(run)")
    let printed = try records(run.stdout)
    #expect(printed.first?["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["math", "chess"])
    #expect(printed.last?["completed"] == .bool(true))
    let contact = try #require(printed.first?["id"]?.intValue)
    let task = try #require(printed.last?["id"]?.intValue)
    #expect(
      writes(sandbox) == [
        "POST /api/contacts 201", "POST /api/contacts/\(contact)/setTags 200", "POST /api/tasks 200",
        "PUT /api/tasks/\(task) 200",
      ])
  }

  @Test("tags are a desired state: names added through setTags, removed through unsetTag, reused, never doubled")
  func tags() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let (a, _) = try contacts(sandbox)
    let before = try fetch(sandbox, "contacts", a)
    let names = (before["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    let tagCount = try sh("monica-fetch tags | wc -l", env: env(sandbox)).stdout
    // Keep the first, drop the rest, add an existing tag (work) and a new one.
    let wanted = Array(names.prefix(1)) + ["work", "chess"]
    let line =
      #"{"object":"contact","id":\#(a),"tags":\#(JSONWriter.plain.string(.array(wanted.map(JSONValue.string))))}"#
    let run = try sh("monica-push | jq -c '[.tags[].name]'", env: env(sandbox), stdin: line + "\n")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.lines == [JSONWriter.plain.string(.array(wanted.map(JSONValue.string)))])
    let after = try fetch(sandbox, "contacts", a)
    #expect(after["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == wanted)
    #expect(without(after, ["tags"]) == without(before, ["tags"]), "tags changed something else")
    let tags = try records(try sh("monica-fetch tags", env: env(sandbox)).stdout)
    #expect(tags.filter { $0["name"] == .string("work") }.count == 1)
    #expect(tags.count == (Int(tagCount.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) + 1)
    var expected = names.count > 1 ? ["POST /api/contacts/\(a)/unsetTag 200"] : []
    expected.append("POST /api/contacts/\(a)/setTags 200")
    #expect(writes(sandbox) == expected)
    // The same line again changes nothing, so nothing but the read is sent.
    let again = try sh("monica-push >/dev/null", env: env(sandbox), stdin: line + "\n")
    #expect(again.status == 0 && writes(sandbox) == expected, "\(again)")
    let cleared = try sh(
      "monica-push | jq -c .tags", env: env(sandbox), stdin: #"{"object":"contact","id":\#(a),"tags":[]}"# + "\n")
    #expect(cleared.lines == ["[]"], "\(cleared)")
  }

  @Test("--delete with --yes deletes; without it refuses (64) when there is no terminal, asks when there is one")
  func delete() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let directory = sandbox.temporary.root
    let prepared = try sh(
      "monica-fetch notes --max 3 | tee three.ndjson | head -n 1 > one.ndjson && sed -n 2p three.ndjson > two.ndjson",
      env: env(sandbox), directory: directory)
    try #require(prepared.status == 0, "\(prepared)")
    let ids = try records(try String(contentsOfFile: directory + "/three.ndjson", encoding: .utf8))
      .compactMap { $0["id"]?.intValue }
    try #require(ids.count == 3)

    let refused = try sh(
      "setsid -w monica-push --delete one.ndjson </dev/null", env: env(sandbox), directory: directory)
    #expect(refused.status == 64 && refused.stdout.isEmpty, "\(refused)")
    #expect(refused.stderr.contains("--delete without --yes") && refused.stderr.contains("nothing was deleted"))
    #expect(writes(sandbox).isEmpty)

    let deleted = try sh("monica-push --delete --yes one.ndjson", env: env(sandbox), directory: directory)
    #expect(deleted.status == 0 && deleted.lines == [#"{"deleted":true,"id":\#(ids[0])}"#], "\(deleted)")
    let gone = try sh("monica-fetch notes \(ids[0])", env: env(sandbox))
    #expect(gone.status == 66)

    // A terminal: the question names what goes; "n" keeps it, "y" deletes it.
    let declined = try sh(
      "printf 'n\\n' | script -qec 'monica-push --delete two.ndjson' /dev/null", env: env(sandbox),
      directory: directory)
    #expect(
      declined.status == 0
        && declined.stdout.contains("delete 1 record (1 note) on \(sandbox.url) (MONICA_URL): note #\(ids[1])"),
      "\(declined)")
    #expect(declined.stdout.contains("nothing was deleted"))
    #expect(try sh("monica-fetch notes \(ids[1])", env: env(sandbox)).status == 0)
    let confirmed = try sh(
      "printf 'y\\n' | script -qec 'monica-push --delete two.ndjson' /dev/null", env: env(sandbox),
      directory: directory)
    #expect(confirmed.status == 0 && confirmed.stdout.contains(#"{"deleted":true,"id":\#(ids[1])}"#), "\(confirmed)")
    #expect(try sh("monica-fetch notes \(ids[1])", env: env(sandbox)).status == 66)
    #expect(writes(sandbox) == ["DELETE /api/notes/\(ids[0]) 200", "DELETE /api/notes/\(ids[1]) 200"])
  }

  @Test("--dry-run prints method, path and body per request, sends nothing, needs no login, shows no token")
  func dryRun() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "20"])
    let input = """
      {"object":"note","contact_id":3,"body":"Call back","url":"ignored"}
      {"object":"task","id":7,"completed":true}
      {"object":"task","contact_id":3,"title":"T","completed":true}
      {"object":"contact","id":9,"nickname":"Sev","tags":["family"]}

      """
    let run = try sh("monica-push --dry-run -", env: env(sandbox), stdin: input)
    #expect(
      run.status == 0 && run.stderr == "monica-push: dry run for \(sandbox.url) (MONICA_URL): nothing is sent\n",
      "\(run)")
    #expect(
      run.lines == [
        #"POST /api/notes {"body":"Call back","contact_id":3}"#,
        "GET /api/tasks/7",
        #"PUT /api/tasks/7 {"completed":true}  # with the other fields as read; not sent if nothing changes"#,
        #"POST /api/tasks {"contact_id":3,"title":"T"}"#,
        #"PUT /api/tasks/{id} {"contact_id":3,"title":"T","completed":true}  # the new task's id: "#
          + "Monica's create does not take completed",
        "GET /api/contacts/9",
        #"PUT /api/contacts/9 {"nickname":"Sev"}  # with the other fields as read; not sent if nothing changes"#,
        "POST /api/contacts/9/unsetTag  # the ids of its tags not named below",
        #"POST /api/contacts/9/setTags {"tags":["family"]}  # the names it lacks"#,
      ])
    #expect(sandbox.requests().isEmpty)
    #expect(!run.stdout.contains(sandbox.token))
    let kindless = try sh(
      "monica-push --dry-run --object note", env: env(sandbox), stdin: #"{"id":4,"body":"x"}"# + "\n")
    #expect(
      kindless.lines == [
        "GET /api/notes/4",
        #"PUT /api/notes/4 {"body":"x"}  # with the other fields as read; not sent if nothing changes"#,
      ], "\(kindless)")
    let conflict = try sh(
      "monica-push --dry-run --object note", env: env(sandbox), stdin: #"{"object":"task","id":4}"# + "\n")
    #expect(conflict.status == 65 && conflict.stderr.contains("stdin:1: a task record, but --object is note"))
    let deletes = try sh(
      "monica-push --dry-run --delete", env: sandbox.env, stdin: #"{"object":"gift","id":5}"# + "\n")
    #expect(deletes.status == 0 && deletes.lines == ["DELETE /api/gifts/5"], "\(deletes)")
    #expect(sandbox.requests().isEmpty)
  }

  @Test("a 422 stops at its line (65, SOURCE:LINE: Monica's message); --keep-going goes on and sums up")
  func rejectedLine() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let (a, _) = try contacts(sandbox)
    let directory = sandbox.temporary.root
    let input = """
      {"object":"task","contact_id":\(a),"title":"first"}
      {"object":"gift","contact_id":999999,"name":"second","status":"idea"}
      {"object":"task","contact_id":\(a),"title":"third"}

      """
    try input.write(toFile: directory + "/tasks.ndjson", atomically: true, encoding: .utf8)
    let stopped = try sh("monica-push tasks.ndjson", env: env(sandbox), directory: directory)
    #expect(stopped.status == 65, "\(stopped)")
    #expect(
      stopped.stderr
        == "monica-push: 1 line written, stopped at tasks.ndjson:2\n"
        + "monica-push: error: tasks.ndjson:2: The selected contact id is invalid.\n")
    #expect(try records(stopped.stdout).map { $0["title"] } == [.string("first")])
    #expect(writes(sandbox) == ["POST /api/tasks 200", "POST /api/gifts 422"])

    let going = try sh("monica-push --keep-going < tasks.ndjson", env: env(sandbox), directory: directory)
    #expect(going.status == 65, "\(going)")
    #expect(try records(going.stdout).map { $0["title"] } == [.string("first"), .string("third")])
    #expect(
      going.stderr == "monica-push: error: stdin:2: The selected contact id is invalid.\n"
        + "monica-push: error: 1 of 3 lines failed: stdin:2\n")
  }

  @Test(
    "a record that does not exist is 66 where Monica looks it up, 65 where its rules say exists; --keep-going sums up")
  func missingRecord() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "20"])
    let lines = #"{"object":"note","id":99999,"body":"x"}"# + "\n" + #"{"object":"gift","id":99998}"# + "\n"
    let stopped = try sh("monica-push", env: env(sandbox), stdin: lines)
    #expect(stopped.status == 66 && stopped.stderr == "monica-push: error: stdin:1: note #99999 was not found\n")
    // ApiNoteController finds the note first (404); DestroyGift validates `exists:gifts,id`
    // (DestroyGift.php:19): Monica's 422, which monica-push reports in Monica's words, 65.
    let going = try sh("monica-push --keep-going --delete --yes", env: env(sandbox), stdin: lines)
    #expect(going.status == 65, "\(going)")
    #expect(
      going.stderr == "monica-push: error: stdin:1: note #99999 was not found\n"
        + "monica-push: error: stdin:2: The selected gift id is invalid.\n"
        + "monica-push: error: 2 of 2 lines failed: stdin:1, stdin:2\n")
    #expect(writes(sandbox) == ["DELETE /api/notes/99999 404", "DELETE /api/gifts/99998 422"])
  }

  @Test("a reader that stops early (| head -n 1) ends the pushing quietly with status 0")
  func closedPipe() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "20"])
    let (a, _) = try contacts(sandbox)
    let lines = (1...30).map { #"{"object":"note","contact_id":\#(a),"body":"n\#($0)"}"# }.joined(separator: "\n")
    let run = try sh("monica-push | head -n 1", env: env(sandbox), stdin: lines + "\n")
    #expect(run.status == 0 && run.stderr.isEmpty && run.lines.count == 1, "\(run)")
    #expect(writes(sandbox).count < 30)
  }

  @Test("bad JSON is 65 with its line, and nothing of that line is sent")
  func badJSON() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let (a, _) = try contacts(sandbox)
    let input =
      #"{"object":"note","contact_id":\#(a),"body":"one"}"# + "\n" + #"{"object":"note","body":"#
      + "\n" + #"{"object":"note","contact_id":\#(a),"body":"three"}"# + "\n"
    let run = try sh("monica-push", env: env(sandbox), stdin: input)
    #expect(run.status == 65, "\(run)")
    #expect(run.stderr.hasPrefix("monica-push: 1 line written, stopped at stdin:2\n"), "\(run.stderr)")
    #expect(run.stderr.contains("monica-push: error: stdin:2: invalid JSON"), "\(run.stderr)")
    #expect(run.lines.count == 1)
    #expect(writes(sandbox) == ["POST /api/notes 201"])
    let unknown = try sh("monica-push", env: env(sandbox), stdin: #"{"object":"photo","id":1}"# + "\n[1]\n")
    #expect(unknown.status == 65 && unknown.stderr.contains("stdin:1: photo records cannot be pushed"), "\(unknown)")
    let kindless = try sh("monica-push --keep-going", env: env(sandbox), stdin: #"{"id":1}"# + "\n[1]\n")
    #expect(kindless.status == 65, "\(kindless)")
    #expect(kindless.stderr.contains("stdin:1: no \"object\""))
    #expect(kindless.stderr.contains("stdin:2: not a JSON object but an array"))
    #expect(kindless.stderr.hasSuffix("monica-push: error: 2 of 2 lines failed: stdin:1, stdin:2\n"))
    #expect(writes(sandbox) == ["POST /api/notes 201"])
  }

  @Test("a create answered 5xx or timed out is never sent again (75); updates and deletes are retried")
  func retries() throws {
    let sandbox = try Sandbox.start([
      "--rate-limit", "0", "--contacts", "40", "--fault", "500@1:POST:/api/notes",
      "--fault", "slow=1500@2:POST:/api/notes", "--fault", "429@1:PUT:/api/tasks", "--fault", "503@2:PUT:/api/tasks",
      "--fault", "502@1:DELETE:/api",
    ])
    let (a, _) = try contacts(sandbox)
    let note = #"{"object":"note","contact_id":\#(a),"body":"once"}"# + "\n"
    let failed = try sh("monica-push", env: env(sandbox), stdin: note + note)
    #expect(failed.status == 75 && failed.stdout.isEmpty, "\(failed)")
    #expect(failed.stderr.contains("stdin:1: POST /api/notes: Monica answered HTTP 500"))
    #expect(failed.stderr.contains("was not repeated"))
    #expect(writes(sandbox) == ["POST /api/notes 500"])

    // A time-out: the sandbox creates the note after the client gave up, which is why it is not repeated.
    let before = try sh("monica-fetch notes --contact \(a) | wc -l", env: env(sandbox)).stdout
    let slow = try sh("monica-push", env: env(sandbox, ["MONICA_TIMEOUT_MS": "300"]), stdin: note)
    #expect(slow.status == 75 && slow.stderr.contains("was not repeated"), "\(slow)")
    // The sandbox carries the note out once its 1.5 s delay is over, and logs it then.
    sandbox.waitForRequests { requests in
      requests.filter { $0["method"]?.stringValue == "POST" && $0["path"]?.stringValue == "/api/notes" }.count == 2
    }
    let after = try sh("monica-fetch notes --contact \(a) | wc -l", env: env(sandbox)).stdout
    #expect(
      Int(after.trimmingCharacters(in: .whitespacesAndNewlines))
        == (Int(before.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) + 1)
    #expect(writes(sandbox).filter { $0.hasPrefix("POST /api/notes") }.count == 2)

    let task = try #require(try records(try sh("monica-fetch tasks --max 1", env: env(sandbox)).stdout).first)
    let id = try #require(task["id"]?.intValue)
    let update = try sh(
      "monica-push", env: env(sandbox), stdin: #"{"object":"task","id":\#(id),"title":"again"}"# + "\n")
    #expect(update.status == 0 && update.stderr.isEmpty, "\(update)")
    #expect(try records(update.stdout).first?["title"] == .string("again"))
    #expect(
      writes(sandbox).filter { $0.hasPrefix("PUT") } == [
        "PUT /api/tasks/\(id) 429", "PUT /api/tasks/\(id) 503", "PUT /api/tasks/\(id) 200",
      ])
    let delete = try sh(
      "monica-push --delete --yes", env: env(sandbox), stdin: #"{"object":"task","id":\#(id)}"# + "\n")
    #expect(delete.status == 0, "\(delete)")
    #expect(
      writes(sandbox).filter { $0.hasPrefix("DELETE") } == [
        "DELETE /api/tasks/\(id) 502", "DELETE /api/tasks/\(id) 200",
      ])
  }

  @Test("an archived contact: Monica's 422 with the line, for an update and for its tags")
  func archivedContact() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let found = try sh(
      "for i in $(seq 2 40); do monica-fetch contacts $i; done | jq -r 'select(.is_active == false) | .id' | head -n 1",
      env: env(sandbox))
    let id = try #require(found.lines.first.flatMap(Int.init), "\(found)")
    let message = "Archived contact can’t be edited, please unarchive it first."
    let update = try sh(
      "monica-push", env: env(sandbox), stdin: #"{"object":"contact","id":\#(id),"nickname":"x"}"# + "\n")
    #expect(update.status == 65 && update.stdout.isEmpty, "\(update)")
    #expect(update.stderr == "monica-push: error: stdin:1: \(message)\n")
    let tags = try sh("monica-push", env: env(sandbox), stdin: #"{"object":"contact","id":\#(id),"tags":["x"]}"# + "\n")
    #expect(tags.status == 65 && tags.stderr == "monica-push: error: stdin:1: \(message)\n", "\(tags)")
    #expect(writes(sandbox) == ["PUT /api/contacts/\(id) 422", "POST /api/contacts/\(id)/setTags 422"])
  }

  @Test("what Monica's updates cannot do is refused or reported before anything is written")
  func refusals() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "40"])
    let (a, b) = try contacts(sandbox)
    let task = try #require(
      try records(try sh("monica-fetch tasks --contact \(a) --max 1", env: env(sandbox)).stdout).first?["id"]?.intValue)
    let moved = try sh(
      "monica-push", env: env(sandbox), stdin: #"{"object":"task","id":\#(task),"contact_id":\#(b)}"# + "\n")
    #expect(moved.status == 65 && moved.stderr.contains("stdin:1: task #\(task) cannot move"), "\(moved)")
    let searched = try sh(
      "monica-fetch contacts --query a --max 1 | jq -c '.nickname = \"x\"' | monica-push", env: env(sandbox))
    #expect(
      searched.status == 65 && searched.stderr.contains("a contact search returns is_active false"), "\(searched)")
    let unwritable = try sh(
      "monica-push", env: env(sandbox), stdin: #"{"object":"contact","id":\#(a),"complete_name":"Someone"}"# + "\n")
    #expect(unwritable.status == 0 && unwritable.lines.count == 1, "\(unwritable)")
    #expect(unwritable.stderr.contains("warning: stdin:1: complete_name changed in the line"))
    #expect(writes(sandbox).isEmpty)
  }
}
