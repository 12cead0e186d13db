import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-fetch` against a real sandbox: paging, byte-exact records, pacing, every failure row.
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

  /// The raw body of a GET, as curl saw it.
  func curl(_ sandbox: Sandbox, _ target: String) throws -> Data {
    try sh(
      "curl -sf -H 'Accept: application/json' -H \"Authorization: Bearer $SANDBOX_TOKEN\" \"$SANDBOX_API\(target)\"",
      env: sandbox.env
    ).output
  }

  @Test("every record of every page, byte-for-byte as sent, page URLs keeping limit and query")
  func pagesByteForByte() throws {
    let sandbox = try Sandbox.start(["--contacts", "260", "--rate-limit", "0"])
    let run = try sh("monica-fetch contacts", env: env(sandbox))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let fetched = targets(sandbox)
    let pages = try (1...3).map { try curl(sandbox, "/contacts?page=\($0)&limit=100") }
    let total = try JSONValue(parsing: pages[0])["meta"]?["total"]?.intValue
    #expect(run.lines.count == total)
    // Each line is a slice of a page body: keys, order and escapes (\/ and \uXXXX) as sent.
    let bodies = pages.map { String(decoding: $0, as: UTF8.self) }
    #expect(run.lines.allSatisfy { line in bodies.contains { $0.contains(line) } })
    #expect(run.stdout.contains(#"\/"#) && run.stdout.contains(#"\u"#))
    #expect(
      fetched.sorted() == [
        "/api/contacts?page=1&limit=100", "/api/contacts?page=2&limit=100", "/api/contacts?page=3&limit=100",
      ])
    #expect(sandbox.requests().allSatisfy { $0["accept"]?.stringValue == "application/json" })

    let search = try sh(
      "monica-fetch contacts --query a --sort=-updated_at --page-size 20 --concurrency 2", env: env(sandbox))
    #expect(search.status == 0, "\(search)")
    let searched = targets(sandbox).filter { $0.contains("query=a") }
    #expect(searched.count > 2 && searched.allSatisfy { $0.contains("limit=20") && $0.contains("sort=-updated_at") })
    let stamps = try records(search.stdout).compactMap { $0["updated_at"]?.stringValue }
    #expect(stamps == stamps.sorted(by: >))
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
  }

  @Test("| head -n 1 makes exactly one request and exits 0")
  func closedPipe() throws {
    let sandbox = try Sandbox.start(["--contacts", "5000", "--rate-limit", "0"])
    let run = try sh("monica-fetch contacts | head -n 1", env: env(sandbox))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.lines.count == 1)
    #expect(sandbox.requests(path: "/api/contacts").count == 1)
  }

  @Test("one record, the signed-in user, --max, --page and --with-fields")
  func oneRecordAndLimits() throws {
    let sandbox = try Sandbox.start(["--contacts", "300", "--rate-limit", "0"])
    let one = try sh("monica-fetch contacts 12", env: env(sandbox))
    #expect(one.status == 0 && one.lines.count == 1, "\(one)")
    #expect(String(decoding: try curl(sandbox, "/contacts/12"), as: UTF8.self) == "{\"data\":\(one.lines[0])}")
    let fields = try sh("monica-fetch contacts 12 --with-fields", env: env(sandbox))
    #expect(try records(fields.stdout).first?["contactFields"] != nil)
    let me = try sh("monica-fetch me", env: env(sandbox))
    #expect(try records(me.stdout).first?["object"]?.stringValue == "user")
    let note = try sh("monica-fetch notes --max 1 | jq -r .id | xargs monica-fetch notes", env: env(sandbox))
    #expect(try records(note.stdout).first?["object"]?.stringValue == "note", "\(note)")

    let before = sandbox.requests(path: "/api/contacts").count
    let max = try sh("monica-fetch contacts --max 5", env: env(sandbox))
    #expect(max.status == 0 && max.lines.count == 5)
    #expect(sandbox.requests(path: "/api/contacts").count == before + 1)
    let page = try sh("monica-fetch contacts --page 2 --page-size 7", env: env(sandbox))
    #expect(page.lines.count == 7)
    #expect(targets(sandbox).last == "/api/contacts?page=2&limit=7")
    let all = try sh("monica-fetch contacts", env: env(sandbox))
    #expect(try ids(page) == Array(try ids(all)[7..<14]))
  }

  @Test("an instance with a smaller page maximum: error 30 lowers the page size, said once")
  func pageSizeTooBig() throws {
    let sandbox = try Sandbox.start(["--contacts", "200", "--rate-limit", "0", "--max-page-size", "40"])
    let run = try sh("monica-fetch contacts", env: env(sandbox))
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stderr == "monica-fetch: warning: the instance refuses 100 records per page (Monica error 30); using 25\n")
    let all = try sh("monica-fetch contacts --page-size 10", env: env(sandbox))
    #expect(run.lines == all.lines && all.stderr.isEmpty)
  }

  @Test("a 429 mid-stream waits Retry-After and asks for the same page again: no record lost or doubled")
  func recoversFrom429() throws {
    let sandbox = try Sandbox.start(["--contacts", "900", "--rate-limit", "0", "--fault", "429@3:/api/contacts"])
    let run = try sh(
      "monica-fetch contacts > out; sort out | uniq -d | wc -l; wc -l < out", env: env(sandbox),
      directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let expected = try sh("monica-fetch contacts --page-size 50 | sort", env: env(sandbox)).lines.count
    #expect(run.lines == ["0", String(expected)])
    let statuses = sandbox.requests(path: "/api/contacts").compactMap { $0["status"]?.intValue }
    #expect(statuses.filter { $0 == 429 }.count == 1)
    let same = try sh(
      "monica-fetch contacts | sort | cmp - <(monica-fetch contacts --page-size 50 | sort)", env: env(sandbox))
    #expect(same.status == 0, "\(same)")
  }

  @Test("paced under --rate-limit 10/1: zero 429, the exact record set")
  func pacing() throws {
    let sandbox = try Sandbox.start(["--contacts", "2600", "--rate-limit", "10/1"])
    let run = try sh("monica-fetch contacts --page-size 100 | jq -r .id | sort -n | uniq | wc -l", env: env(sandbox))
    #expect(run.status == 0, "\(run)")
    let statuses = sandbox.requests(path: "/api/contacts").compactMap { $0["status"]?.intValue }
    #expect(statuses.count > 20 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
    let total = try JSONValue(parsing: try curl(sandbox, "/contacts?limit=1"))["meta"]?["total"]?.intValue
    #expect(run.lines == [String(total ?? -1)])
  }

  @Test("retries 5xx, resets and cut bodies with backoff; 5xx past the retries is 69 naming the path")
  func serverFailures() throws {
    let flaky = try Sandbox.start([
      "--contacts", "500", "--rate-limit", "0", "--fault", "503@2", "--fault", "reset@4", "--fault", "cut@5",
    ])
    let run = try sh("monica-fetch contacts --concurrency 1 | jq -r .id | sort -n | uniq -d | wc -l", env: env(flaky))
    #expect(run.status == 0 && run.lines == ["0"], "\(run)")
    #expect(targets(flaky, under: "/api/contacts").count > 5)

    let down = try Sandbox.start(["--contacts", "50", "--rate-limit", "0", "--fault", "503@*1"])
    let failed = try sh("monica-fetch contacts", env: env(down))
    #expect(failed.status == 69 && failed.stdout.isEmpty)
    #expect(failed.stderr.hasSuffix("Monica answered HTTP 503 for /api/contacts after 3 retries\n"), "\(failed)")
    #expect(down.requests(path: "/api/contacts").count == 4)
    let fewer = try sh("monica-fetch contacts --retries 1", env: env(down))
    #expect(fewer.status == 69 && down.requests(path: "/api/contacts").count == 6)
  }

  @Test("a failure mid-stream leaves complete lines and names the page")
  func midStreamFailure() throws {
    let sandbox = try Sandbox.start(["--contacts", "500", "--rate-limit", "0", "--fault", "502@3:/api/contacts"])
    let run = try sh("monica-fetch contacts --concurrency 1 --retries 0", env: env(sandbox))
    #expect(run.status == 69, "\(run)")
    #expect(run.lines.count == 200 && run.stdout.hasSuffix("}\n"))
    #expect(
      run.stderr
        == "monica-fetch: error: page 3: /api/contacts?page=3&limit=100: Monica answered HTTP 502 for /api/contacts "
        + "after no retry\n")
  }

  @Test("401, 403, 404, HTML, time-out, 429 past retries and no server map to the exit table")
  func failureRows() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    let unauthorized = try sh("monica-fetch contacts", env: env(sandbox, ["MONICA_TOKEN": "not-the-token"]))
    #expect(unauthorized.status == 77)
    #expect(
      unauthorized.stderr.hasSuffix(": the token was rejected or has expired; run monica-auth login\n"),
      "\(unauthorized)")
    let missing = try sh("monica-fetch contacts 999999", env: env(sandbox))
    #expect(missing.status == 66 && missing.stderr == "monica-fetch: error: contact #999999 was not found\n")
    let missingContact = try sh("monica-fetch notes --contact 999999", env: env(sandbox))
    #expect(
      missingContact.status == 66 && missingContact.stderr == "monica-fetch: error: contact #999999 was not found\n")
    let nowhere = try sh("monica-fetch contacts", env: env(sandbox, ["MONICA_URL": "http://127.0.0.1:9"]))
    #expect(nowhere.status == 69 && nowhere.stderr.contains("cannot connect"), "\(nowhere)")

    let html = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--fault", "html@1"])
    let notJSON = try sh("monica-fetch contacts", env: env(html))
    #expect(notJSON.status == 76 && notJSON.stderr.contains("HTML page"), "\(notJSON)")

    let slow = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--fault", "slow=3000@*1"])
    let timedOut = try sh("monica-fetch contacts --retries 1", env: env(slow, ["MONICA_TIMEOUT_MS": "300"]))
    #expect(timedOut.status == 75 && timedOut.stderr.contains("no answer within"), "\(timedOut)")

    let login = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--fault", "login@1"])
    let redirected = try sh("monica-fetch contacts", env: env(login))
    #expect(redirected.status == 76 && redirected.stderr.contains("redirected to the login page"), "\(redirected)")
    #expect(login.requests().count == 1, "a redirect is not followed")

    let broken = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--fault", "badjson@1"])
    let badJSON = try sh("monica-fetch contacts", env: env(broken))
    #expect(badJSON.status == 76 && badJSON.stdout.isEmpty, "\(badJSON)")

    let forbidden = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--fault", "403@*1:/api/notes"])
    let refused = try sh("monica-fetch notes", env: env(forbidden))
    #expect(refused.status == 77 && refused.stderr.hasSuffix(": no permission to read notes\n"), "\(refused)")

    let limited = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--fault", "429@*1"])
    let tooMany = try sh("monica-fetch contacts --retries 1", env: env(limited))
    #expect(tooMany.status == 75 && tooMany.stderr.contains("HTTP 429"), "\(tooMany)")
  }

  @Test("--contact - reads contacts or ids from stdin, each contact's items once")
  func perContact() throws {
    let sandbox = try Sandbox.start(["--contacts", "200", "--rate-limit", "0"])
    let single = try sh("monica-fetch notes --contact 12", env: env(sandbox))
    #expect(single.status == 0)
    #expect(targets(sandbox).last == "/api/contacts/12/notes?page=1&limit=100")
    let piped = try sh(
      "printf '12\\n12\\n{\"id\":12,\"object\":\"contact\"}\\n13\\n' | monica-fetch notes --contact -",
      env: env(sandbox))
    #expect(piped.status == 0, "\(piped)")
    let twelve = targets(sandbox).filter { $0.hasPrefix("/api/contacts/12/notes") }
    #expect(twelve.count == 2)
    let thirteen = try sh("monica-fetch notes --contact 13", env: env(sandbox))
    #expect(piped.lines == single.lines + thirteen.lines)
    #expect(try records(piped.stdout).allSatisfy { $0["object"]?.stringValue == "note" })

    let pipeline = try sh(
      "monica-fetch contacts --query an --max 5 | monica-fetch notes --contact -", env: env(sandbox))
    #expect(pipeline.status == 0, "\(pipeline)")
    #expect(targets(sandbox).filter { $0.contains("/notes?") }.count == 2 + 2 + 5)
    let bad = try sh("printf 'x\\n' | monica-fetch notes --contact -", env: env(sandbox))
    #expect(bad.status == 65 && bad.stderr.contains("stdin:1:"), "\(bad)")
  }

  @Test("--tag by id or name, --since newest changes only, --verbose without the token")
  func tagSinceVerbose() throws {
    let sandbox = try Sandbox.start(["--contacts", "300", "--rate-limit", "0"])
    let tags = try records(try sh("monica-fetch tags", env: env(sandbox)).stdout)
    guard let tag = tags.first, let name = tag["name"]?.stringValue, let id = tag["id"]?.intValue else {
      Issue.record("the sandbox has no tags")
      return
    }
    let byName = try sh("monica-fetch contacts --tag \"\(name)\"", env: env(sandbox))
    let byID = try sh("monica-fetch contacts --tag \(id)", env: env(sandbox))
    #expect(byName.status == 0 && !byName.lines.isEmpty && byName.lines == byID.lines, "\(byName)")
    #expect(
      try records(byID.stdout).allSatisfy { $0["tags"]?.arrayValue?.contains { $0["id"]?.intValue == id } == true })
    let unknown = try sh("monica-fetch contacts --tag no-such-tag", env: env(sandbox))
    #expect(unknown.status == 66 && unknown.stderr == "monica-fetch: error: tag \"no-such-tag\" was not found\n")

    let all = try sh("monica-fetch contacts --since 1970-01-01", env: env(sandbox))
    let stamps = try records(all.stdout).compactMap { $0["updated_at"]?.stringValue }
    #expect(stamps.count == all.lines.count && stamps == stamps.sorted(by: >))
    let cut = stamps[stamps.count / 2]
    let since = try sh("monica-fetch contacts --since \(cut)", env: env(sandbox))
    #expect(
      since.lines == Array(all.lines.prefix { (try? JSONValue(parsing: $0))?["updated_at"]?.stringValue ?? "" >= cut }))
    #expect(targets(sandbox).last?.contains("sort=-updated_at") == true)
    let before = targets(sandbox).count
    let future = try sh("monica-fetch contacts --since 2999-01-01 --concurrency 1", env: env(sandbox))
    #expect(future.status == 0 && future.stdout.isEmpty && targets(sandbox).count == before + 1)

    let verbose = try sh("monica-fetch contacts --max 1 --verbose", env: env(sandbox))
    #expect(verbose.stderr.hasPrefix("monica-fetch: GET /api/contacts?page=1&limit=100 200 "), "\(verbose)")
    #expect(!verbose.stderr.contains(sandbox.token))
    let quiet = try sh("monica-fetch contacts --quiet | wc -l", env: env(sandbox))
    #expect(quiet.stderr.isEmpty)
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

  @Test("--with-fields: the list and search in one paged walk, each contact as one contact's request shows it")
  func withFields() throws {
    let sandbox = try Sandbox.start(["--contacts", "130", "--rate-limit", "0"])
    let list = try sh("monica-fetch contacts --with-fields", env: env(sandbox))
    #expect(list.status == 0 && list.stderr.isEmpty, "\(list)")
    let walked = targets(sandbox)
    #expect(
      walked == [
        "/api/contacts?page=1&limit=100&with=contactfields", "/api/contacts?page=2&limit=100&with=contactfields",
      ],
      "\(walked)")
    let contacts = try records(list.stdout)
    #expect(contacts.count > 100)
    #expect(contacts.allSatisfy { $0["contactFields"]?.arrayValue != nil && $0["notes"]?.arrayValue != nil })
    #expect(contacts.contains { !($0["contactFields"]?.arrayValue ?? []).isEmpty })
    // ContactBase.php:101-102 renders the same keys for a list item as for one contact.
    let one = String(decoding: try curl(sandbox, "/contacts/2?with=contactfields"), as: UTF8.self)
    #expect(list.lines.contains { one == "{\"data\":\($0)}" })

    let search = try sh("monica-fetch contacts --query a --with-fields --max 3", env: env(sandbox))
    #expect(search.status == 0 && search.stderr.isEmpty, "\(search)")
    #expect(try records(search.stdout).allSatisfy { $0["contactFields"] != nil && $0["notes"] != nil })
    #expect(targets(sandbox).last == "/api/contacts?page=1&limit=100&query=a&with=contactfields")
    let plain = try sh("monica-fetch contacts --max 1", env: env(sandbox))
    #expect(try records(plain.stdout).first?["contactFields"] == nil)
  }

  @Test("ids or records on stdin: one request each with --with-fields, each id once, a bad line is 65")
  func idsOnStandardInput() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    let run = try sh(
      #"printf '2\n{"id":3,"object":"contact"}\n\n2\n' | monica-fetch contacts - --with-fields"#, env: env(sandbox))
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(try records(run.stdout).map { $0["id"]?.intValue } == [2, 3])
    #expect(try records(run.stdout).allSatisfy { $0["contactFields"] != nil })
    #expect(targets(sandbox) == ["/api/contacts/2?with=contactfields", "/api/contacts/3?with=contactfields"])
    let notes = try sh("monica-fetch notes --max 2 | monica-fetch notes -", env: env(sandbox))
    #expect(notes.status == 0 && notes.lines.count == 2, "\(notes)")
    let bad = try sh(#"printf '4\n{"id":1,"object":"note"}\n' | monica-fetch contacts -"#, env: env(sandbox))
    #expect(bad.status == 65 && bad.lines.count == 1, "\(bad)")
    #expect(bad.stderr.contains("stdin:2:") && bad.stderr.contains("a note record, not a contact"), "\(bad)")
    let both = try sh("monica-fetch contacts - --query ann < /dev/null", env: env(sandbox))
    #expect(both.status == 64, "\(both)")
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

  @Test("a time-out under a second is honoured; --page with a too-large page size says so")
  func subsecondTimeoutAndPageSize() throws {
    let slow = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--latency", "100"])
    let quick = try sh("monica-fetch contacts --max 1", env: env(slow, ["MONICA_TIMEOUT_MS": "600"]))
    #expect(quick.status == 0 && quick.lines.count == 1, "\(quick)")
    let tooQuick = try sh("monica-fetch contacts --max 1 --retries 0", env: env(slow, ["MONICA_TIMEOUT_MS": "50"]))
    #expect(tooQuick.status == 75 && tooQuick.stderr.contains("no answer within 0.05 s"), "\(tooQuick)")

    let strict = try Sandbox.start(["--contacts", "300", "--rate-limit", "0", "--max-page-size", "50"])
    let page = try sh("monica-fetch contacts --page-size 80 --page 2", env: env(strict))
    #expect(page.status == 64 && page.stdout.isEmpty && page.stderr.contains("Monica error 30"), "\(page)")
    let tag = try sh("monica-fetch contacts --tag 999", env: env(strict))
    #expect(tag.status == 66 && tag.stderr == "monica-fetch: error: tag #999 was not found\n", "\(tag)")
  }

  @Test("bad flags and combinations are usage errors (64) before any request")
  func usage() throws {
    let sandbox = try Sandbox.start(["--contacts", "10", "--rate-limit", "0"])
    for flags in [
      "contacts --sort name", "tags --contact 1", "notes --query x", "contacts --page-size 101",
      "contacts 12 --max 2", "notes --tag 1", "contacts --since yesterday", "widgets", "contacts --concurrency 0",
    ] {
      let run = try sh("monica-fetch \(flags)", env: env(sandbox))
      #expect(run.status == 64 && run.stdout.isEmpty, "\(flags): \(run)")
    }
    #expect(sandbox.requests().isEmpty)
  }
}
