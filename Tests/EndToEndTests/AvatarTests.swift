import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-avatar save` and `set` against a sandbox with its gravatar-like second origin, whose
/// request log says what reached each origin and whether an Authorization header came with it:
/// downloads over real sockets (redirects, validators, bodies cut, the token kept home, a closed
/// pipe), profiles and flags. Photo and data-URL sources, their cache and `set`'s answers are
/// AvatarSaverTests' and AvatarSetterTests' (MonicaAPITests), in-process.
@Suite struct AvatarTests {
  func env(_ sandbox: Sandbox, _ extra: [String: String] = [:]) -> [String: String] {
    sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "3000"]) { $1 }.merging(extra) { $1 }
  }

  func start(_ arguments: [String] = []) throws -> (Sandbox, String) {
    let sandbox = try Sandbox.start(["--contacts", "60", "--rate-limit", "0", "--gravatar-port", "0"] + arguments)
    return (sandbox, try #require(sandbox.gravatar))
  }

  /// The second origin's requests.
  func gravatarRequests(_ sandbox: Sandbox) -> [JSONValue] {
    sandbox.requests().filter { $0["server"]?.stringValue == "gravatar" }
  }

  /// A contact line with this avatar.
  func contact(_ id: Int, _ source: String, _ url: String?, initials: String = "AB", color: String = "#709512")
    -> String
  {
    let link = url.map { JSONWriter.plain.string(.string($0)) } ?? "null"
    return #"{"id":\#(id),"object":"contact","initials":"\#(initials)","information":{"avatar":"#
      + #"{"url":\#(link),"source":"\#(source)","default_avatar_color":"\#(color)"}}}"#
  }

  func bytes(_ path: String) -> [UInt8] { (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }

  /// Every file (hidden ones too) in a folder.
  func files(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test("every source of a fetched account: its bytes, in input order, one /api/photos walk, no token elsewhere")
  func everySource() throws {
    let (sandbox, _) = try start()
    let faces = sandbox.temporary.root + "/faces"
    let contacts = try sh("monica-fetch contacts", env: env(sandbox))
    let photos = try records(
      sh(
        #"curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/photos?limit=100" | jq -c '.data[]'"#,
        env: sandbox.env
      ).stdout)
    let before = sandbox.requests().count
    let run = try sh(
      "monica-fetch contacts | monica-avatar save --dir faces", env: env(sandbox), directory: sandbox.temporary.root)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let results = try records(run.stdout)
    let inputs = try records(contacts.stdout)
    #expect(results.map { $0["contact_id"]?.intValue } == inputs.map { $0["id"]?.intValue })
    #expect(run.lines.allSatisfy { $0.hasPrefix(#"{"contact_id":"#) && $0.contains(#","source":"#) })
    var seen: Set<String> = []
    for (input, result) in zip(inputs, results) {
      let avatar = try #require(input["information"]?["avatar"])
      let source = avatar["source"]?.stringValue ?? ""
      let file = try #require(result["file"]?.stringValue)
      let saved = bytes(sandbox.temporary.root + "/" + file)
      #expect(result["bytes"]?.intValue == saved.count && !saved.isEmpty)
      #expect(result["source"]?.stringValue == source && result["reason"] == .null, "\(result)")
      seen.insert(source)
      switch source {
      case "adorable":
        let url = try #require(avatar["url"]?.stringValue)
        #expect(saved == Array(try #require(Data(base64Encoded: String(url.split(separator: ",")[1])))))
        #expect(result["from"]?.stringValue == "data-url" && file.hasSuffix(".png"))
      case "photo":
        let photo = try #require(photos.first { $0["link"] == avatar["url"] })
        let data = try #require(photo["dataUrl"]?.stringValue)
        #expect(saved == Array(try #require(Data(base64Encoded: String(data.split(separator: ",")[1])))))
        #expect(result["from"]?.stringValue == "network" && result["mime_type"]?.stringValue == "image/png")
      case "gravatar":
        #expect(result["from"]?.stringValue == "network" && file.hasSuffix(".png"))
        #expect(saved.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      default:
        #expect(result["from"]?.stringValue == "initials" && file.hasSuffix(".svg"))
        let svg = String(decoding: saved, as: UTF8.self)
        #expect(svg.contains(avatar["default_avatar_color"]?.stringValue ?? "?"))
        // The names' own first letters (InitialsAvatarTests holds the rule's cases).
        let initials =
          InitialsAvatar.letters(
            initials: input["initials"]?.stringValue, firstName: input["first_name"]?.stringValue,
            lastName: input["last_name"]?.stringValue) ?? ""
        #expect(svg.contains(">\(initials.isEmpty ? "?" : initials)</text>"))
      }
    }
    #expect(seen == ["adorable", "photo", "gravatar", "default"])
    // One walk of /api/photos, 100 a page; never the /store links, never a request per contact.
    let api = sandbox.requests().dropFirst(before).filter { $0["server"] == nil }
    #expect(api.filter { $0["path"]?.stringValue == "/api/photos" }.count == 1)
    #expect(
      api.filter { $0["path"]?.stringValue == "/api/photos" }.allSatisfy {
        $0["query"]?.stringValue?.contains("limit=100") == true
      })
    #expect(!api.contains { $0["path"]?.stringValue?.hasPrefix("/store") == true })
    #expect(
      !api.contains {
        $0["path"]?.stringValue?.hasSuffix("/photos") == true && $0["path"]?.stringValue != "/api/photos"
      })
    #expect(api.allSatisfy { $0["authorization"] == .bool(true) })
    let gravatar = gravatarRequests(sandbox)
    #expect(!gravatar.isEmpty && gravatar.allSatisfy { $0["authorization"] == .bool(false) })
    #expect(files(faces).allSatisfy { !$0.hasPrefix(".") }, "a temporary file was left")
    #expect(files(faces).count == results.count)
    // A warm second run asks neither origin anything: every image but the initials is cached.
    try contacts.stdout.write(toFile: sandbox.temporary.root + "/contacts.ndjson", atomically: true, encoding: .utf8)
    let requests = sandbox.requests().count
    let warm = try sh(
      "monica-avatar save --dir warm < contacts.ndjson", env: env(sandbox), directory: sandbox.temporary.root)
    #expect(warm.status == 0 && warm.stderr.isEmpty, "\(warm)")
    #expect(sandbox.requests().count == requests, "\(sandbox.requests().dropFirst(requests))")
    let warmFrom = try records(warm.stdout).map { $0["from"]?.stringValue ?? "" }
    #expect(warmFrom == results.map { $0["from"]?.stringValue == "initials" ? "initials" : "cache" })
    for name in files(faces) { #expect(bytes(faces + "/" + name) == bytes(sandbox.temporary.root + "/warm/" + name)) }
  }

  @Test("each failure falls back to the initials with its reason and a warning; --strict fails")
  func fallbacks() throws {
    let (sandbox, gravatar) = try start()
    let lines = [
      contact(1, "gravatar", gravatar + "/avatar/html-1"),
      contact(2, "gravatar", gravatar + "/avatar/fakepng-1"),
      contact(3, "gravatar", gravatar + "/avatar/huge-1"),
      contact(4, "gravatar", gravatar + "/avatar/redirect-1"),
      contact(5, "gravatar", gravatar + "/avatar/status-404-a"),
      contact(6, "gravatar", gravatar + "/avatar/status-401-a"),
      contact(7, "gravatar", gravatar + "/avatar/status-403-a"),
      contact(8, "gravatar", gravatar + "/avatar/status-429-a"),
      contact(9, "gravatar", gravatar + "/avatar/status-500-a"),
      contact(10, "gravatar", "http://127.0.0.1:1/avatar/x"),
      contact(11, "adorable", "data:image/png;base64,PGh0bWw+PC9odG1sPg=="),
      contact(12, "photo", sandbox.url + "/store/photos/nothing.png"),
      contact(13, "selfie", "x"),
      contact(14, "gravatar", gravatar + "/avatar/sized-1"),
    ]
    let input = lines.joined(separator: "\n") + "\n"
    let run = try sh(
      "monica-avatar save --dir faces", env: env(sandbox), stdin: input, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let results = try records(run.stdout)
    #expect(results.count == lines.count && results.allSatisfy { $0["from"]?.stringValue == "initials" })
    let reasons = results.map { $0["reason"]?.stringValue ?? "" }
    let expected = [
      "not an image (Content-Type text/html)", "not an image (its first bytes", "larger than 10 MB",
      "redirected (HTTP 302) to \(sandbox.url)", "HTTP 404", "HTTP 401", "HTTP 403", "HTTP 429", "HTTP 500",
      "network error: connection refused", "not an image", "no photo of the contact has the avatar's link",
      "unknown avatar source", "larger than 10 MB",
    ]
    for (reason, want) in zip(reasons, expected) { #expect(reason.hasPrefix(want), "\(reason) is not \(want)") }
    let warnings = run.stderr.split(separator: "\n")
    #expect(warnings.count == lines.count && warnings.allSatisfy { $0.hasPrefix("monica-avatar: warning: contact ") })
    for result in results {
      let file = sandbox.temporary.root + "/" + (result["file"]?.stringValue ?? "")
      let declared = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
      #expect(String(decoding: bytes(file), as: UTF8.self).hasPrefix(declared), "\(file)")
    }
    // The HTML page was never saved under any name.
    for name in files(sandbox.temporary.root + "/faces") {
      #expect(!String(decoding: bytes(sandbox.temporary.root + "/faces/" + name), as: UTF8.self).contains("<html"))
    }
    let strict = try sh(
      "monica-avatar --dir faces --strict", env: env(sandbox), stdin: lines[0] + "\n" + lines[4] + "\n",
      directory: sandbox.temporary.root)
    #expect(strict.status == 76 && strict.lines.count == 2, "\(strict)")
    #expect(
      strict.stderr.contains(
        "monica-avatar: error: 2 of 2 avatars fell back to initials (--strict): contact 1, contact 5"))
  }

  @Test("the token never leaves the instance's origin, not even across a redirect")
  func tokenStaysHome() throws {
    let (sandbox, gravatar) = try start()
    let input = [
      contact(1, "gravatar", gravatar + "/avatar/redirect-token"), contact(2, "gravatar", gravatar + "/avatar/plain"),
      contact(3, "photo", sandbox.url + "/store/photos/none.png"),
      contact(4, "photo", sandbox.url + "/store/photos/other.png"),
    ].joined(separator: "\n")
    let run = try sh(
      "monica-avatar --dir faces", env: env(sandbox), stdin: input + "\n", directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let second = gravatarRequests(sandbox)
    #expect(second.count == 2 && second.allSatisfy { $0["authorization"] == .bool(false) }, "\(second)")
    let instance = sandbox.requests().filter { $0["server"] == nil }
    #expect(!instance.isEmpty && instance.allSatisfy { $0["authorization"] == .bool(true) })
    #expect(!instance.contains { $0["path"]?.stringValue?.hasPrefix("/store/") == true }, "a redirect was followed")
  }

  @Test("max-age reuse, ETag and 304, 24 hours without cache headers, --refresh")
  func caching() throws {
    let (sandbox, gravatar) = try start()
    let input =
      [
        contact(1, "gravatar", gravatar + "/avatar/fresh"), contact(2, "gravatar", gravatar + "/avatar/revalidate-a"),
        contact(3, "gravatar", gravatar + "/avatar/nocache-a"),
      ].joined(separator: "\n") + "\n"
    let root = sandbox.temporary.root
    let first = try sh("monica-avatar --dir faces", env: env(sandbox), stdin: input, directory: root)
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
    #expect(try records(first.stdout).map { $0["from"]?.stringValue } == ["network", "network", "network"])
    #expect(gravatarRequests(sandbox).count == 3)
    let second = try sh("monica-avatar --dir again", env: env(sandbox), stdin: input, directory: root)
    #expect(try records(second.stdout).map { $0["from"]?.stringValue } == ["cache", "cache", "cache"], "\(second)")
    let afterSecond = gravatarRequests(sandbox)
    // Only the no-cache image was asked again, conditionally, and answered 304.
    #expect(afterSecond.count == 4 && afterSecond.last?["path"]?.stringValue == "/avatar/revalidate-a")
    #expect(afterSecond.last?["status"]?.intValue == 304)
    for id in 1...3 { #expect(bytes("\(root)/again/\(id).png") == bytes("\(root)/faces/\(id).png")) }
    let refresh = try sh("monica-avatar --dir faces --refresh", env: env(sandbox), stdin: input, directory: root)
    #expect(refresh.status == 0 && refresh.stderr.isEmpty, "\(refresh)")
    let refreshed = Array(gravatarRequests(sandbox).dropFirst(4))
    // Asked side by side (--jobs), so the log's order is the order of arrival: compared by path.
    let statuses = Dictionary(
      refreshed.map { ($0["path"]?.stringValue ?? "", $0["status"]?.intValue ?? 0) }, uniquingKeysWith: { _, _ in -1 })
    #expect(
      refreshed.count == 3
        && statuses == ["/avatar/fresh": 304, "/avatar/revalidate-a": 304, "/avatar/nocache-a": 200],
      "\(refreshed)")
    #expect(try records(refresh.stdout).map { $0["from"]?.stringValue } == ["cache", "cache", "network"])
    // The entries: encrypted, 0600 in 0700 directories, in the environment token's cache.
    let cache = sandbox.home + "/.cache/monica"
    let entries = (FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? []).filter {
      $0.hasPrefix("avatars/.env-") && $0.split(separator: "/").count == 3
    }
    #expect(entries.count == 3, "\(entries)")
    #expect(mode(cache + "/avatars") == 0o700)
    for entry in entries {
      #expect(mode(cache + "/" + entry) == 0o600)
      #expect(mode(cache + "/" + (entry as NSString).deletingLastPathComponent) == 0o700)
      #expect(!bytes(cache + "/" + entry).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
  }

  func mode(_ path: String) -> Int {
    var info = stat()
    return lstat(path, &info) == 0 ? Int(info.st_mode & 0o777) : -1
  }

  @Test("each profile has its own cache in avatars/<profile>, and logout removes that one alone")
  func profiles() throws {
    let (sandbox, gravatar) = try start()
    let base = sandbox.env.merging(["MONICA_BACKOFF_MS": "10"]) { $1 }
    for name in ["home", "work"] {
      let login = try sh(
        "printf '%s\\n' \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin --profile \(name)",
        env: base)
      #expect(login.status == 0, "\(login)")
    }
    // "avatars" names the images' directory, so it cannot name a profile.
    let reserved = try sh(
      "printf '%s\\n' \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin --profile avatars",
      env: base)
    #expect(reserved.status == 64 && reserved.stderr.contains("avatars: a reserved name"), "\(reserved)")
    let input = contact(1, "gravatar", gravatar + "/avatar/profiled") + "\n"
    let root = sandbox.temporary.root
    let home = try sh("monica-avatar --dir a --profile home", env: base, stdin: input, directory: root)
    let again = try sh("monica-avatar --dir a --profile home", env: base, stdin: input, directory: root)
    let work = try sh("monica-avatar --dir b --profile work", env: base, stdin: input, directory: root)
    // The work profile asked again: the home profile's entry is not its own.
    #expect(
      try [home, again, work].map { try records($0.stdout).first?["from"]?.stringValue } == [
        "network", "cache", "network",
      ])
    #expect(gravatarRequests(sandbox).count == 2)
    // Each profile's answers (issue 16) stay in monica/<profile>/responses.
    for name in ["home", "work"] {
      let fetched = try sh("monica-fetch contacts --cache --profile \(name) > /dev/null", env: base)
      #expect(fetched.status == 0, "\(fetched)")
    }
    let cache = sandbox.home + "/.cache/monica"
    let avatars = cache + "/avatars/home"
    #expect(files(avatars).count == 1 && files(cache + "/avatars/work").count == 1)
    #expect(files(cache + "/avatars") == ["home", "work"])
    #expect([cache, cache + "/avatars", avatars].map(mode) == [0o700, 0o700, 0o700])
    #expect(files(avatars).allSatisfy { mode(avatars + "/" + $0) == 0o600 })
    #expect(!FileManager.default.fileExists(atPath: cache + "/home/avatars"), "the old place")
    #expect(!files(cache + "/home/responses").isEmpty && !files(cache + "/work/responses").isEmpty)
    // status counts both directories of the profile.
    let status = try sh("monica-auth status --profile home --json | jq -c .cache.entries", env: base)
    let responses = files(cache + "/home/responses").filter { !$0.hasPrefix(".") }.count
    #expect(status.stdout == "\(responses + 1)\n", "\(status)")
    let logout = try sh("monica-auth logout --profile home", env: base)
    #expect(logout.status == 0, "\(logout)")
    #expect(
      !FileManager.default.fileExists(atPath: avatars) && !FileManager.default.fileExists(atPath: cache + "/home"))
    #expect(files(cache + "/avatars") == ["work"] && !files(cache + "/work/responses").isEmpty)
    let afterLogout = try sh("monica-avatar --dir a --profile work", env: base, stdin: input, directory: root)
    #expect(try records(afterLogout.stdout).first?["from"]?.stringValue == "cache")
    // Clearing one profile's cache empties its images too, and only its own.
    let clear = try sh("monica-auth cache clear --profile work", env: base)
    #expect(clear.status == 0 && !FileManager.default.fileExists(atPath: cache + "/avatars/work"), "\(clear)")
    let cleared = try sh("monica-avatar --dir a --profile work", env: base, stdin: input, directory: root)
    #expect(try records(cleared.stdout).first?["from"]?.stringValue == "network")
    // A new login's keys open nothing of the old ones': its images go too.
    #expect(files(cache + "/avatars/work").count == 1)
    let relogin = try sh(
      "printf '%s\\n' \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin --profile work",
      env: base)
    #expect(relogin.status == 0 && !FileManager.default.fileExists(atPath: cache + "/avatars/work"), "\(relogin)")
  }

  @Test("a reader that stops early: status 0, whole lines, no more downloads")
  func closedPipe() throws {
    let sandbox = try Sandbox.start(["--contacts", "600", "--rate-limit", "0", "--latency", "40"])
    let root = sandbox.temporary.root
    let all = try sh(
      "monica-fetch contacts > all.ndjson; jq -c 'select(.information.avatar.source == \"gravatar\")' all.ndjson | wc -l",
      env: env(sandbox), directory: root)
    let gravatars = Int(all.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(gravatars > 50, "\(all)")
    let run = try sh(
      "timeout 60 monica-avatar --dir faces --jobs 1 < all.ndjson | head -n 1", env: env(sandbox), directory: root)
    #expect(run.status == 0 && run.stderr.isEmpty && run.lines.count == 1, "\(run)")
    // Downloads stop once the reader has gone: a few were under way, not every one.
    usleep(500_000)
    #expect(gravatarRequests(sandbox).count < gravatars / 2, "\(gravatarRequests(sandbox).count) of \(gravatars)")
  }

  /// The line of a trap's message in a run's stderr, or its last 200 characters.
  func fatal(_ run: ShellRun) -> String {
    run.stderr.split(separator: "\n").first { $0.contains("Fatal error") }.map(String.init)
      ?? String(run.stderr.suffix(200))
  }

  @Test("redirects cut short by time-outs and by a closed pipe, many at once, never crash the transport")
  func redirectStress() throws {
    // The redirect arrives after the sandbox's 15 ms; the time-outs go from before it to after
    // it, so that the transport's own time-out, URLSession's redirect callback and the pipe's
    // cancellation meet at every point of a redirect. FoundationNetworking traps ("Received
    // callback for HTTP redirection, but we're not waiting for it") when a redirecting task is
    // both cancelled and answered: a crash is status 132 or 133 here.
    let sandbox = try Sandbox.start([
      "--contacts", "1", "--rate-limit", "0", "--gravatar-port", "0", "--latency", "15",
    ])
    let gravatar = try #require(sandbox.gravatar)
    let root = sandbox.temporary.root
    // Three redirects to one image, which --refresh downloads again each time (no validators).
    let input = (1...64).map {
      contact(
        $0, "gravatar", gravatar + ($0 % 4 == 0 ? "/avatar/nocache-stress-" : "/avatar/redirect-stress-") + "\($0)")
    }
    try (input.joined(separator: "\n") + "\n").write(toFile: root + "/input.ndjson", atomically: true, encoding: .utf8)
    for round in 0..<16 {
      let timeout = 6 + round * 2
      let environment = env(sandbox, ["MONICA_TIMEOUT_MS": String(timeout), "MONICA_BACKOFF_MS": "1"])
      let whole = try sh(
        "monica-avatar --dir faces --jobs 8 --refresh < input.ndjson", env: environment, directory: root)
      #expect(
        whole.status == 0 && whole.lines.count == 64, "round \(round), \(timeout) ms: \(whole.status) \(fatal(whole))")
      for result in try records(whole.stdout) {
        let plain = (result["contact_id"]?.intValue ?? 0) % 4 == 0
        #expect([plain ? "network" : "initials", "initials"].contains(result["from"]?.stringValue ?? ""), "\(result)")
      }
      let cut = try sh(
        "monica-avatar --dir faces --jobs 8 --refresh < input.ndjson | head -n \(round % 4 + 1)", env: environment,
        directory: root)
      #expect(
        cut.status == 0 && cut.lines.count == round % 4 + 1, "round \(round), closed pipe: \(cut.status) \(fatal(cut))")
    }
    #expect(files(root + "/faces").allSatisfy { !$0.hasPrefix(".") }, "a temporary file was left")
  }

  @Test("set: its flags are checked before any request (64), no instance needed")
  func setFlags() throws {
    let home = try TemporaryHome()
    for flags in [
      "--contact 2 --source photo", "--contact 2 --source selfie", "--contact 2 --source adorable --photo 3",
      "--contact 0 --source default",
    ] {
      // No MONICA_URL and no profile: a request would have been 78, not 64.
      let run = try sh("monica-avatar set \(flags)", env: home.env)
      #expect(run.status == 64 && run.stdout.isEmpty, "\(flags): \(run)")
    }
    let photo = try sh("monica-avatar set --contact 2 --source photo", env: home.env)
    #expect(photo.stderr.contains("--photo"), "\(photo)")
  }
}
