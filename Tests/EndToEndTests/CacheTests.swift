import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-fetch --cache` as a binary (a closed pipe, MONICA_CACHE, flags, parallel processes on
/// one cache) and `monica-auth status`, `logout` and `cache clear`, against a real sandbox whose
/// request log says what reached the instance. What the cache keeps, replays, drops and refuses
/// is ResponseCacheTests' (MonicaAPITests), in-process.
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

  @Test("the binary: a replay stops with a closed pipe, MONICA_CACHE is --cache, --no-cache wins, bad TTLs are 64")
  func replayThroughTheBinary() throws {
    let sandbox = try Sandbox.start(["--contacts", "260", "--rate-limit", "0"])
    let first = try sh("monica-fetch contacts --cache", env: env(sandbox))
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
    let head = try sh("monica-fetch contacts --cache | head -n 1", env: env(sandbox))
    #expect(head.status == 0 && head.stderr.isEmpty && head.lines == [first.lines[0]], "\(head)")
    let environment = try sh("monica-fetch contacts", env: env(sandbox, ["MONICA_CACHE": "10m"]))
    #expect(environment.output == first.output)
    #expect(apiRequests(sandbox) == 3, "the replays asked the instance")
    let live = try sh("monica-fetch contacts --no-cache", env: env(sandbox, ["MONICA_CACHE": "10m"]))
    #expect(live.output == first.output && apiRequests(sandbox) == 6)
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

}
