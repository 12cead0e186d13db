import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A library entry point run in-process against an in-memory sandbox, as its executable would
/// run against `monica-sandbox`: the tool's connection (MONICA_URL and MONICA_TOKEN of the
/// sandbox, a fresh HOME for the caches) carried by `SandboxTransport`, its standard output a
/// file, its standard error lines a list, its failure the error the executable would print.
package final class InProcessRun: Sendable {
  /// The in-memory sandbox and every exchange it saw.
  package let transport: SandboxTransport
  /// HOME and the XDG dirs of the tool (its caches).
  package let home: TemporaryHome
  private let told = Mutex<[String]>([])
  private let frozen = Mutex<Date?>(nil)
  private let waited = Mutex<[TimeInterval]>([])

  /// The waits the client chose (a 429's Retry-After, a retry's backoff), in order: recorded,
  /// not slept, so that a test takes the time of its work, not of the delays it checks.
  package var pauses: [TimeInterval] { waited.withLock { $0 } }

  /// The time the tool's clock shows from now on (cache ages without waiting or racing a
  /// loaded machine); `nil`: the system clock.
  package var now: Date? {
    get { frozen.withLock { $0 } }
    set { frozen.withLock { $0 = newValue } }
  }

  /// A run against a new in-memory sandbox of `contacts` contacts, no rate limit unless
  /// `rateLimit` ("10/1") and `faults` as `--fault` gives them. The transport gives up after
  /// `timeout` seconds: a minute unless a test is about time-outs, so that a test process busy
  /// with other tests never turns a slow answer into a failure.
  package init(
    contacts: Int = 30, rateLimit: String = "0", faults: [String] = [], latency: Int = 0, maxPageSize: Int = 100,
    configure: (inout SandboxConfiguration) -> Void = { _ in }, timeout: TimeInterval = 60,
    baseURL: String = "http://127.0.0.1:1"
  ) throws {
    var configuration = SandboxConfiguration()
    configuration.contacts = contacts
    configuration.rateLimiter = try RateLimiter.parse(rateLimit)
    configuration.faults = try faults.map { try FaultRule(parsing: $0) }
    configuration.latencyMilliseconds = latency
    configuration.maxPageSize = maxPageSize
    configure(&configuration)
    transport = try SandboxTransport(configuration, timeout: timeout, baseURL: baseURL)
    home = try TemporaryHome()
  }

  /// The connection a tool gets: retries after 10 ms (as the end-to-end tests' MONICA_BACKOFF_MS)
  /// and their waits recorded in `pauses` instead of slept, `policy` changed by `change`,
  /// `environment` added to the sandbox's MONICA_URL and MONICA_TOKEN.
  package func connection(
    environment: [String: String] = [:], _ change: (inout ClientPolicy) -> Void = { _ in }
  ) -> Connection {
    var policy = ClientPolicy()
    policy.backoff = 0.01
    policy.pause = { [self] seconds throws(MonicaError) in waited.withLock { $0.append(seconds) } }
    change(&policy)
    var connection = transport.connection(home: home, policy: policy, environment: environment)
    connection.diagnostics = { [self] line in told.withLock { $0.append(line) } }
    if let now { connection.environment.clock = { now } }
    return connection
  }

  /// The environment of a tool that uses the store's profiles (`signIn`), not MONICA_URL.
  package static let profiles = ["MONICA_URL": "", "MONICA_TOKEN": ""]

  /// Saves the sandbox's token as `profile`, as `monica-auth login` does once the instance
  /// accepted it (the first profile becomes the default); with `passphrase`, a passphrase
  /// profile. Tools reach it with `environment: InProcessRun.profiles`.
  package func signIn(profile: String = "default", passphrase: String? = nil) throws {
    let store = CredentialStore(environment: ToolEnvironment(variables: home.env))
    let payload = CredentialFile.Payload(
      token: transport.sandbox.token, userName: "Sam Rivera", userEmail: "sam@example.com", userID: 1)
    try store.save(
      payload, profile: profile, instance: try InstanceURL(transport.sandbox.baseURL, allowHTTP: true),
      passphrase: passphrase)
    if try store.defaultProfile() == nil { try store.setDefault(profile) }
  }

  /// Every regular file under the tool's cache, hidden ones (writes under way) included.
  package var cacheFiles: [String] {
    let root = home.home + "/.cache/monica"
    let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
    return names.map { root + "/" + $0 }.filter {
      var info = stat()
      return lstat($0, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }.sorted()
  }

  /// Writes `contents` to `name` under the run's temporary root; its path (an input file, an
  /// image to upload).
  @discardableResult
  package func file(_ name: String, _ contents: some DataProtocol) throws -> String {
    let path = home.root + "/" + name
    try Data(contents).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `file` with lines of text, each ended by a newline.
  @discardableResult
  package func file(_ name: String, lines: [String]) throws -> String {
    try file(name, Data(lines.map { $0 + "\n" }.joined().utf8))
  }

  /// The standard error lines so far.
  package var diagnostics: [String] { told.withLock { $0 } }

  /// `path?query` of every exchange under `/api`, in order.
  package var targets: [String] {
    transport.exchanges.map(\.target).filter { $0.hasPrefix("/api") }
  }

  /// The exchanges whose path (without the query) is `path`.
  package func exchanges(path: String) -> [SandboxTransport.Exchange] {
    transport.exchanges.filter { $0.target.split(separator: "?").first.map(String.init) == path }
  }

  /// The body the sandbox answers a GET of `target` (`/api/contacts?page=1`) with, as curl would
  /// see it (not through the transport's log).
  package func body(_ target: String) async throws -> String {
    let answer = try await transport.sandbox.respond(
      method: "GET", target: target,
      headers: [("Accept", "application/json"), ("Authorization", "Bearer \(transport.sandbox.token)")])
    return String(decoding: answer.body, as: UTF8.self)
  }

  /// Runs `body` with a `LineOutput` to a file, and returns what it wrote and the error it
  /// threw (`nil`: the executable's status 0).
  package func output(_ body: (LineOutput) async throws(MonicaError) -> Void) async throws -> Outcome {
    let path = home.root + "/stdout-\(UUID().uuidString)"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    let output = LineOutput(descriptor: descriptor)
    var failure: MonicaError?
    do { try await body(output) } catch { failure = error }
    close(descriptor)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    unlink(path)
    return Outcome(output: data, error: failure)
  }

  /// What an in-process run wrote and how it ended.
  package struct Outcome: CustomStringConvertible {
    /// Standard output, exactly.
    package let output: Data
    /// The error the run threw; `nil` on success.
    package let error: MonicaError?

    /// Standard output as text.
    package var stdout: String { String(decoding: output, as: UTF8.self) }
    /// Standard output's lines.
    package var lines: [String] {
      stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
    /// The records of the lines.
    package var records: [JSONValue] { lines.compactMap { try? JSONValue(parsing: $0) } }
    /// The status the executable would exit with.
    package var status: Int32 { error.map { $0 == .outputClosed ? 0 : $0.exitStatus.rawValue } ?? 0 }
    /// The message the executable would print after `monica-<tool>: error: `, if any.
    package var message: String? { error?.message }

    package var description: String {
      "status \(status)\n--- stdout\n\(stdout)--- error\n\(message ?? "(none)")"
    }
  }
}
