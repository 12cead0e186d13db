import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Every fault `monica-sandbox` can inject, against every network tool: the exit status and
/// message, stdout only whole records, and what came before the fault exactly once.
@Suite struct FaultMatrixTests {
  /// One row: a fault, the tool's command, and what must come of it.
  struct Row: Sendable, CustomTestStringConvertible {
    /// `--fault` rules and other sandbox arguments.
    let sandbox: [String]
    /// The pipeline, with `monica-*` tools on PATH.
    var command = "monica-fetch contacts --page-size 10"
    /// Environment variables of the pipeline besides the signed-in ones.
    var env: [String: String] = [:]
    /// The exit status.
    let status: Int32
    /// A part of the one stderr error line (or of a warning, on success).
    var message: String?
    /// Whether every record of the listing must be there (else a prefix of it, or none).
    var complete: Bool { status == 0 }
    /// Records in the seeded sandbox.
    var contacts = 35

    var testDescription: String { "\(sandbox.joined(separator: " ")) -> \(status)" }
  }

  /// The faults of the connection itself, which only the real transport meets (a body cut or
  /// without end, a reset, a time-out, a redirect), one plain 5xx for the error line, and pacing
  /// on the real clock: the answer faults (statuses, 429's headers, bad pages, changing
  /// listings) are FaultRowTests' (MonicaAPITests), in-process.
  static let rows: [Row] = [
    Row(sandbox: ["--fault", "500@*1"], status: 69, message: "answered HTTP 500 for /api/contacts after 3 retries"),
    Row(sandbox: ["--fault", "cut@*1"], status: 69, message: "before the response was complete"),
    Row(sandbox: ["--fault", "cut@3"], status: 0),
    // Chunked without end: cut at the API's body limit, not retried.
    Row(sandbox: ["--fault", "endless@*1"], status: 76, message: "the answer is larger than 64 MiB"),
    Row(sandbox: ["--fault", "reset@*1"], status: 69, message: "the connection was closed"),
    Row(sandbox: ["--fault", "reset@2"], status: 0),
    Row(sandbox: ["--fault", "login@*1"], status: 76, message: "redirected to the login page"),
    Row(
      sandbox: ["--fault", "slow=3000@*1"], command: "monica-fetch contacts --retries 1",
      env: ["MONICA_TIMEOUT_MS": "300"], status: 75, message: "no answer within 0.3 s"),
    Row(sandbox: ["--fault", "slow=3000@1"], env: ["MONICA_TIMEOUT_MS": "300"], status: 0),
    // Pacing on the real clock, in the tool's own process. The reported hang: a header-less 503
    // first, then Monica's 60 a minute.
    Row(sandbox: ["--fault", "503@1", "--rate-limit", "60/60", "--latency", "5"], status: 0, contacts: 104),
    Row(
      sandbox: ["--fault", "remaining=59@*1", "--latency", "5"], command: "monica-fetch contacts --page-size 5",
      status: 0, contacts: 700),
  ]

  /// The ids of every contact `sandbox`'s listing holds now, read with curl.
  func listedIDs(_ sandbox: Sandbox) throws -> [Int] {
    let run = try sh(
      """
      page=1; while :; do
        out=$(curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" \
          "$SANDBOX_API/contacts?limit=100&page=$page") || exit 1
        echo "$out" | jq -c '.data[].id'
        [ "$(echo "$out" | jq '.meta.last_page')" -gt "$page" ] || break
        page=$((page + 1))
      done
      """, env: sandbox.env)
    return run.lines.compactMap { Int($0) }
  }

