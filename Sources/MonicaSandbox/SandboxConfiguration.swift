import Foundation
import MonicaKit

/// Everything `monica-sandbox` is told on its command line, already checked.
package struct SandboxConfiguration: Sendable {
  /// The port to bind on 127.0.0.1; 0 picks a free one.
  package var port = 0
  /// Where to write `{"url","api","token"}` once listening.
  package var readyFile: String?
  /// A file holding the token to accept instead of a generated one.
  package var tokenFile: String?
  /// Days until a generated token's `exp`.
  package var tokenExpiresInDays = 365
  /// The seed of the generated account.
  package var seed: UInt64 = 1
  /// How many contacts to generate.
  package var contacts = 200
  /// An NDJSON file to serve instead of generated data.
  package var load: String?
  /// A file that keeps the store across runs.
  package var state: String?
  /// The largest `limit` accepted.
  package var maxPageSize = 100
  /// The rate limiter.
  package var rateLimiter = RateLimiter(limit: 60, window: 60)
  /// The time the rate limiter counts windows by (seconds since 1970): the system clock, or an
  /// in-process test's virtual one, moved on by the client's waits.
  package var clock: @Sendable () -> Double = { Date().timeIntervalSince1970 }
  /// Milliseconds to wait before every API answer.
  package var latencyMilliseconds = 0
  /// Faults to inject.
  package var faults: [FaultRule] = []
  /// Where to log requests.
  package var log: String?
  /// The port of the second, gravatar-like origin that serves the seeded gravatars (0: a free
  /// one): always served, so that nothing a tool reads from the sandbox points off the machine.
  package var gravatarPort = 0
  /// Whether documents are served at a public `/storage/` URL (FILESYSTEM_DEFAULT_VISIBILITY=public)
  /// instead of the session-only `/store/` route.
  package var publicStorage = false
  /// `--duplicates`: also seed contacts an import doubled (SeedData+Duplicates.swift).
  package var duplicates = false
  /// `--fixture-routes`: serve `POST /sandbox/accounts/2/<kind>` and `POST /sandbox/clock`, the
  /// factories of Monica's own tests (SandboxAPI+Fixtures.swift).
  package var fixtureRoutes = false

  package init() {}
}

extension SandboxConfiguration {
  /// Checks the ranges the flags cannot express.
  package func validate() throws(MonicaError) {
    guard (0...65_535).contains(port) else { throw .usage("--port \(port): expected 0 to 65535") }
    if !(0...65_535).contains(gravatarPort) {
      throw .usage("--gravatar-port \(gravatarPort): expected 0 to 65535")
    }
    guard contacts >= 0 else { throw .usage("--contacts \(contacts): expected a count, 0 or more") }
    guard maxPageSize >= 1 else { throw .usage("--max-page-size \(maxPageSize): expected 1 or more") }
    guard latencyMilliseconds >= 0 else { throw .usage("--latency \(latencyMilliseconds): expected 0 or more") }
    if let load, state == nil || !FileManager.default.fileExists(atPath: state ?? "") {
      guard FileManager.default.isReadableFile(atPath: load) else { throw .notFound("\(load): cannot read the file") }
    }
  }
}
