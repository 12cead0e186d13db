import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `monica-fetch --cache` and `--offline` in-process, through the connection, on the in-memory
/// sandbox: what reaches the instance is the transport's log, the entries are files under the
/// run's HOME. Parallel processes on one cache, and `monica-auth`'s status, clear and logout stay
/// in EndToEndTests/CacheTests.
@Suite struct ResponseCacheTests {
  /// `--cache=TTL`.
  static func ttl(_ text: String) throws -> CacheMode { .fresh(try #require(TimeToLive(text))) }

  func fetch(
    _ run: InProcessRun, _ kind: String = "contacts", cache: CacheMode, environment: [String: String] = [:],
    _ configure: (inout FetchPlan) throws(MonicaError) -> Void = { _ throws(MonicaError) in },
    policy: (inout ClientPolicy) -> Void = { _ in }
  ) async throws -> InProcessRun.Outcome {
    try await FetcherTests.fetch(run, kind, cache: cache, environment: environment, configure, policy: policy)
  }

  /// Requests to the API so far.
  func requests(_ run: InProcessRun) -> Int { run.targets.count }

  func mode(_ path: String) -> Int {
    var info = stat()
    return lstat(path, &info) == 0 ? Int(info.st_mode & 0o777) : -1
  }

  /// Flips one bit in the middle of `path`, in place (the mode stays 0600).
  func flipByte(_ path: String) throws {
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    bytes[bytes.count / 2] ^= 0x01
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.write(contentsOf: bytes)
    try handle.close()
  }

  @Test("a second run within the TTL makes no request and writes the same bytes, page by page")
  func replay() async throws {
    let run = try InProcessRun(contacts: 260)
    let first = try await fetch(run, cache: try Self.ttl("5m"))
    #expect(first.error == nil && run.diagnostics.isEmpty, "\(first)")
    #expect(run.exchanges(path: "/api/contacts").count == 3)
    let second = try await fetch(run, cache: try Self.ttl("5m"))
    #expect(second.error == nil && run.diagnostics.isEmpty, "\(second)")
    #expect(second.output == first.output && !first.output.isEmpty)
    #expect(requests(run) == 3, "the replay asked the instance")
    // Replayed page by page: the limits apply as live.
    let max = try await fetch(run, cache: try Self.ttl("5m")) { $0.max = 150 }
    #expect(max.lines == Array(first.lines.prefix(150)))
    let verbose = try await fetch(run, cache: try Self.ttl("1h")) {
      $0.max = 1
    } policy: {
      $0.observer = { _ in }
    }
    #expect(
      run.diagnostics.first?.hasPrefix("monica-fetch: cached GET /api/contacts?page=1&limit=100 (stored ") == true,
      "\(run.diagnostics)")
    #expect(verbose.lines == [first.lines[0]] && requests(run) == 3)
    // Without --cache nothing is read.
    let live = try await fetch(run, cache: .off)
    #expect(live.output == first.output && requests(run) == 6)

    // Single records and --since listings are cached under their own requests (a record with its
    // fields: the listing, read without them, would answer it otherwise).
    var one: [String] = []
    for _ in 0..<2 {
      one += try await fetch(run, cache: try Self.ttl("5m")) { plan throws(MonicaError) in
        try plan.take(id: "12")
        plan.withFields = true
      }.lines
    }
    #expect(one.count == 2 && one[0] == one[1] && requests(run) == 7, "\(one)")
    // The 50th newest: the walk ends within its first page (sort=-updated_at).
    let cut = first.records.compactMap { $0["updated_at"]?.stringValue }.sorted(by: >)[50]
    let since = try await fetch(run, cache: try Self.ttl("5m")) { plan throws(MonicaError) in
      plan.since = try SinceTime(parsing: cut)
    }
    let asked = requests(run)
    let sinceAgain = try await fetch(run, cache: try Self.ttl("5m")) { plan throws(MonicaError) in
      plan.since = try SinceTime(parsing: cut)
    }
    #expect(since.error == nil && !since.lines.isEmpty && sinceAgain.output == since.output, "\(sinceAgain)")
    #expect(requests(run) == asked)
    let sinceLive = try await fetch(run, cache: .off) { plan throws(MonicaError) in
      plan.since = try SinceTime(parsing: cut)
    }
    #expect(sinceLive.output == since.output)
  }

  @Test("MONICA_CACHE is --cache, --no-cache and --offline win over it, a bad value is a usage error")
  func modeFromEnvironment() throws {
    let environment = ToolEnvironment(variables: ["MONICA_CACHE": "10m"])
    #expect(
      try CacheMode.resolve(cache: nil, offline: false, noCache: false, environment: environment) == Self.ttl("10m"))
    #expect(try CacheMode.resolve(cache: nil, offline: false, noCache: true, environment: environment) == .off)
    #expect(try CacheMode.resolve(cache: nil, offline: true, noCache: false, environment: environment) == .offline)
    #expect(throws: MonicaError.self) {
      try CacheMode.resolve(
        cache: nil, offline: false, noCache: false, environment: ToolEnvironment(variables: ["MONICA_CACHE": "later"]))
    }
  }

  @Test("a stale entry is fetched again and replaces the old one")
  func stale() async throws {
    let run = try InProcessRun(contacts: 150)
    let start = Date()
    run.now = start
    let first = try await fetch(run, cache: try Self.ttl("2s"))
    #expect(first.error == nil && requests(run) == 2, "\(first)")
    #expect(try await fetch(run, cache: try Self.ttl("2s")).output == first.output)
    #expect(requests(run) == 2)
    // 0s: every entry is stale; the answer is fetched and stored again.
    let refreshed = try await fetch(run, cache: try Self.ttl("0s"))
    #expect(refreshed.output == first.output && requests(run) == 4)
    // 2.2 s later by the tool's clock, not by sleeping: the entry is stale.
    run.now = start.addingTimeInterval(2.2)
    let later = try await fetch(run, cache: try Self.ttl("2s"))
    #expect(later.output == first.output && requests(run) == 6, "\(later)")
    #expect(try await fetch(run, cache: try Self.ttl("2s")).output == first.output)
    #expect(requests(run) == 6)
    // One file for the listing, replaced each time.
    #expect(run.cacheFiles.count == 1)
  }

  @Test("the instance stopped or failing with 5xx: the cached copy, one warning with its age, no failure")
  func instanceDown() async throws {
    let run = try InProcessRun(contacts: 260)
    run.now = Date()
    let first = try await fetch(run, cache: try Self.ttl("5m"))
    #expect(first.error == nil, "\(first)")
    run.transport.stop()
    let down = try await fetch(run, cache: try Self.ttl("0s"))
    #expect(down.error == nil && down.output == first.output, "\(down)")
    #expect(run.diagnostics == ["monica-fetch: warning: offline: showing contacts from 0 s ago"])
    // Nothing cached for notes: the failure as it would be without a cache.
    let notes = try await fetch(run, "notes", cache: try Self.ttl("5m"))
    #expect(notes.status == 69 && notes.output.isEmpty && notes.message?.contains("cannot connect") == true, "\(notes)")

    // 5xx after the retries (here none): the 4th request is the first page of the second run.
    let failing = try InProcessRun(contacts: 260, faults: ["503@4"])
    failing.now = Date()
    let cached = try await fetch(failing, cache: try Self.ttl("5m"))
    let fallback = try await fetch(failing, cache: try Self.ttl("0s")) { _ in
    } policy: {
      $0.retries = 0
    }
    #expect(fallback.error == nil && fallback.output == cached.output, "\(fallback)")
    #expect(failing.diagnostics == ["monica-fetch: warning: offline: showing contacts from 0 s ago"])
    // The rest of the walk came from the cache: one request, the one that failed.
    #expect(requests(failing) == 4)

    // A failure in the middle of a listing cannot be mended with an older copy: it fails as
    // before, with whole lines and no record twice.
    let midway = try InProcessRun(contacts: 260, faults: ["503@5"])
    _ = try await fetch(midway, cache: try Self.ttl("5m"))
    let broken = try await fetch(midway, cache: try Self.ttl("0s")) {
      $0.concurrency = 1
    } policy: {
      $0.retries = 0
    }
    #expect(broken.status == 69 && broken.lines.count == 100 && midway.diagnostics.isEmpty, "\(broken)")
  }

  @Test("--offline never asks the instance: the cached copy whatever its age, else 66")
  func offline() async throws {
    let run = try InProcessRun(contacts: 260)
    let none = try await fetch(run, cache: .offline)
    #expect(none.status == 66 && none.output.isEmpty, "\(none)")
    #expect(none.message == "contacts: not in the cache (--offline sends no request)")
    #expect(run.transport.exchanges.isEmpty)
    let first = try await fetch(run, cache: try Self.ttl("5m"))
    let replay = try await fetch(run, cache: .offline)
    #expect(replay.error == nil && run.diagnostics.isEmpty && replay.output == first.output, "\(replay)")
    #expect(requests(run) == 3)
    // A walk that stopped after its first page (--max): the rest is not there to replay.
    let partial = try InProcessRun(contacts: 260)
    _ = try await fetch(partial, cache: try Self.ttl("5m")) { $0.max = 5 }
    let cut = try await fetch(partial, cache: .offline)
    #expect(cut.status == 66 && cut.lines.count == 100, "\(cut)")
    #expect(cut.message?.contains("contacts: not in the cache (--offline sends no request)") == true, "\(cut)")
    #expect(requests(partial) == 1)
    // With the instance up, the missing pages are fetched and join the walk.
    let joined = try await fetch(partial, cache: try Self.ttl("5m"))
    #expect(joined.error == nil && requests(partial) == 3, "\(joined)")
    let rejoined = try await fetch(partial, cache: .offline)
    #expect(rejoined.output == joined.output && requests(partial) == 3)
    #expect(try await fetch(partial, cache: .off).output == joined.output)
  }

  @Test("a record of a cached listing is served offline, and with --cache without a request, as the listing had it")
  func recordFromListing() async throws {
    let run = try InProcessRun()
    let listing = try await fetch(run, cache: try Self.ttl("5m"))
    try #require(listing.error == nil, "\(listing)")
    let third = try #require(listing.lines.dropFirst(2).first)
    let id = try #require(listing.records[2]["id"]?.intValue)
    let before = requests(run)
    let offline = try await fetch(run, cache: .offline) { plan throws(MonicaError) in try plan.take(id: String(id)) }
    #expect(offline.error == nil && run.diagnostics.isEmpty, "\(offline)")
    #expect(offline.lines == [third])
    let cached = try await fetch(run, cache: try Self.ttl("5m")) { plan throws(MonicaError) in
      try plan.take(id: String(id))
    }
    #expect(cached.lines == [third], "\(cached)")
    #expect(requests(run) == before)
    // Not in the listing (nor cached on its own): 66 offline, as before.
    let missing = try await fetch(run, cache: .offline) { plan throws(MonicaError) in try plan.take(id: "999999") }
    #expect(missing.status == 66 && missing.message?.contains("not in the cache") == true, "\(missing)")
    // With fields: only a listing read with them has them.
    let fields = try await fetch(run, cache: .offline) { plan throws(MonicaError) in
      try plan.take(id: String(id))
      plan.withFields = true
    }
    #expect(fields.status == 66, "\(fields)")
  }

  @Test("a 401 or a 403 drops the profile's whole cache")
  func rejectedTokenDropsTheCache() async throws {
    let run = try InProcessRun(faults: ["401@2:/api/notes", "403@2:/api/tasks"])
    try run.signIn()
    let profile = InProcessRun.profiles
    for kind in ["contacts", "notes"] {
      #expect(try await fetch(run, kind, cache: try Self.ttl("5m"), environment: profile).error == nil)
    }
    #expect(run.cacheFiles.count == 2)
    let rejected = try await fetch(run, "notes", cache: try Self.ttl("0s"), environment: profile)
    #expect(rejected.status == 77 && rejected.message?.contains("the token was rejected") == true, "\(rejected)")
    #expect(run.cacheFiles.isEmpty)
    let gone = try await fetch(run, cache: .offline, environment: profile)
    #expect(gone.status == 66, "\(gone)")
    // 403, and without --cache: the cache goes all the same.
    #expect(try await fetch(run, "tasks", cache: try Self.ttl("5m"), environment: profile).error == nil)
    #expect(try await fetch(run, cache: try Self.ttl("5m"), environment: profile).error == nil)
    #expect(run.cacheFiles.count == 2)
    let refused = try await fetch(run, "tasks", cache: .off, environment: profile)
    #expect(refused.status == 77 && run.cacheFiles.isEmpty, "\(refused)")
  }

  @Test("an altered or renamed entry is discarded and fetched again, never shown")
  func alteredEntry() async throws {
    let run = try InProcessRun(contacts: 260)
    let first = try await fetch(run, cache: try Self.ttl("5m"))
    let files = run.cacheFiles
    #expect(files.count == 1)
    for file in files { try flipByte(file) }
    // The whole entry is checked before a page of it is shown.
    let offline = try await fetch(run, cache: .offline)
    #expect(offline.status == 66 && offline.output.isEmpty, "\(offline)")
    let warning = run.diagnostics.joined(separator: "\n")
    #expect(warning.hasPrefix("monica-fetch: warning: cache: discarded an entry ("), "\(warning)")
    #expect(warning.contains("): damaged or altered; it is fetched again"), "\(warning)")
    #expect(run.cacheFiles.isEmpty, "the altered entry was removed")

    let fetched = try await fetch(run, cache: try Self.ttl("5m"))
    #expect(fetched.error == nil && fetched.output == first.output && requests(run) == 6, "\(fetched)")
    for file in run.cacheFiles { try flipByte(file) }
    let warned = run.diagnostics.count
    let again = try await fetch(run, cache: try Self.ttl("5m"))
    #expect(again.error == nil && again.output == first.output && requests(run) == 9, "\(again)")
    #expect(run.diagnostics.count == warned + 1, "one warning: \(run.diagnostics)")
    #expect(try await fetch(run, cache: try Self.ttl("5m")).error == nil && run.diagnostics.count == warned + 1)
    #expect(requests(run) == 9)

    // Page 1's file under page 2's name: the name is bound to the entry, so it does not open.
    // (With their fields: the cached listing, read without them, would serve them otherwise.)
    let beforeSingles = Set(run.cacheFiles)
    for id in ["1", "2"] {
      _ = try await fetch(run, cache: try Self.ttl("5m")) { plan throws(MonicaError) in
        try plan.take(id: id)
        plan.withFields = true
      }
    }
    let pair = run.cacheFiles.filter { !beforeSingles.contains($0) }
    try #require(pair.count == 2, "\(pair)")
    try FileManager.default.removeItem(atPath: pair[1])
    try FileManager.default.copyItem(atPath: pair[0], toPath: pair[1])
    let told = run.diagnostics.count
    var shown = 0
    for id in ["1", "2"] {
      shown += try await fetch(run, cache: .offline) { plan throws(MonicaError) in
        try plan.take(id: id)
        plan.withFields = true
      }.lines.count
    }
    #expect(shown == 1 && run.diagnostics.dropFirst(told).contains { $0.contains("discarded") }, "\(run.diagnostics)")
  }

  @Test("nothing under the cache holds a record, a name or the token in plain text; 0600 files in 0700 dirs")
  func noPlaintext() async throws {
    let run = try InProcessRun(contacts: 150)
    try run.signIn()
    let profile = InProcessRun.profiles
    let contacts = try await fetch(run, cache: try Self.ttl("5m"), environment: profile)
    let notes = try await fetch(run, "notes", cache: try Self.ttl("5m"), environment: profile) { $0.max = 20 }
    let one = try await fetch(run, cache: try Self.ttl("5m"), environment: profile) { plan throws(MonicaError) in
      try plan.take(id: "3")
      plan.withFields = true
    }
    #expect(contacts.error == nil && notes.error == nil && one.error == nil, "\(notes)")
    var secrets = [run.transport.sandbox.token, "complete_name", "\"data\"", contacts.lines[0]]
    for record in contacts.records + notes.records {
      for key in ["first_name", "last_name", "body"] {
        if let text = record[key]?.stringValue, text.count >= 4, text.allSatisfy(\.isASCII) { secrets.append(text) }
      }
    }
    #expect(secrets.count > 100)
    let files = run.cacheFiles
    #expect(files.count == 3)
    for file in files {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
      for secret in secrets where bytes.range(of: Data(secret.utf8)) != nil {
        Issue.record("\(file) holds \(secret.prefix(40)) in plain text")
      }
      #expect(mode(file) == 0o600)
      #expect(!file.contains("contacts") && !file.contains("notes") && !file.contains("limit"))
    }
    for directory in ["", "/default", "/default/responses"] {
      #expect(mode(run.home.home + "/.cache/monica" + directory) == 0o700, "\(directory)")
    }
  }

  @Test("profiles, instances and tokens never share entries; a passphrase profile caches too")
  func scopes() async throws {
    let run = try InProcessRun()
    try run.signIn(profile: "home")
    try run.signIn(profile: "work")
    let profiles = InProcessRun.profiles
    let fresh = try Self.ttl("5m")
    #expect(
      try await fetch(run, cache: fresh, environment: profiles.merging(["MONICA_PROFILE": "home"]) { $1 }).error == nil)
    let work = try await fetch(run, cache: .offline, environment: profiles.merging(["MONICA_PROFILE": "work"]) { $1 })
    #expect(work.status == 66)
    #expect(try await fetch(run, cache: .offline).status == 66, "environment vs profile")
    let home = try await fetch(run, cache: .offline, environment: profiles.merging(["MONICA_PROFILE": "home"]) { $1 })
    #expect(home.error == nil)

    // The same token of another instance (another port) finds nothing of the first.
    #expect(try await fetch(run, cache: fresh).error == nil)
    #expect(try await fetch(run, cache: .offline).error == nil)
    let elsewhere = try await fetch(run, cache: .offline, environment: ["MONICA_URL": "http://127.0.0.1:2"])
    #expect(elsewhere.status == 66, "\(elsewhere)")

    // Passphrase profile: the keys come from the token, known once the passphrase opened it.
    let locked = try InProcessRun()
    try locked.signIn(passphrase: "pass word")
    let unlocked = profiles.merging(["MONICA_PASSPHRASE": "pass word"]) { $1 }
    let first = try await fetch(locked, cache: fresh, environment: unlocked)
    #expect(first.error == nil, "\(first)")
    #expect(try await fetch(locked, cache: fresh, environment: unlocked).output == first.output)
    #expect(requests(locked) == 1)
    let wrong = try await fetch(
      locked, cache: .offline, environment: profiles.merging(["MONICA_PASSPHRASE": "x"]) { $1 })
    #expect(wrong.status == 77 && wrong.output.isEmpty, "\(wrong)")
  }

  @Test("without --cache nothing is written under XDG_CACHE_HOME")
  func offByDefault() async throws {
    let run = try InProcessRun()
    #expect(try await fetch(run, cache: .off).error == nil)
    #expect(try await fetch(run, cache: .off) { plan throws(MonicaError) in try plan.take(id: "2") }.error == nil)
    #expect(!FileManager.default.fileExists(atPath: run.home.home + "/.cache"))
  }

  @Test("a cache directory others can enter is refused: a warning with --cache, an error with --offline")
  func exposedDirectory() async throws {
    let run = try InProcessRun()
    let first = try await fetch(run, cache: try Self.ttl("5m"))
    chmod(run.home.home + "/.cache/monica", 0o755)
    let warned = try await fetch(run, cache: try Self.ttl("5m"))
    #expect(warned.error == nil && warned.output == first.output, "\(warned)")
    let told = run.diagnostics.joined(separator: "\n")
    #expect(told.contains("accessible by others") && told.contains("going on without it"), "\(told)")
    let refused = try await fetch(run, cache: .offline)
    #expect(refused.status == 77 && refused.output.isEmpty, "\(refused)")
  }
}
