import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Shell helpers for talking to the sandbox with curl.
private let curlJSON =
  #"get() { curl -sS -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' "$SANDBOX_API$1"; }; "#
private let curlSend =
  #"send() { curl -sS -X "$1" -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' -H 'Content-Type: application/json' --data "$3" "$SANDBOX_API$2"; }; "#

private func json(_ run: ShellRun) throws -> JSONValue { try JSONValue(parsing: run.stdout) }

@Suite("monica-sandbox conformance")
struct SandboxTests {
  @Test("links are absolute and keep only page; default page size is 15")
  func linksKeepOnlyPage() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let run = try sh(curlJSON + "get '/contacts?query=a&limit=5&sort=created_at'", env: sandbox.env)
    #expect(run.status == 0)
    let page = try json(run)
    #expect(page["links"]?["next"]?.stringValue == "\(sandbox.api)/contacts?page=2")
    #expect(page["meta"]?["per_page"]?.intValue == 5)
    #expect(page["meta"]?["query"]?.stringValue == "a")
    let plain = try json(try sh(curlJSON + "get /contacts", env: sandbox.env))
    #expect(plain["data"]?.arrayValue?.count == 15)
    #expect(plain["meta"]?["links"]?.arrayValue?.first?["label"]?.stringValue == "❮ Previous")
  }

  @Test("limit over the maximum is 400 code 30, and the maximum is configurable")
  func limitTooBig() throws {
    let sandbox = try Sandbox.start(["--max-page-size", "50"])
    defer { sandbox.stop() }
    let run = try sh(
      curlJSON + "get '/contacts?limit=51'; echo; get '/contacts?limit=50' | head -c 10", env: sandbox.env)
    #expect(run.lines.first == #"{"error":{"message":"The limit parameter is too big","error_code":30}}"#)
    #expect(run.lines.last == #"{"data":[{"#)
  }

  @Test("a page past the end has no data and null from/to")
  func pastTheEnd() throws {
    let sandbox = try Sandbox.start(["--contacts", "20"])
    defer { sandbox.stop() }
    let page = try json(try sh(curlJSON + "get '/contacts?page=99'", env: sandbox.env))
    #expect(page["data"]?.arrayValue?.isEmpty == true)
    #expect(page["meta"]?["from"] == .null && page["meta"]?["to"] == .null)
  }

  @Test("a bad token: 302 to login without Accept json, 401 with it, neither rate counted")
  func unauthenticated() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "2/60"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      curl -s -o /dev/null -w '%{http_code} %{redirect_url}\\n' -H 'Authorization: Bearer nope' "$SANDBOX_API/contacts"
      curl -s -D - -H 'Accept: application/json' "$SANDBOX_API/contacts" | tr -d '\\r' | grep -ci ratelimit || true
      curl -s -H 'Accept: application/json' "$SANDBOX_API/me"; echo
      curl -s -H 'X-Requested-With: XMLHttpRequest' "$SANDBOX_API/me"; echo
      """, env: sandbox.env)
    #expect(
      run.lines == [
        "302 \(sandbox.url)/login", "0", #"{"message":"Unauthenticated."}"#, #"{"message":"Unauthenticated."}"#,
      ])
    let counted = try sh(curlJSON + "get /me >/dev/null; get /me > /dev/null; get /me", env: sandbox.env)
    #expect(try json(counted)["error"]?["error_code"]?.intValue == 34)
  }

  @Test("an expired token is refused with 401")
  func expiredToken() throws {
    let sandbox = try Sandbox.start(["--token-expires-in=-1"])
    defer { sandbox.stop() }
    let run = try sh(curlJSON + "get /me", env: sandbox.env)
    #expect(run.stdout == #"{"message":"Unauthenticated."}"#)
  }

  @Test("store links answer a 302 to login even with a token; /login is a page")
  func storeRedirects() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let run = try sh(
      #"""
      link=$(curl -s -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' "$SANDBOX_API/photos?limit=1" | grep -o '"link":"[^"]*"' | head -1 | cut -d'"' -f4 | sed 's#\\/#/#g')
      curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' -H "Authorization: Bearer $SANDBOX_TOKEN" "$link"
      curl -s -o /dev/null -w '%{http_code} %{content_type}\n' "$SANDBOX_URL/login"
      """#, env: sandbox.env)
    #expect(run.lines == ["302 \(sandbox.url)/login", "200 text/html; charset=UTF-8"])
  }

  @Test("the wire escapes / and non-ASCII like PHP's json_encode")
  func phpEscapes() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let run = try sh(curlJSON + "get /contacts/2", env: sandbox.env)
    #expect(run.stdout.contains(#"http:\/\/127.0.0.1"#))
    #expect(run.stdout.contains(#"\u00e1"#) && run.stdout.allSatisfy(\.isASCII))
  }

  @Test("partial contacts lack keys instead of carrying nulls, and stay out of lists")
  func partialContacts() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let all = try json(try sh(curlJSON + "get '/contacts?limit=100&page=1'; ", env: sandbox.env))
    #expect(all["data"]?.arrayValue?.contains { $0["is_partial"]?.boolValue == true } == false)
    var partial: JSONValue?
    for id in 2...200 {
      let record = try json(try sh(curlJSON + "get /contacts/\(id)", env: sandbox.env))["data"]
      if record?["is_partial"]?.boolValue == true { partial = record; break }
    }
    let record = try #require(partial)
    #expect(
      record["last_called"] == nil && record["url"] == nil && record["statistics"] == nil && record["tags"] == nil)
    #expect(record["information"]?.objectValue?.keys == ["dates"])
  }

  @Test("search ORs words, includes archived contacts and nulls the unselected columns")
  func searchSemantics() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let both = try json(try sh(curlJSON + "get '/contacts?query=Sam%20Zo%C3%AB&limit=100'", env: sandbox.env))
    let names = both["data"]?.arrayValue?.compactMap { $0["first_name"]?.stringValue } ?? []
    #expect(names.contains("Sam") && names.contains("Zoë"))
    #expect(
      both["data"]?.arrayValue?.allSatisfy { $0["is_active"]?.boolValue == false && $0["is_dead"]?.boolValue == false }
        == true)
    let field = try json(try sh(curlJSON + "get '/contacts?query=email:sam'", env: sandbox.env))
    #expect(field["data"]?.arrayValue?.first?["first_name"]?.stringValue == "Sam")
  }

  @Test("sort: unknown names are 400 code 39, a missing column 500 code 40, -created_at reverses")
  func sorting() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let run = try sh(
      curlJSON
        + "get '/contacts?sort=name'; echo; get '/contacts?sort=completed_at'; echo; get '/tasks?sort=-completed_at&limit=1' | head -c 9",
      env: sandbox.env)
    #expect(run.lines[0] == #"{"error":{"message":"The sorting criteria is invalid","error_code":39}}"#)
    #expect(run.lines[1] == #"{"error":{"message":"Invalid query","error_code":40}}"#)
    #expect(run.lines[2] == #"{"data":["#)
    let descending = try json(try sh(curlJSON + "get '/contacts?sort=-created_at&limit=1'", env: sandbox.env))
    #expect(descending["data"]?.arrayValue?.first?["id"]?.intValue ?? 0 > 150)
  }

  @Test("with=contactfields adds contactFields and notes before url")
  func withContactFields() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let record = try json(try sh(curlJSON + "get '/contacts/1?with=contactfields'", env: sandbox.env))["data"]
    let keys = record?.objectValue?.keys ?? []
    let index = try #require(keys.firstIndex(of: "contactFields"))
    #expect(Array(keys[index...index + 2]) == ["contactFields", "notes", "url"])
  }

  @Test("nested lists hold the contact's items only, with short contacts")
  func nestedLists() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let first = try json(try sh(curlJSON + "get '/notes?limit=1'", env: sandbox.env))
    let owner = try #require(first["data"]?.arrayValue?.first?["contact"]?["id"]?.intValue)
    let notes = try json(try sh(curlJSON + "get '/contacts/\(owner)/notes'", env: sandbox.env))
    let items = notes["data"]?.arrayValue ?? []
    #expect(!items.isEmpty && items.allSatisfy { $0["contact"]?["id"]?.intValue == owner })
    #expect(items.first?["contact"]?["information"]?.objectValue?.keys == ["birthdate", "deceased_date", "avatar"])
    let missing = try sh(curlJSON + "get /contacts/999999/notes", env: sandbox.env)
    #expect(missing.stdout == #"{"error":{"message":"The resource has not been found","error_code":31}}"#)
    let route = try sh(curlJSON + "get /nothing", env: sandbox.env)
    #expect(route.stdout == #"{"message":"The route api\/nothing could not be found."}"#)
  }

  @Test("writes: 201 creates, 200 for tasks, delete ids typed per kind, 422 code 32 messages")
  func writes() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    let run = try sh(
      curlSend + """
        code() { curl -s -o /dev/null -w '%{http_code}\\n' -X "$1" -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' -H 'Content-Type: application/json' --data "$3" "$SANDBOX_API$2"; }
        code POST /notes '{"body":"hi","contact_id":1}'
        code POST /tasks '{"title":"t","contact_id":1}'
        send DELETE /notes/1 ''; echo
        send DELETE /tasks/1 ''; echo
        send POST /contacts '{"last_name":"x"}'; echo
        """, env: sandbox.env)
    #expect(run.lines[0] == "201" && run.lines[1] == "200")
    #expect(run.lines[2] == #"{"deleted":true,"id":1}"#)
    #expect(run.lines[3] == #"{"deleted":true,"id":"1"}"#)
    #expect(run.lines[4].hasPrefix(#"{"error":{"message":["The first name field is required.","#))
    #expect(run.lines[4].hasSuffix(#""error_code":32}}"#))
  }

  @Test("rate limit headers count down and the 429 carries code 34 and Retry-After")
  func rateLimit() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "3/60"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      for i in 1 2 3 4; do curl -s -D - -o /dev/null -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' "$SANDBOX_API/me" | tr -d '\\r' | grep -iE '^(http|x-ratelimit-remaining|retry-after)' | tr '\\n' ' '; echo; done
      """, env: sandbox.env)
    #expect(run.lines[0].contains("200") && run.lines[0].lowercased().contains("x-ratelimit-remaining: 2"))
    #expect(run.lines[2].lowercased().contains("x-ratelimit-remaining: 0"))
    #expect(run.lines[3].contains("429") && run.lines[3].lowercased().contains("retry-after:"))
  }

  @Test("faults: statuses, html, cut body and reset connection, each in the log")
  func faults() throws {
    let sandbox = try Sandbox.start([
      "--fault", "503@1:/api/me", "--fault", "html@2:/api/me", "--fault", "cut@1:/api/contacts", "--fault",
      "reset@1:/api/notes",
      "--fault", "429@*2:/api/tags",
    ])
    defer { sandbox.stop() }
    let run = try sh(
      curlJSON + """
        curl -s -o /dev/null -w '%{http_code}\\n' "$SANDBOX_API/me"
        curl -s -o /dev/null -w '%{http_code} %{content_type}\\n' "$SANDBOX_API/me"
        get /contacts > /dev/null; echo "cut $?"
        get /notes > /dev/null; echo "reset $?"
        get /tags > /dev/null; curl -s -D - -o /dev/null "$SANDBOX_API/tags" | tr -d '\\r' | grep -i '^retry-after'
        """, env: sandbox.env)
    #expect(run.lines[0] == "503")
    #expect(run.lines[1] == "200 text/html; charset=UTF-8")
    #expect(run.lines[2] == "cut 18")
    #expect(run.lines[3] == "reset 56" || run.lines[3] == "reset 52")
    #expect(run.lines[4].lowercased() == "retry-after: 1")
    let faults = sandbox.requests().compactMap { $0["fault"]?.stringValue }
    #expect(faults == ["503", "html", "cut", "reset", "429"])
    #expect(sandbox.requests(path: "/api/notes").first?["status"]?.intValue == 0)
  }

  @Test("bad fault rules and flags fail with 64 and one line")
  func badFlags() throws {
    let env = TemporaryHomeEnv.env
    let run = try sh("monica-sandbox --fault nope@1", env: env)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("monica-sandbox: error: --fault nope@1: unknown fault"))
    let limit = try sh("monica-sandbox --rate-limit x/y", env: env)
    #expect(limit.status == 64)
  }

  @Test("the log records each request without the token")
  func requestLog() throws {
    let sandbox = try Sandbox.start()
    defer { sandbox.stop() }
    _ = try sh(curlJSON + "get '/contacts?limit=100&page=2' > /dev/null", env: sandbox.env)
    let entry = try #require(sandbox.requests().last)
    #expect(entry.objectValue?.keys == ["method", "path", "query", "status", "authorization", "accept", "ms"])
    #expect(entry["query"]?.stringValue == "limit=100&page=2" && entry["authorization"]?.boolValue == true)
    let text = try String(contentsOfFile: sandbox.logPath, encoding: .utf8)
    #expect(!text.contains(sandbox.token))
  }

  @Test("--load serves records unchanged and derives nested lists; a bad line is 65")
  func loadRoundTrip() throws {
    let source = try Sandbox.start(["--contacts", "30"])
    defer { source.stop() }
    let dump = source.home + "/dump.ndjson"
    _ = try sh(
      curlJSON
        + #"for k in contacts notes; do get "/$k?limit=100" | python3 -c 'import sys,json; [print(json.dumps(r, ensure_ascii=False, separators=(",",":"))) for r in json.load(sys.stdin)["data"]]'; done > "\#(dump)""#,
      env: source.env)
    let loaded = try Sandbox.start(["--load", dump])
    defer { loaded.stop() }
    let original = try sh(curlJSON + "get /contacts/1", env: source.env)
    let served = try sh(curlJSON + "get /contacts/1", env: loaded.env)
    #expect(served.stdout == original.stdout)
    let nested = try sh(curlJSON + "get /contacts/1/notes", env: loaded.env)
    #expect(
      try json(nested)["meta"]?["total"]
        == (try json(try sh(curlJSON + "get /contacts/1/notes", env: source.env)))["meta"]?["total"])
    let bad = source.home + "/bad.ndjson"
    try "{\"object\":\"contact\",\"id\":1}\nnot json\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let failed = try sh("monica-sandbox --load \(bad)", env: source.env)
    #expect(failed.status == 65)
    #expect(failed.stderr.hasPrefix("monica-sandbox: error: \(bad):2: "))
  }

  @Test("--state keeps writes across restarts")
  func statePersistence() throws {
    let directory = NSTemporaryDirectory() + "sandbox-state-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let state = directory + "/state.ndjson"
    let first = try Sandbox.start(["--contacts", "10", "--state", state])
    _ = try sh(curlSend + #"send POST /tags '{"name":"kept"}'"#, env: first.env)
    first.stop()
    let second = try Sandbox.start(["--state", state])
    defer { second.stop() }
    let tags = try json(try sh(curlJSON + "get /tags", env: second.env))
    #expect(tags["data"]?.arrayValue?.contains { $0["name"]?.stringValue == "kept" } == true)
    #expect(tags["links"]?["first"]?.stringValue == "\(second.api)/tags?page=1")
  }

  @Test("100,000 contacts are served")
  func largeAccount() throws {
    let sandbox = try Sandbox.start(["--contacts", "100000", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let page = try json(try sh(curlJSON + "get '/contacts?limit=100&page=800'", env: sandbox.env))
    #expect(page["meta"]?["total"]?.intValue ?? 0 > 80_000)
    #expect(page["data"]?.arrayValue?.count == 100)
  }
}

/// An environment for running the binary without a sandbox.
private enum TemporaryHomeEnv {
  static var env: [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["PATH"] = binDirectory + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    return env
  }
}

@Suite("monica-sandbox request log")
struct SandboxLogTests {
  @Test("the token is masked in the log even where a client puts it in the query")
  func masksTokenInQuery() throws {
    let sandbox = try Sandbox.start()
    let run = try sh(curlJSON + "get \"/contacts?x=$SANDBOX_TOKEN\" >/dev/null", env: sandbox.env)
    #expect(run.status == 0)
    let log = try String(contentsOfFile: sandbox.logPath, encoding: .utf8)
    #expect(!log.contains(sandbox.token))
    #expect(sandbox.requests(path: "/api/contacts").last?["query"] == .string("x=[token]"))
  }

  @Test(
    "started without --gravatar-port, the sandbox serves its seeded gravatars itself: nothing points off the machine")
  func gravatarsServedByDefault() throws {
    let sandbox = try Sandbox.start(["--contacts", "40", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let gravatar = try #require(sandbox.gravatar)
    #expect(gravatar.hasPrefix("http://127.0.0.1:"))
    let run = try sh(
      """
      monica-fetch --all --quiet > all.ndjson
      # Every image a tool fetches (avatars, photos, documents) is the instance's or the second
      # origin's, both on loopback (record text may name example.com: it is never fetched).
      jq -r 'if .object == "contact" then (.information.avatar.url // empty)
        elif .object == "photo" or .object == "document" then .link else empty end' all.ndjson \
        | grep -v '^data:' | grep -vc '^http://127\\.0\\.0\\.1:' || true
      jq -r 'select(.object == "contact") | .information.avatar.source // empty' all.ndjson | grep -c '^gravatar$'
      jq -c 'select(.object == "contact")' all.ndjson | monica-avatar save --dir faces | jq -r .from | sort | uniq -c \
        | awk '{ print $2, $1 }'
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    #expect(run.lines.first == "0", "images off loopback: \(run)")
    let gravatars = try #require(Int(run.lines.dropFirst().first ?? ""))
    #expect(gravatars > 3, "\(run)")
    let served = sandbox.requests().filter { $0["server"]?.stringValue == "gravatar" }
    #expect(served.count == gravatars, "\(run)")
    #expect(served.allSatisfy { $0["authorization"] == .bool(false) })
    #expect(run.stderr.isEmpty, "\(run)")
  }
}
