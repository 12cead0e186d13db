import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-fetch --cache` and `--offline`, `monica-auth status`, `logout` and `cache clear`,
/// against a real sandbox whose request log says what reached the instance.
@Suite struct CacheTests {
  /// The signed-in environment with short retries and time-outs.
  func env(_ sandbox: Sandbox, _ extra: [String: String] = [:]) -> [String: String] {
    sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "2000"]) { $1 }.merging(extra) { $1 }
  }

  /// `env` without MONICA_URL and MONICA_TOKEN: the tools use the profiles of the store.
  func profileEnv(_ sandbox: Sandbox) -> [String: String] {
    sandbox.env.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "2000"]) { $1 }
  }

  /// Requests to the API so far.
  func apiRequests(_ sandbox: Sandbox) -> Int {
    sandbox.requests().filter { $0["path"]?.stringValue?.hasPrefix("/api") == true }.count
  }

  /// Every regular file under the cache, hidden ones (writes under way) included.
  func cacheFiles(_ sandbox: Sandbox) -> [String] {
    let root = sandbox.home + "/.cache/monica"
    let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
    return names.map { root + "/" + $0 }.filter {
      var info = stat()
      return lstat($0, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }.sorted()
  }

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

  @Test("a second run within the TTL makes no request and prints the same bytes, page by page")
  func replay() throws {
    let sandbox = try Sandbox.start(["--contacts", "260", "--rate-limit", "0"])
    let first = try sh("monica-fetch contacts --cache", env: env(sandbox))
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
    #expect(sandbox.requests(path: "/api/contacts").count == 3)
    let second = try sh("monica-fetch contacts --cache", env: env(sandbox))
    #expect(second.status == 0 && second.stderr.isEmpty, "\(second)")
    #expect(second.output == first.output && !first.output.isEmpty)
    #expect(apiRequests(sandbox) == 3, "the replay asked the instance")
    // Replayed page by page: a reader that stops early stops it, and the limits apply as live.
    let head = try sh("monica-fetch contacts --cache | head -n 1", env: env(sandbox))
    #expect(head.status == 0 && head.stderr.isEmpty && head.lines == [first.lines[0]], "\(head)")
    let max = try sh("monica-fetch contacts --cache --max 150", env: env(sandbox))
    #expect(max.lines == Array(first.lines.prefix(150)))
    let environment = try sh("monica-fetch contacts", env: env(sandbox, ["MONICA_CACHE": "10m"]))
    #expect(environment.output == first.output)
    let verbose = try sh("monica-fetch contacts --cache=1h --verbose --max 1", env: env(sandbox))
    #expect(
      verbose.stderr.hasPrefix("monica-fetch: cached GET /api/contacts?page=1&limit=100 (stored "), "\(verbose)")
    #expect(apiRequests(sandbox) == 3)
    // --no-cache wins over MONICA_CACHE; without --cache nothing is read.
    let live = try sh("monica-fetch contacts --no-cache", env: env(sandbox, ["MONICA_CACHE": "10m"]))
    #expect(live.output == first.output && apiRequests(sandbox) == 6)

    // Single records and --since listings are cached under their own requests (a record with its
    // fields: the listing, read without them, would answer it otherwise).
    let one = try sh(
      "monica-fetch contacts 12 --with-fields --cache; monica-fetch contacts 12 --with-fields --cache",
      env: env(sandbox))
    #expect(one.lines.count == 2 && one.lines[0] == one.lines[1] && apiRequests(sandbox) == 7, "\(one)")
    // The 50th newest: the walk ends within its first page (sort=-updated_at).
    let cut = try #require(try records(first.stdout).compactMap { $0["updated_at"]?.stringValue }.sorted(by: >)[50])
    let since = try sh("monica-fetch contacts --since \(cut) --cache", env: env(sandbox))
    let requests = apiRequests(sandbox)
    let sinceAgain = try sh("monica-fetch contacts --since \(cut) --cache", env: env(sandbox))
    #expect(since.status == 0 && !since.lines.isEmpty && sinceAgain.output == since.output, "\(sinceAgain)")
    #expect(apiRequests(sandbox) == requests)
    let sinceLive = try sh("monica-fetch contacts --since \(cut)", env: env(sandbox))
    #expect(sinceLive.output == since.output)
  }

  @Test("a stale entry is fetched again and replaces the old one")
  func stale() throws {
    let sandbox = try Sandbox.start(["--contacts", "150", "--rate-limit", "0"])
    let first = try sh("monica-fetch contacts --cache=2s", env: env(sandbox))
    #expect(first.status == 0 && apiRequests(sandbox) == 2, "\(first)")
    #expect(try sh("monica-fetch contacts --cache=2s", env: env(sandbox)).output == first.output)
    #expect(apiRequests(sandbox) == 2)
    // 0s: every entry is stale; the answer is fetched and stored again.
    let refreshed = try sh("monica-fetch contacts --cache=0s", env: env(sandbox))
    #expect(refreshed.output == first.output && apiRequests(sandbox) == 4)
    // 2.2 s later by the tools' clock (MONICA_CLOCK_OFFSET_MS), not by sleeping: the entry is stale.
    let later = try sh("monica-fetch contacts --cache=2s", env: env(sandbox, ["MONICA_CLOCK_OFFSET_MS": "2200"]))
    #expect(later.output == first.output && apiRequests(sandbox) == 6, "\(later)")
    #expect(try sh("monica-fetch contacts --cache=2s", env: env(sandbox)).output == first.output)
    #expect(apiRequests(sandbox) == 6)
    // One file for the listing, replaced each time.
    #expect(cacheFiles(sandbox).count == 1)
  }

  @Test("the instance stopped or failing with 5xx: the cached copy, one warning with its age, status 0")
  func instanceDown() throws {
    let sandbox = try Sandbox.start(["--contacts", "260", "--rate-limit", "0"])
    let first = try sh("monica-fetch contacts --cache", env: env(sandbox))
    #expect(first.status == 0, "\(first)")
    sandbox.stop()
    let down = try sh("monica-fetch contacts --cache=0s", env: env(sandbox))
    #expect(down.status == 0 && down.output == first.output, "\(down)")
    #expect(down.stderr == "monica-fetch: warning: offline: showing contacts from 0 s ago\n", "\(down)")
    // Nothing cached for notes: the failure as it would be without a cache.
    let notes = try sh("monica-fetch notes --cache", env: env(sandbox))
    #expect(notes.status == 69 && notes.stdout.isEmpty && notes.stderr.contains("cannot connect"), "\(notes)")

    // 5xx after the retries (here none): the 4th request is the first page of the second run.
    let failing = try Sandbox.start(["--contacts", "260", "--rate-limit", "0", "--fault", "503@4"])
    let cached = try sh("monica-fetch contacts --cache", env: env(failing))
    let fallback = try sh("monica-fetch contacts --cache=0s --retries 0", env: env(failing))
    #expect(fallback.status == 0 && fallback.output == cached.output, "\(fallback)")
    #expect(fallback.stderr == "monica-fetch: warning: offline: showing contacts from 0 s ago\n")
    // The rest of the walk came from the cache: one request, the one that failed.
    #expect(apiRequests(failing) == 4)

    // A failure in the middle of a listing cannot be mended with an older copy: it fails as
    // before, with whole lines and no record twice.
    let midway = try Sandbox.start(["--contacts", "260", "--rate-limit", "0", "--fault", "503@5"])
    _ = try sh("monica-fetch contacts --cache", env: env(midway))
    let broken = try sh("monica-fetch contacts --cache=0s --retries 0 --concurrency 1", env: env(midway))
    #expect(broken.status == 69 && broken.lines.count == 100 && !broken.stderr.contains("offline"), "\(broken)")
  }

  @Test("--offline never touches the network: the cached copy whatever its age, else 66")
  func offline() throws {
    let sandbox = try Sandbox.start(["--contacts", "260", "--rate-limit", "0"])
    let none = try sh("monica-fetch contacts --offline", env: env(sandbox))
    #expect(none.status == 66 && none.stdout.isEmpty, "\(none)")
    #expect(none.stderr == "monica-fetch: error: contacts: not in the cache (--offline sends no request)\n")
    #expect(sandbox.requests().isEmpty)
    let first = try sh("monica-fetch contacts --cache", env: env(sandbox))
    let replay = try sh("monica-fetch contacts --offline", env: env(sandbox))
    #expect(replay.status == 0 && replay.stderr.isEmpty && replay.output == first.output, "\(replay)")
    #expect(apiRequests(sandbox) == 3)
    // A walk that stopped after its first page (--max): the rest is not there to replay.
    let partial = try Sandbox.start(["--contacts", "260", "--rate-limit", "0"])
    _ = try sh("monica-fetch contacts --cache --max 5", env: env(partial))
    let cut = try sh("monica-fetch contacts --offline", env: env(partial))
    #expect(cut.status == 66 && cut.lines.count == 100, "\(cut)")
    #expect(cut.stderr.contains(": contacts: not in the cache (--offline sends no request)"), "\(cut)")
    #expect(apiRequests(partial) == 1)
    // With the instance up, the missing pages are fetched and join the walk.
    let joined = try sh("monica-fetch contacts --cache", env: env(partial))
    #expect(joined.status == 0 && apiRequests(partial) == 3, "\(joined)")
    let rejoined = try sh("monica-fetch contacts --offline", env: env(partial))
    #expect(rejoined.output == joined.output && apiRequests(partial) == 3)
    #expect(try sh("monica-fetch contacts", env: env(partial)).output == joined.output)
  }

  @Test("a 401 or a 403 drops the profile's whole cache")
  func rejectedTokenDropsTheCache() throws {
    let sandbox = try Sandbox.start([
      "--contacts", "30", "--rate-limit", "0", "--fault", "401@2:/api/notes", "--fault", "403@2:/api/tasks",
    ])
    #expect(try login(sandbox).status == 0)
    let env = profileEnv(sandbox)
    for kind in ["contacts", "notes"] {
      #expect(try sh("monica-fetch \(kind) --cache", env: env).status == 0)
    }
    #expect(cacheFiles(sandbox).count == 2)
    let rejected = try sh("monica-fetch notes --cache=0s", env: env)
    #expect(rejected.status == 77 && rejected.stderr.contains("the token was rejected"), "\(rejected)")
    #expect(cacheFiles(sandbox).isEmpty)
    let gone = try sh("monica-fetch contacts --offline", env: env)
    #expect(gone.status == 66, "\(gone)")
    // 403, and without --cache: the cache goes all the same.
    #expect(try sh("monica-fetch tasks --cache && monica-fetch contacts --cache", env: env).status == 0)
    #expect(cacheFiles(sandbox).count == 2)
    let refused = try sh("monica-fetch tasks", env: env)
    #expect(refused.status == 77 && cacheFiles(sandbox).isEmpty, "\(refused)")
  }

  @Test("status shows the size; cache clear empties it; logout removes it")
  func statusClearLogout() throws {
    let sandbox = try Sandbox.start(["--contacts", "150", "--rate-limit", "0"])
    #expect(try login(sandbox).status == 0)
    #expect(try login(sandbox, "--profile work").status == 0)
    let env = profileEnv(sandbox)
    let empty = try sh("monica-auth status", env: env)
    #expect(empty.lines.last == "cache:    empty (\(sandbox.home)/.cache/monica/default)", "\(empty)")
    #expect(try sh("monica-fetch contacts --cache && monica-fetch notes --cache", env: env).status == 0)
    #expect(try sh("monica-fetch contacts --cache --profile work", env: env).status == 0)
    let files = cacheFiles(sandbox).filter { $0.contains("/monica/default/") }
    let bytes = files.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    #expect(files.count == 2)
    let status = try JSONValue(parsing: try sh("monica-auth status --json", env: env).stdout)
    #expect(status["cache"]?["entries"]?.intValue == 2 && status["cache"]?["bytes"]?.intValue == bytes)
    let lines = try sh("monica-auth status", env: env)
    #expect(lines.lines.last?.hasPrefix("cache:    2 entries, ") == true, "\(lines)")

    let clear = try sh("monica-auth cache clear", env: env)
    #expect(clear.status == 0 && clear.stdout.isEmpty, "\(clear)")
    #expect(clear.stderr.hasPrefix("removed the cache of profile default: 2 entries, "), "\(clear)")
    #expect(cacheFiles(sandbox).allSatisfy { $0.contains("/monica/work/") } && cacheFiles(sandbox).count == 1)
    #expect(try sh("monica-fetch contacts --offline", env: env).status == 66)
    #expect(try sh("monica-auth token", env: env).stdout == sandbox.token + "\n", "the profile stays")
    #expect(try sh("monica-auth cache clear --profile nope", env: env).status == 78)

    #expect(try sh("monica-fetch contacts --cache", env: env).status == 0)
    let logout = try sh("monica-auth logout", env: env)
    #expect(logout.status == 0, "\(logout)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.cache/monica/default"))
    // A new login starts with an empty cache: what was cached belongs to the old key.
    #expect(try sh("monica-fetch contacts --cache --profile work", env: env).status == 0)
    #expect(try login(sandbox, "--profile work").status == 0)
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.cache/monica/work"))

    // --all: every profile's and the environment tokens' caches.
    #expect(try sh("monica-fetch contacts --cache --profile work", env: env).status == 0)
    #expect(try sh("monica-fetch contacts --cache", env: self.env(sandbox)).status == 0)
    #expect(cacheFiles(sandbox).count == 2)
    let all = try sh("monica-auth cache clear --all", env: env)
    #expect(all.status == 0 && cacheFiles(sandbox).isEmpty, "\(all)")
  }

  @Test("parallel runs reading and writing the same entries leave a consistent cache")
  func parallelRuns() throws {
    let sandbox = try Sandbox.start(["--contacts", "360", "--rate-limit", "0"])
    let live = try sh("monica-fetch contacts", env: env(sandbox))
    try live.output.write(to: URL(fileURLWithPath: sandbox.temporary.root + "/live"))
    // Half of them store every page (0s), half replay what is there (1h) while it is rewritten.
    let run = try sh(
      """
      for i in $(seq 12); do
        if [ $((i % 2)) = 0 ]; then ttl=0s; else ttl=1h; fi
        monica-fetch contacts --cache=$ttl > out.$i 2> err.$i &
      done
      wait
      for i in $(seq 12); do cmp -s out.$i live || echo "run $i differs"; cat err.$i; done
      """, env: env(sandbox, ["MONICA_TIMEOUT_MS": "20000"]), directory: sandbox.temporary.root)
    #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
    let files = cacheFiles(sandbox)
    #expect(files.count == 1, "one file for the listing, no write left half-way: \(files)")
    #expect(!files.contains { ($0 as NSString).lastPathComponent.hasPrefix(".") })
    let offline = try sh("monica-fetch contacts --offline", env: env(sandbox))
    #expect(offline.status == 0 && offline.stderr.isEmpty && offline.output == live.output, "\(offline)")
  }

  @Test("an altered or renamed entry is discarded and fetched again, never shown")
  func alteredEntry() throws {
    let sandbox = try Sandbox.start(["--contacts", "260", "--rate-limit", "0"])
    let first = try sh("monica-fetch contacts --cache", env: env(sandbox))
    let files = cacheFiles(sandbox)
    #expect(files.count == 1)
    for file in files { try flipByte(file) }
    // The whole entry is checked before a page of it is shown.
    let offline = try sh("monica-fetch contacts --offline", env: env(sandbox))
    #expect(offline.status == 66 && offline.stdout.isEmpty, "\(offline)")
    #expect(offline.stderr.hasPrefix("monica-fetch: warning: cache: discarded an entry ("), "\(offline)")
    #expect(offline.stderr.contains("): damaged or altered; it is fetched again"), "\(offline)")
    #expect(cacheFiles(sandbox).isEmpty, "the altered entry was removed")

    let fetched = try sh("monica-fetch contacts --cache", env: env(sandbox))
    #expect(fetched.status == 0 && fetched.output == first.output && apiRequests(sandbox) == 6, "\(fetched)")
    for file in cacheFiles(sandbox) { try flipByte(file) }
    let again = try sh("monica-fetch contacts --cache", env: env(sandbox))
    #expect(again.status == 0 && again.output == first.output && apiRequests(sandbox) == 9, "\(again)")
    #expect(again.stderr.components(separatedBy: "discarded an entry").count == 2, "one warning: \(again)")
    #expect(try sh("monica-fetch contacts --cache", env: env(sandbox)).stderr.isEmpty)
    #expect(apiRequests(sandbox) == 9)

    // Page 1's file under page 2's name: the name is bound to the entry, so it does not open.
    // (With their fields: the cached listing, read without them, would serve them otherwise.)
    let one = try sh(
      "monica-fetch contacts 1 --with-fields --cache && monica-fetch contacts 2 --with-fields --cache",
      env: env(sandbox))
    #expect(one.lines.count == 2)
    let before = Set(files)
    let pair = cacheFiles(sandbox).filter { !before.contains($0) }
    try #require(pair.count == 2)
    try FileManager.default.removeItem(atPath: pair[1])
    try FileManager.default.copyItem(atPath: pair[0], toPath: pair[1])
    let swapped = try sh(
      "monica-fetch contacts 1 --with-fields --offline; monica-fetch contacts 2 --with-fields --offline",
      env: env(sandbox))
    #expect(swapped.lines.count == 1 && swapped.stderr.contains("discarded"), "\(swapped)")
  }

  @Test("nothing under the cache holds a record, a name or the token in plain text; 0600 files in 0700 dirs")
  func noPlaintext() throws {
    let sandbox = try Sandbox.start(["--contacts", "150", "--rate-limit", "0"])
    #expect(try login(sandbox).status == 0)
    let env = profileEnv(sandbox)
    let contacts = try sh("monica-fetch contacts --cache", env: env)
    let notes = try sh("monica-fetch notes --cache --max 20 && monica-fetch contacts 3 --with-fields --cache", env: env)
    #expect(contacts.status == 0 && notes.status == 0, "\(notes)")
    let all = try records(contacts.stdout) + records(notes.stdout)
    var secrets = [sandbox.token, "complete_name", "\"data\"", contacts.lines[0]]
    for record in all {
      for key in ["first_name", "last_name", "body"] {
        if let text = record[key]?.stringValue, text.count >= 4, text.allSatisfy(\.isASCII) { secrets.append(text) }
      }
    }
    #expect(secrets.count > 100)
    let files = cacheFiles(sandbox)
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
      #expect(mode(sandbox.home + "/.cache/monica" + directory) == 0o700, "\(directory)")
    }
  }

  @Test("profiles, instances and tokens never share entries; a passphrase profile caches too")
  func scopes() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    #expect(try login(sandbox, "--profile home").status == 0)
    #expect(try login(sandbox, "--profile work").status == 0)
    let env = profileEnv(sandbox)
    #expect(try sh("monica-fetch contacts --cache --profile home", env: env).status == 0)
    #expect(try sh("monica-fetch contacts --offline --profile work", env: env).status == 66)
    #expect(try sh("monica-fetch contacts --offline", env: self.env(sandbox)).status == 66, "environment vs profile")
    #expect(try sh("monica-fetch contacts --offline --profile home", env: env).status == 0)

    // The same token against another instance (another port) finds nothing of the first.
    let other = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    let onA = self.env(sandbox)
    let onB = onA.merging(["MONICA_URL": other.url]) { $1 }
    #expect(try sh("monica-fetch contacts --cache", env: onA).status == 0)
    #expect(try sh("monica-fetch contacts --offline", env: onA).status == 0)
    let elsewhere = try sh("monica-fetch contacts --offline", env: onB)
    #expect(elsewhere.status == 66, "\(elsewhere)")

    // Passphrase profile: the keys come from the token, known once the passphrase opened it.
    let locked = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    let passphrase = profileEnv(locked).merging(["MONICA_PASSPHRASE": "pass word"]) { $1 }
    #expect(try login(locked, "--passphrase", env: passphrase).status == 0)
    let first = try sh("monica-fetch contacts --cache", env: passphrase)
    #expect(try sh("monica-fetch contacts --cache", env: passphrase).output == first.output)
    #expect(apiRequests(locked) == 3 + 1)
    let wrong = try sh("monica-fetch contacts --offline", env: passphrase.merging(["MONICA_PASSPHRASE": "x"]) { $1 })
    #expect(wrong.status == 77 && wrong.stdout.isEmpty, "\(wrong)")
  }

  @Test("without --cache nothing is written under XDG_CACHE_HOME; bad TTLs are usage errors")
  func offByDefault() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    #expect(try sh("monica-fetch contacts && monica-fetch contacts 2", env: env(sandbox)).status == 0)
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.cache"))
    for bad in ["contacts --cache=5", "contacts --cache=soon", "contacts --offline --no-cache"] {
      let run = try sh("monica-fetch \(bad)", env: env(sandbox))
      #expect(run.status == 64 && run.stdout.isEmpty, "\(bad): \(run)")
    }
    let variable = try sh("monica-fetch contacts", env: env(sandbox, ["MONICA_CACHE": "later"]))
    #expect(variable.status == 64 && variable.stderr.contains("MONICA_CACHE later"), "\(variable)")
    // `--cache 12`: not a TTL, so 12 is the record's id.
    let id = try sh("monica-fetch contacts --cache 12", env: env(sandbox))
    #expect(try records(id.stdout).first?["id"]?.intValue == 12, "\(id)")
  }

  @Test("a cache directory others can enter is refused: a warning with --cache, an error with --offline")
  func exposedDirectory() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    let first = try sh("monica-fetch contacts --cache", env: env(sandbox))
    let root = sandbox.home + "/.cache/monica"
    chmod(root, 0o755)
    let warned = try sh("monica-fetch contacts --cache", env: env(sandbox))
    #expect(warned.status == 0 && warned.output == first.output, "\(warned)")
    #expect(warned.stderr.contains("accessible by others") && warned.stderr.contains("going on without it"))
    let refused = try sh("monica-fetch contacts --offline", env: env(sandbox))
    #expect(refused.status == 77 && refused.stdout.isEmpty, "\(refused)")
  }
}