  @Test("every fault: status, one error line, whole records, nothing twice", arguments: rows)
  func fault(_ row: Row) throws {
    let sandbox = try Sandbox.start(["--contacts", String(row.contacts), "--rate-limit", "0"] + row.sandbox)
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "2000"]) { $1 }
      .merging(row.env) { $1 }
    let run = try sh("timeout 60 " + row.command, env: env)
    #expect(run.status == row.status, "\(run)")
    if let message = row.message { #expect(run.stderr.contains(message), "\(run)") }
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == (row.status == 0 ? 0 : 1), "\(run)")
    #expect(!run.stderr.contains("NSURLErrorDomain") && !run.stderr.contains("\u{1B}"))
    #expect(run.output.isEmpty || run.output.last == 0x0A, "half a line on stdout")
    let ids = try records(run.stdout).map { try #require($0["id"]?.intValue) }
    #expect(Set(ids).count == ids.count, "a record came twice")
    // The listing as it stands after the run (records added or removed by the fault), or as a
    // fault-free sandbox of the same seed lists it.
    let changes = row.sandbox.contains { $0.hasPrefix("grow") || $0.hasPrefix("shrink") }
    let reference = changes ? sandbox : try Sandbox.start(["--contacts", String(row.contacts), "--rate-limit", "0"])
    let listed = try listedIDs(reference)
    #expect(!listed.isEmpty)
    if row.sandbox.contains(where: { $0.hasPrefix("grow") }) {
      #expect(ids == listed, "records added during the walk were lost")
    } else if changes {
      #expect(Set(ids).isSuperset(of: listed), "records that stayed were lost")
    } else if row.complete {
      #expect(ids == listed, "records lost or out of order")
    } else {
      #expect(Array(listed.prefix(ids.count)) == ids, "not the listing's first records")
    }
  }

  /// One fault on monica-push's create of a note, and how many POSTs the sandbox may see.
  struct WriteRow: Sendable, CustomTestStringConvertible {
    let fault: String
    let status: Int32
    let posts: Int
    var message: String?
    /// The note's body as sent; Monica stores it trimmed (TrimStrings, app/Http/Kernel.php:20).
    var body = "fault matrix"
    var testDescription: String { "\(fault)\(body == "fault matrix" ? "" : " \(body.debugDescription)") -> \(status)" }
  }

  static let writeRows: [WriteRow] = [
    // A create that may have been applied is never repeated.
    WriteRow(fault: "500@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "503@*1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "cut@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "reset@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "slow=3000@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    // A 429 was not applied: it is waited out and repeated.
    WriteRow(fault: "429@1:POST:/api/notes", status: 0, posts: 2),
    WriteRow(fault: "429=inf@1:POST:/api/notes", status: 0, posts: 2),
    WriteRow(fault: "429=1e11@1:POST:/api/notes", status: 75, posts: 1, message: "longer than the 15 min"),
    WriteRow(fault: "html@1:POST:/api/notes", status: 76, posts: 1, message: "HTML page"),
    WriteRow(fault: "login@1:POST:/api/notes", status: 76, posts: 1, message: "login page"),
    WriteRow(fault: "badjson@1:POST:/api/notes", status: 76, posts: 1, message: "not valid JSON"),
    WriteRow(fault: "403@1:POST:/api/notes", status: 77, posts: 1),
  ]

  @Test("monica-push under every fault: a create is sent again only after a 429", arguments: writeRows)
  func writeFault(_ row: WriteRow) throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--rate-limit", "0", "--fault", row.fault])
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "1000"]) { $1 }
    let run = try sh(
      "timeout 60 monica-push", env: env, stdin: #"{"object":"note","contact_id":1,"body":"fault matrix"}"# + "\n")
    #expect(run.status == row.status, "\(run)")
    if let message = row.message { #expect(run.stderr.contains(message), "\(run)") }
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == (row.status == 0 ? 0 : 1) && errors.allSatisfy { $0.contains("stdin:1: ") }, "\(run)")
    #expect(!run.stderr.contains("NSURLErrorDomain") && !run.stderr.contains(sandbox.token))
    // The sandbox logs a request once it has answered it: a slow answer comes after the tool gave up.
    func posts() -> Int { sandbox.requests().filter { $0["method"]?.stringValue == "POST" }.count }
    let deadline = Date().addingTimeInterval(5)
    while posts() < row.posts && Date() < deadline { usleep(50_000) }
    #expect(posts() == row.posts)
    let written = try records(run.stdout)
    #expect(written.count == (row.status == 0 ? 1 : 0) && run.output.last.map { $0 == 0x0A } != false)
    if row.status == 0 { #expect(written.first?["body"]?.stringValue == "fault matrix") }
  }

  /// Faults on the create of a note in `monica-push --create --map`, then the run again.
  static let createRows: [WriteRow] = [
    WriteRow(fault: "500@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "503@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "cut@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "reset@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "slow=1500@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated"),
    WriteRow(fault: "429@1:POST:/api/notes", status: 0, posts: 2),
    // The answer lost, the body stored trimmed: the look-up compares values as Monica stores them.
    WriteRow(fault: "cut@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated", body: "fault matrix  "),
    WriteRow(
      fault: "500@1:POST:/api/notes", status: 75, posts: 1, message: "was not repeated", body: #" fault matrix\t"#),
  ]

  @Test(
    "monica-push --create --map under every fault: a create is never sent twice, and the run again makes one note",
    arguments: createRows)
  func createFault(_ row: WriteRow) throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0", "--fault", row.fault])
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "1000"]) { $1 }
    let map = sandbox.temporary.root + "/map.tsv"
    let stream =
      #"{"object":"contact","id":7,"first_name":"Ann","is_dead":false}"# + "\n"
      + #"{"object":"note","id":3,"body":"\#(row.body)","contact":{"id":7}}"# + "\n"
    let run = try sh("timeout 60 monica-push --create --map \(map)", env: env, stdin: stream)
    #expect(run.status == row.status, "\(run)")
    if let message = row.message { #expect(run.stderr.contains(message), "\(run)") }
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == (row.status == 0 ? 0 : 1) && errors.allSatisfy { $0.contains("stdin:2: ") }, "\(run)")
    // Every POST the sandbox saw, even one whose body it never read: libcurl used to send a POST
    // again by itself after a reset on a reused connection (logged "body unread", or made twice).
    func posts() -> Int {
      sandbox.requests().filter { $0["method"]?.stringValue == "POST" && $0["path"]?.stringValue == "/api/notes" }
        .count
    }
    let deadline = Date().addingTimeInterval(5)
    while posts() < row.posts && Date() < deadline { usleep(50_000) }
    #expect(posts() == row.posts)
    let mapped = try String(contentsOfFile: map, encoding: .utf8)
    #expect(mapped.contains("contact\t7\t") && mapped.contains("note\t3\t") == (row.status == 0), "\(mapped)")
    // The run again: the note the failed create may have made is found, or made once.
    let again = try sh("timeout 60 monica-push --create --map \(map)", env: env, stdin: stream)
    #expect(again.status == 0, "\(again)")
    let notes = try records(sh("monica-fetch notes", env: env).stdout)
    #expect(notes.filter { $0["body"]?.stringValue == "fault matrix" }.count == 1, "\(notes)")
    #expect(try String(contentsOfFile: map, encoding: .utf8).contains("note\t3\t"))
  }

  /// Faults that lose the answer of a contact field's create (a kind listed only under its
  /// contact) in `monica-push --create --map`.
  static let nestedCreateFaults = ["cut@1:POST:/api/contactfields", "500@1:POST:/api/contactfields"]

  @Test(
    "a contact field whose create answer is lost is found under its contact when resumed, above the floor read before the POST",
    arguments: nestedCreateFaults)
  func nestedCreateFault(_ fault: String) throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0", "--fault", fault])
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "1000"]) { $1 }
    let map = sandbox.temporary.root + "/map.tsv"
    let stream =
      #"{"object":"contact","id":7,"first_name":"Ann","is_dead":false}"# + "\n"
      + #"{"object":"contactfield","id":3,"content":"ann@example.com  ","contact_field_type":{"id":1,"name":"Email"},"contact":{"id":7}}"#
      + "\n"
    let run = try sh("timeout 60 monica-push --create --map \(map)", env: env, stdin: stream)
    #expect(run.status == 75 && run.stderr.contains("was not repeated"), "\(run)")
    let first = try String(contentsOfFile: map, encoding: .utf8)
    // The floor was read under the contact before the POST: the target had no contact field yet.
    #expect(first.contains("#floor\tcontactfield\t0\n"), "\(first)")
    let again = try sh("timeout 60 monica-push --create --map \(map)", env: env, stdin: stream)
    #expect(again.status == 0, "\(again)")
    let posts = sandbox.requests().filter {
      $0["method"]?.stringValue == "POST" && $0["path"]?.stringValue == "/api/contactfields"
    }
    // A cut answer is of a create that went through: taken back, not sent again.
    if fault.hasPrefix("cut") { #expect(posts.count == 1, "\(again)") }
    let fields = try records(sh("monica-fetch --all 2>/dev/null", env: env).stdout).filter {
      $0["object"]?.stringValue == "contactfield"
    }
    #expect(fields.count == 1, "\(fields)")
    #expect(try String(contentsOfFile: map, encoding: .utf8).contains("contactfield\t3\t"))
  }

  /// One fault on monica-avatar or monica-photo: the command and what must come of it.
  struct ImageRow: Sendable, CustomTestStringConvertible {
    let fault: String
    let command: String
    let status: Int32
    var message: String?
    /// What the row is about when no fault of the instance says it.
    var about: String?
    var testDescription: String {
      let words = command.split(separator: " ").prefix(2).joined(separator: " ")
      return "\(words) \(about ?? fault)\(command.hasSuffix("--strict") ? " --strict" : "") -> \(status)"
    }
  }

  /// Five contacts whose avatars are at the image origin's `NAME-<id>`: the answers of someone
  /// else's host, not of the instance.
  static func origin(_ name: String) -> String {
    "monica-fetch contacts --page-size 10 | head -n 5 | jq -c --arg g \"$SANDBOX_GRAVATAR\" "
      + #"'.information.avatar = {url: ($g + "/avatar/"# + name + #"-" + (.id | tostring)), source: "gravatar"}' "#
      + "| monica-avatar --dir faces"
  }

  /// The image origin's answers over real sockets: a chunked body without end is cut at 10 MB,
  /// one that trickles a byte a second by the time-out; each image is asked for once, and the
  /// initials are saved instead. The instance's faults on the image tools are FaultRowTests'.
  static let imageRows: [ImageRow] = [
    ImageRow(
      fault: "", command: origin("endless"), status: 0, message: "larger than 10 MB; saved the initials",
      about: "image origin: endless chunked body"),
    ImageRow(
      fault: "", command: origin("endless") + " --strict", status: 76, message: "larger than 10 MB",
      about: "image origin: endless chunked body"),
    ImageRow(
      fault: "", command: origin("trickle"), status: 0, message: "did not arrive within 2 s",
      about: "image origin: a byte a second"),
    ImageRow(
      fault: "", command: origin("trickle") + " --strict", status: 75, message: "did not arrive within 2 s",
      about: "image origin: a byte a second"),
  ]

  @Test(
    "monica-avatar and monica-photo under faults: status, one escaped error line, whole lines once",
    arguments: imageRows)
  func imageFault(_ row: ImageRow) throws {
    let sandbox = try Sandbox.start(
      ["--contacts", "35", "--rate-limit", "0", "--gravatar-port", "0"]
        + (row.fault.isEmpty ? [] : ["--fault", row.fault]))
    let env = sandbox.signedInEnv.merging([
      "MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "2000", "SANDBOX_GRAVATAR": sandbox.gravatar ?? "",
    ]) { $1 }
    let run = try sh("timeout 60 " + row.command, env: env, directory: sandbox.temporary.root)
    #expect(run.status == row.status, "\(run)")
    if let message = row.message { #expect(run.stderr.contains(message), "\(run)") }
    let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == (row.status == 0 ? 0 : 1), "\(run)")
    #expect(
      !run.stderr.contains("NSURLErrorDomain") && !run.stderr.contains("\u{1B}") && !run.stderr.contains(sandbox.token))
    #expect(run.output.isEmpty || run.output.last == 0x0A, "half a line on stdout")
    #expect(Set(run.lines).count == run.lines.count, "a line came twice")
    let parsed = try records(run.stdout)
    if row.fault.isEmpty {
      // Each image of the origin asked for once: never again after its cut.
      let asked = sandbox.requests().filter { $0["server"]?.stringValue == "gravatar" }.compactMap {
        $0["path"]?.stringValue
      }
      #expect(!asked.isEmpty && Set(asked).count == asked.count, "\(asked)")
      if row.status == 0 { #expect(asked.count == 5 && parsed.count == 5, "\(asked)") }
    }
  }
}
