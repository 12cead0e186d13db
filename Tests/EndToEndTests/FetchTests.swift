import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-fetch` as a binary against a real sandbox: its help, pipes that close, the terminal's
/// progress, records and ids through a pipe, pacing and time-outs on the real clock, usage
/// errors. Paging, the failure rows and the faults are FetcherTests' (MonicaAPITests), in-process.
@Suite struct FetchTests {
  /// The signed-in environment with short retries and time-outs, so failures take milliseconds.
  func env(_ sandbox: Sandbox, _ extra: [String: String] = [:]) -> [String: String] {
    sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "2000"]) { $1 }.merging(extra) { $1 }
  }

  /// `path?query` of every logged request to a path prefix.
  func targets(_ sandbox: Sandbox, under prefix: String = "/api") -> [String] {
    sandbox.requests().compactMap { request in
      guard let path = request["path"]?.stringValue, path.hasPrefix(prefix) else { return nil }
      let query = request["query"]?.stringValue ?? ""
      return query.isEmpty ? path : path + "?" + query
    }
  }

  @Test("--query: the help says what Monica searches, and the sandbox searches so")
  func searchHelp() throws {
    let help = try sh("monica-fetch --help", env: TemporaryHome().env).stdout.replacingOccurrences(of: "\n", with: " ")
    for phrase in [
      "first, middle or last name, the nickname, the description or the job", "% (any run of characters)",
      "_ (any one character) are wildcards", "Case and accents fold on a real instance", "email:sam",
      "is a contact field type", "not a record field",
    ] {
      #expect(help.contains(phrase), "the help does not say: \(phrase)")
    }
    let sandbox = try Sandbox.start(["--contacts", "200", "--rate-limit", "0"])
    let run = try sh(
      """
      names() { monica-fetch contacts --query "$1" | jq -r .first_name | sort -u | paste -sd, -; }
      names 'zoe ingrid'; names ZOË; names 'z_e'; names 'email:sam'; names 'EMAIL:SAM'; names 'job:nurse'
      monica-fetch contacts --query 'nurse' | jq -r .id | wc -l
      """, env: env(sandbox))
    #expect(run.status == 0, "\(run)")
    #expect(run.lines.count == 7, "\(run)")
    guard run.lines.count == 7 else { return }
    #expect(
      run.lines[0] == "Ingrid,Zoë" && run.lines[1] == "Zoë" && run.lines[2] == "Zoë", "words OR-ed, folded: \(run)")
    #expect(run.lines[3] == "Sam" && run.lines[4] == "Sam", "a contact field type and a prefix: \(run)")
    #expect(run.lines[5].isEmpty, "job is not a contact field type: \(run)")
    #expect((Int(run.lines[6]) ?? 0) > 0, "job is searched: \(run)")

    let verbose = try sh("monica-fetch contacts --max 1 --verbose", env: env(sandbox))
    #expect(verbose.stderr.hasPrefix("monica-fetch: GET /api/contacts?page=1&limit=100 200 "), "\(verbose)")
    #expect(!verbose.stderr.contains(sandbox.token))
  }

  @Test("records and ids from one monica-fetch to the next through a pipe, each item once")
  func pipelines() throws {
    let sandbox = try Sandbox.start(["--contacts", "200", "--rate-limit", "0"])
    let pipeline = try sh(
      "monica-fetch contacts --query an --max 5 | monica-fetch notes --contact -", env: env(sandbox))
    #expect(pipeline.status == 0 && pipeline.stderr.isEmpty, "\(pipeline)")
    #expect(targets(sandbox).filter { $0.contains("/notes?") }.count == 5)
    let notes = try sh("monica-fetch notes --max 2 | monica-fetch notes -", env: env(sandbox))
    #expect(notes.status == 0 && notes.lines.count == 2, "\(notes)")
    #expect(try records(notes.stdout).allSatisfy { $0["object"]?.stringValue == "note" })
  }

  @Test("| head -n 1 makes exactly one request and exits 0")
  func closedPipe() throws {
    let sandbox = try Sandbox.start(["--contacts", "5000", "--rate-limit", "0"])
    let run = try sh("monica-fetch contacts | head -n 1", env: env(sandbox))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.lines.count == 1)
    #expect(sandbox.requests(path: "/api/contacts").count == 1)
  }

  @Test("progress goes to stderr only when it is a terminal, never to stdout, and not with --quiet")
  func progress() throws {
    let sandbox = try Sandbox.start(["--contacts", "400", "--rate-limit", "0"])
    // script(1) makes stderr a terminal; stdout goes to a file.
    let shown = try sh("script -qec 'monica-fetch contacts > \"$TMPDIR/out\"' /dev/null", env: env(sandbox))
    let out = try String(contentsOfFile: sandbox.temporary.root + "/out", encoding: .utf8)
    let count = out.split(separator: "\n").count
    #expect(count > 300)
    #expect(
      shown.stdout.contains("contacts \(count) of \(count), page 4 of 4"), "records of meta.total, pages: \(shown)")
    #expect(!out.contains("records, page"))
    let quiet = try sh("script -qec 'monica-fetch contacts --quiet > /dev/null' /dev/null", env: env(sandbox))
    #expect(!quiet.stdout.contains("records"), "\(quiet)")
  }

  @Test("a reader that stops while pages are in flight ends the tool at once, every time")
  func closedPipeWithPagesInFlight() throws {
    let sandbox = try Sandbox.start(["--contacts", "300", "--rate-limit", "0", "--latency", "300"])
    for _ in 0..<5 {
      // timeout(1) only guards against a hang (124); the status asked for is head's quiet 0.
      let run = try sh("timeout 20 sh -c 'monica-fetch contacts --page-size 10 | head -n 1'", env: env(sandbox))
      #expect(run.status == 0 && run.lines.count == 1 && run.stderr.isEmpty, "\(run)")
    }
  }

  @Test("paced under --rate-limit 10/1: zero 429, the exact record set")
  func pacing() throws {
    let sandbox = try Sandbox.start(["--contacts", "2600", "--rate-limit", "10/1"])
    let run = try sh("monica-fetch contacts --page-size 100 | jq -r .id | sort -n | uniq | wc -l", env: env(sandbox))
    #expect(run.status == 0, "\(run)")
    let statuses = sandbox.requests(path: "/api/contacts").compactMap { $0["status"]?.intValue }
    #expect(statuses.count > 20 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
    let total = try sh(
      "curl -sf -H 'Accept: application/json' -H \"Authorization: Bearer $SANDBOX_TOKEN\" \"$SANDBOX_API/contacts?limit=1\" "
        + "| jq .meta.total", env: sandbox.env)
    #expect(run.lines == total.lines, "\(total)")
  }

  @Test("MONICA_TIMEOUT_MS under a second is honoured, both ways")
  func subsecondTimeout() throws {
    let slow = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--latency", "100"])
    let quick = try sh("monica-fetch contacts --max 1", env: env(slow, ["MONICA_TIMEOUT_MS": "600"]))
    #expect(quick.status == 0 && quick.lines.count == 1, "\(quick)")
    let tooQuick = try sh("monica-fetch contacts --max 1 --retries 0", env: env(slow, ["MONICA_TIMEOUT_MS": "50"]))
    #expect(tooQuick.status == 75 && tooQuick.stderr.contains("no answer within 0.05 s"), "\(tooQuick)")
  }

  @Test("bad flags and combinations are usage errors (64) before any request")
  func usage() throws {
    let sandbox = try Sandbox.start(["--contacts", "10", "--rate-limit", "0"])
    for flags in [
      "contacts --sort name", "tags --contact 1", "notes --query x", "contacts --page-size 101",
      "contacts 12 --max 2", "notes --tag 1", "contacts --since yesterday", "widgets", "contacts --concurrency 0",
      "contacts - --query ann",
    ] {
      let run = try sh("monica-fetch \(flags)", env: env(sandbox))
      #expect(run.status == 64 && run.stdout.isEmpty, "\(flags): \(run)")
    }
    #expect(sandbox.requests().isEmpty)
  }
}
