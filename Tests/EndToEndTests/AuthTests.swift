import Foundation
import MonicaAPI
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-auth` against a real sandbox, each test in its own HOME.
@Suite struct AuthTests {
  /// Every file under HOME, as bytes.
  func filesUnder(_ root: String) -> [(path: String, data: Data)] {
    let enumerator = FileManager.default.enumerator(atPath: root)
    var files: [(String, Data)] = []
    while let relative = enumerator?.nextObject() as? String {
      let path = root + "/" + relative
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        let data = FileManager.default.contents(atPath: path)
      {
        files.append((path, data))
      }
    }
    return files
  }

  func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  @Test("login with --token-stdin checks the token, saves it encrypted with private modes, and becomes the default")
  func loginFromStdin() throws {
    let sandbox = try Sandbox.start()
    let run = try login(sandbox)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "signed in to \(sandbox.url) as Sam Rivera <sam@example.com> (profile default)\n", "\(run)")
    let config = sandbox.home + "/.config/monica"
    let data = sandbox.home + "/.local/share/monica"
    #expect(try mode(config) == 0o700)
    #expect(try mode(data) == 0o700)
    #expect(try mode(config + "/default.credentials") == 0o600)
    #expect(try mode(data + "/default.key") == 0o600)
    #expect(FileManager.default.contents(atPath: data + "/default.key")?.count == 32)
    let paths = sandbox.requests().map {
      "\($0["method"]?.stringValue ?? "") \($0["path"]?.stringValue ?? "")?\($0["query"]?.stringValue ?? "")"
    }
    #expect(paths == ["GET /api?", "GET /api/contacts?limit=1", "GET /api/me?"])
    #expect(sandbox.requests().allSatisfy { $0["accept"]?.stringValue == "application/json" })

    let status = try sh("monica-auth status", env: sandbox.env)
    #expect(status.status == 0, "\(status)")
    #expect(status.lines.first == "profile:  default")
    #expect(status.stdout.contains("instance: \(sandbox.url)"))
    #expect(status.stdout.contains("server:   accepts the token"))
    #expect(status.stdout.contains("(in 36"))
    let list = try sh("monica-auth list", env: sandbox.env)
    #expect(list.lines == ["* default\t\(sandbox.url)\tkey-file"])
    let token = try sh("monica-auth token", env: sandbox.env)
    #expect(token.stdout == sandbox.token + "\n")
  }

  @Test("login's line quotes the server's name and address with control characters escaped; --quiet says nothing")
  func loginLine() throws {
    let files = try TemporaryHome()
    let user =
      #"{"id":1,"object":"user","first_name":"Sam\u001b[31m","last_name":"Ri\nvera","email":"sam\u0007@example.com"}"#
    try Data((user + "\n").utf8).write(to: URL(fileURLWithPath: files.root + "/user.ndjson"))
    let sandbox = try Sandbox.start(["--load", files.root + "/user.ndjson"])
    let run = try login(sandbox)
    #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
    #expect(
      run.stderr == "signed in to \(sandbox.url) as Sam\\x1b[31m Ri\\nvera <sam\\x07@example.com> (profile default)\n",
      "\(run)")
    for flag in ["--quiet", "-q"] {
      let quiet = try login(sandbox, "\(flag) --profile other")
      #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet)")
    }
    #expect(try sh("monica-auth list", env: sandbox.env).lines.count == 2)
  }

  @Test("login on a terminal asks for the token without echoing it")
  func loginFromTerminal() throws {
    let sandbox = try Sandbox.start()
    // script(1) gives the tool a real pseudo-terminal; the token is typed on it.
    let typed = typing([("API token", "\"$SANDBOX_TOKEN\"")], log: "$TMPDIR/tty")
    let run = try sh(
      "\(typed) | script -qfec 'monica-auth login --url \"$SANDBOX_URL\"' \"$TMPDIR/tty\"", env: sandbox.env)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("API token"))
    #expect(!run.stdout.contains(sandbox.token), "the token was echoed")
    #expect(try sh("monica-auth token", env: sandbox.env).stdout == sandbox.token + "\n")
  }

  @Test("--passphrase on a terminal asks twice without echo; a mismatch saves nothing")
  func passphraseFromTerminal() throws {
    let sandbox = try Sandbox.start()
    func typed(_ log: String) -> String {
      let steps = [
        ("API token", "\"$SANDBOX_TOKEN\""), ("Passphrase for profile", "'tty pass'"),
        ("Passphrase again", "\"$SECOND\""),
      ]
      let script = "script -qfec 'monica-auth login --url \"$SANDBOX_URL\" --passphrase' \(log)"
      return typing(steps, log: log) + " | " + script
    }
    let mismatch = try sh(typed("$TMPDIR/tty1"), env: sandbox.env.merging(["SECOND": "other"]) { $1 })
    #expect(mismatch.stdout.contains("the passphrases do not match"), "\(mismatch)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.config/monica/default.credentials"))
    let run = try sh(typed("$TMPDIR/tty2"), env: sandbox.env.merging(["SECOND": "tty pass"]) { $1 })
    #expect(
      run.stdout.contains("Passphrase for profile default:") && run.stdout.contains("Passphrase again:"), "\(run)")
    #expect(!run.stdout.contains("tty pass") && !run.stdout.contains(sandbox.token), "echoed: \(run)")
    let file = try #require(FileManager.default.contents(atPath: sandbox.home + "/.config/monica/default.credentials"))
    #expect(file[9] == 2)
    let token = try sh("MONICA_PASSPHRASE='tty pass' monica-auth token", env: sandbox.env)
    #expect(token.stdout == sandbox.token + "\n")
  }

  @Test("status --json is one object for scripts")
  func statusJSON() throws {
    let sandbox = try Sandbox.start()
    #expect(try login(sandbox).status == 0)
    let run = try sh("monica-auth status --json", env: sandbox.env)
    #expect(run.status == 0, "\(run)")
    let status = try JSONValue(parsing: run.stdout)
    #expect(status["profile"] == .string("default"))
    #expect(status["instance"] == .string(sandbox.url))
    #expect(status["server"] == .string("accepted"))
    #expect(status["usable"] == .bool(true))
    #expect((status["token_days_left"]?.intValue ?? 0) >= 364)
    #expect(status["user"]?["email"]?.stringValue?.contains("@") == true)
  }

  @Test("a passphrase profile needs its passphrase; a wrong one is 77 and leaves the file untouched")
  func passphraseMode() throws {
    let sandbox = try Sandbox.start()
    var env = sandbox.env
    env["MONICA_PASSPHRASE"] = "correct horse"
    let run = try login(sandbox, "--passphrase", env: env)
    #expect(run.status == 0, "\(run)")
    let file = sandbox.home + "/.config/monica/default.credentials"
    let before = try #require(FileManager.default.contents(atPath: file))
    #expect(before[9] == 2 && before[10] == 15, "mode 2 (scrypt) with N = 2^15 in the header")
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.local/share/monica/default.key"))

    #expect(try sh("monica-auth token", env: env).stdout == sandbox.token + "\n")
    let fromDescriptor = try sh("monica-auth token --passphrase-fd 3 3<<<'correct horse'", env: sandbox.env)
    #expect(fromDescriptor.stdout == sandbox.token + "\n", "\(fromDescriptor)")

    env["MONICA_PASSPHRASE"] = "wrong"
    let wrong = try sh("monica-auth token", env: env)
    #expect(wrong.status == 77)
    #expect(wrong.stdout.isEmpty)
    #expect(wrong.stderr == "monica-auth: error: wrong passphrase for profile default\n")
    #expect(FileManager.default.contents(atPath: file) == before)

    let none = try sh("monica-auth token", env: sandbox.env)
    #expect(none.status == 77)
    #expect(none.stderr.contains("set MONICA_PASSPHRASE"))
    let list = try sh("monica-auth list", env: sandbox.env)
    #expect(list.lines == ["* default\t\(sandbox.url)\tpassphrase"], "list needs no passphrase")
    // monica-fetch unlocks the same profile the same ways.
    let fetched = try sh("monica-fetch contacts --max 1 --passphrase-fd 3 3<<<'correct horse'", env: sandbox.env)
    #expect(fetched.status == 0 && fetched.lines.count == 1, "\(fetched)")
    let locked = try sh("monica-fetch contacts --max 1", env: sandbox.env)
    #expect(locked.status == 77 && locked.stderr.contains("set MONICA_PASSPHRASE"), "\(locked)")
  }

  @Test("profiles: the first login is the default, --profile and MONICA_PROFILE pick another")
  func profiles() throws {
    let sandbox = try Sandbox.start()
    #expect(try login(sandbox, "--profile home").status == 0)
    #expect(try login(sandbox, "--profile work").status == 0)
    let list = try sh("monica-auth list", env: sandbox.env)
    #expect(list.lines == ["* home\t\(sandbox.url)\tkey-file", "  work\t\(sandbox.url)\tkey-file"])
    let json = try records(try sh("monica-auth list --json", env: sandbox.env).stdout)
    #expect(json.map { $0["default"] } == [.bool(true), .bool(false)])
    #expect(try sh("monica-auth status --profile work", env: sandbox.env).lines.first == "profile:  work")
    #expect(try sh("MONICA_PROFILE=work monica-auth status", env: sandbox.env).lines.first == "profile:  work")
    let unknown = try sh("monica-auth status --profile nope", env: sandbox.env)
    #expect(unknown.status == 78)
    #expect(unknown.stderr == "monica-auth: error: unknown profile nope (monica-auth list shows the profiles)\n")
    let bad = try sh("monica-auth status --profile ../x", env: sandbox.env)
    #expect(bad.status == 64)
  }

  @Test("logout deletes the credentials, the key and the cache; then nothing is logged in")
  func logout() throws {
    let sandbox = try Sandbox.start()
    #expect(try login(sandbox).status == 0)
    let cache = sandbox.home + "/.cache/monica/default"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: cache + "/tags.json", contents: Data("{}".utf8)))
    let run = try sh("monica-auth logout", env: sandbox.env)
    #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
    #expect(
      run.stderr == "logged out of profile default (\(sandbox.url)): its credentials, key and cache are deleted; "
        + "no profile is left\n", "\(run)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.config/monica/default.credentials"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.local/share/monica/default.key"))
    #expect(!FileManager.default.fileExists(atPath: cache))
    let status = try sh("monica-auth status", env: sandbox.env)
    #expect(status.status == 78)
    #expect(status.stderr.contains("not logged in: run monica-auth login"))
    #expect(try sh("monica-auth logout", env: sandbox.env).status == 78)
  }

  @Test("MONICA_URL with MONICA_TOKEN or MONICA_TOKEN_FILE needs no store at all")
  func environmentOverrides() throws {
    let sandbox = try Sandbox.start()
    let status = try sh("monica-auth status", env: sandbox.signedInEnv)
    #expect(status.status == 0, "\(status)")
    #expect(status.lines.first == "profile:  (from MONICA_URL and MONICA_TOKEN)")
    let tokenFile = sandbox.temporary.root + "/token"
    #expect(FileManager.default.createFile(atPath: tokenFile, contents: Data((sandbox.token + "\n").utf8)))
    var env = sandbox.env
    env["MONICA_URL"] = sandbox.url
    env["MONICA_TOKEN_FILE"] = tokenFile
    #expect(try sh("monica-auth token", env: env).stdout == sandbox.token + "\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.config/monica"))
    env["MONICA_TOKEN_FILE"] = nil
    let missing = try sh("monica-auth token", env: env)
    #expect(missing.status == 78)
  }

  @Test("status is 77 when the instance no longer accepts the saved token")
  func statusRejected() throws {
    let first = try Sandbox.start()
    #expect(try login(first).status == 0)
    let port = try #require(URLComponents(string: first.url)?.port)
    first.stop()
    // The same address, a new instance that never issued the saved token.
    let second = try Sandbox.start(["--port", String(port)])
    #expect(second.url == first.url)
    let run = try sh("monica-auth status", env: first.env)
    #expect(run.status == 77, "\(run)")
    #expect(run.stdout.contains("server:   rejects the token"))
    #expect(run.stderr == "monica-auth: error: the instance rejects the token; run monica-auth login\n")
  }

  @Test("a rejected token saves nothing and exits 77")
  func rejectedToken() throws {
    let sandbox = try Sandbox.start()
    let run = try sh(
      "echo not-the-token | monica-auth login --url \"$SANDBOX_URL\" --token-stdin", env: sandbox.env)
    #expect(run.status == 77, "\(run)")
    #expect(run.stderr.contains("the token was rejected"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.config/monica/default.credentials"))
  }

  @Test("an expired token: the server refuses it and status says so with 77; one expiring soon warns")
  func expiry() throws {
    let expired = try Sandbox.start(["--token-expires-in=-2"])
    let run = try sh("monica-auth status", env: expired.signedInEnv)
    #expect(run.status == 77, "\(run)")
    #expect(run.stdout.contains("token:    expired on"))
    #expect(run.stderr.contains("expired"))

    let soon = try Sandbox.start(["--token-expires-in", "10"])
    let warned = try sh("monica-auth status", env: soon.signedInEnv)
    #expect(warned.status == 0, "\(warned)")
    #expect(warned.stderr.contains("warning: the token expires in 9 days"))
  }

  @Test("a truncated, altered or foreign credential file is 77 with one clear message, never a crash")
  func damagedFiles() throws {
    let sandbox = try Sandbox.start()
    #expect(try login(sandbox).status == 0)
    #expect(try login(sandbox, "--profile other").status == 0)
    let config = sandbox.home + "/.config/monica"
    let original = try #require(FileManager.default.contents(atPath: config + "/default.credentials"))
    let message = "monica-auth: error: credential file for profile default is damaged or was altered"

    try original.prefix(40).write(to: URL(fileURLWithPath: config + "/default.credentials"))
    let truncated = try sh("monica-auth token", env: sandbox.env)
    #expect(truncated.status == 77 && truncated.stderr.hasPrefix(message), "\(truncated)")

    var altered = original
    altered[altered.count - 20] ^= 0x01
    try altered.write(to: URL(fileURLWithPath: config + "/default.credentials"))
    let flipped = try sh("monica-auth token", env: sandbox.env)
    #expect(flipped.status == 77 && flipped.stderr.hasPrefix(message), "\(flipped)")

    // The other profile's file and key, copied over this profile's: the profile name is bound.
    try FileManager.default.removeItem(atPath: config + "/default.credentials")
    try FileManager.default.copyItem(atPath: config + "/other.credentials", toPath: config + "/default.credentials")
    let keys = sandbox.home + "/.local/share/monica"
    try FileManager.default.removeItem(atPath: keys + "/default.key")
    try FileManager.default.copyItem(atPath: keys + "/other.key", toPath: keys + "/default.key")
    let foreign = try sh("monica-auth token", env: sandbox.env)
    #expect(foreign.status == 77 && foreign.stderr.hasPrefix(message), "\(foreign)")
    #expect(foreign.stdout.isEmpty)
  }

  @Test("files or directories others can read are refused, as ssh does")
  func loosePermissions() throws {
    let sandbox = try Sandbox.start()
    #expect(try login(sandbox).status == 0)
    let file = sandbox.home + "/.config/monica/default.credentials"
    chmod(file, 0o644)
    let run = try sh("monica-auth token", env: sandbox.env)
    #expect(run.status == 77)
    #expect(run.stderr.contains("is accessible by others (mode 644)"))
    chmod(file, 0o600)
    chmod(sandbox.home + "/.config/monica", 0o755)
    #expect(try sh("monica-auth token", env: sandbox.env).status == 77)
  }

  @Test("bad input: unreachable URL 69, plain http 64, empty token 64, not a terminal without --url 64")
  func badInput() throws {
    let home = try TemporaryHome()
    let closedPort = try sh("echo tok | monica-auth login --url http://127.0.0.1:9 --token-stdin", env: home.env)
    #expect(closedPort.status == 69, "\(closedPort)")
    #expect(closedPort.stderr.contains("cannot connect"))
    let http = try sh("echo tok | monica-auth login --url http://monica.example.com --token-stdin", env: home.env)
    #expect(http.status == 64)
    #expect(http.stderr.contains("use https"))
    let empty = try sh("printf '\\n' | monica-auth login --url http://127.0.0.1:9 --token-stdin", env: home.env)
    #expect(empty.status == 64)
    #expect(empty.stderr == "monica-auth: error: empty token\n")
    let noURL = try sh("echo tok | monica-auth login", env: home.env)
    #expect(noURL.status == 64)
    let flag = try sh("monica-auth login --no-such-flag", env: home.env)
    #expect(flag.status == 64)
    let notLoggedIn = try sh("monica-auth token", env: home.env)
    #expect(notLoggedIn.status == 78)
    #expect(
      notLoggedIn.stderr
        == "monica-auth: error: not logged in: run monica-auth login (or set MONICA_URL and MONICA_TOKEN)\n")
  }

  @Test("status on an unreachable host: the user is (unknown), not '(unknown) <>', and the cause is said once")
  func statusUnreachable() throws {
    let home = try TemporaryHome()
    let env = home.env.merging(["MONICA_URL": "http://127.0.0.1:9", "MONICA_TOKEN": "tok"]) { $1 }
    let run = try sh("monica-auth status", env: env)
    #expect(run.status == 69, "\(run)")
    #expect(run.lines.contains("user:     (unknown)"), "\(run)")
    #expect(!run.stdout.contains("<>"), "\(run)")
    #expect(run.stderr.hasPrefix("monica-auth: error: http://127.0.0.1:9: cannot connect"), "\(run)")
    #expect(run.stderr.components(separatedBy: "127.0.0.1:9").count == 2, "the instance named once: \(run)")
    #expect(AuthService.user(name: "", email: "a@b.c") == "<a@b.c>" && AuthService.user(name: "Al", email: "") == "Al")
  }

  @Test("an answer that is not a Monica 4.x API is refused with what was found")
  func notMonica() throws {
    let html = try Sandbox.start(["--fault", "html@*1:/api"])
    let run = try login(html)
    #expect(run.status == 69, "\(run)")
    #expect(run.stderr.contains("not a Monica 4.x API: GET /api answered with an HTML page"))
    #expect(!FileManager.default.fileExists(atPath: html.home + "/.config/monica"))

    // A Monica 5 server: no /api root, an /api/vaults route instead.
    let home = try TemporaryHome()
    let server = try sh(
      """
      cat > "$TMPDIR/m5.py" <<'PY'
      import http.server, json, sys
      class H(http.server.BaseHTTPRequestHandler):
          def do_GET(self):
              found = self.path.startswith('/api/vaults')
              body = json.dumps({"data": []} if found else {"message": "Not Found"}).encode()
              self.send_response(200 if found else 404)
              self.send_header('Content-Type', 'application/json')
              self.send_header('Content-Length', str(len(body)))
              self.end_headers()
              self.wfile.write(body)
          def log_message(self, *a): pass
      s = http.server.HTTPServer(('127.0.0.1', 0), H)
      print(s.server_address[1], flush=True)
      s.handle_request(); s.handle_request()
      PY
      python3 "$TMPDIR/m5.py" > "$TMPDIR/port" &
      for _ in $(seq 50); do [ -s "$TMPDIR/port" ] && break; sleep 0.1; done
      echo tok | monica-auth login --url "http://127.0.0.1:$(cat "$TMPDIR/port")" --token-stdin
      """, env: home.env)
    #expect(server.status == 69, "\(server)")
    #expect(server.stderr.contains("this is a Monica 5 instance"))
  }

  @Test("the token never appears in any output but `token`, in any file, in --verbose, or in the request log")
  func tokenNeverLeaks() throws {
    let sandbox = try Sandbox.start()
    let token = sandbox.token
    var outputs: [ShellRun] = []
    outputs.append(try login(sandbox, "--verbose"))
    outputs.append(try login(sandbox, "--profile p2 --passphrase-fd 3 3<<<secretpass"))
    outputs.append(try sh("monica-auth status --verbose", env: sandbox.env))
    outputs.append(try sh("monica-auth status --json -v", env: sandbox.env))
    outputs.append(try sh("monica-auth list; monica-auth list --json", env: sandbox.env))
    outputs.append(try sh("echo wrong | monica-auth login --url \"$SANDBOX_URL\" --token-stdin -v", env: sandbox.env))
    #expect(outputs[0].stderr.contains("GET /api/me 200"), "verbose shows requests: \(outputs[0])")
    for run in outputs {
      #expect(!run.stdout.contains(token) && !run.stderr.contains(token), "\(run)")
    }
    for (path, data) in filesUnder(sandbox.home) {
      #expect(data.range(of: Data(token.utf8)) == nil, "token in \(path)")
    }
    let log = try String(contentsOfFile: sandbox.logPath, encoding: .utf8)
    #expect(!log.contains(token))
    #expect(sandbox.requests().contains { $0["authorization"] == .bool(true) })
  }
}
