import Foundation
import MonicaKit

// A copy of the minimum of Tests/EndToEndTests/Support (Sandbox.swift, Shell.swift) until the
// shared test-support target exists; the copy goes when ConformanceTests depends on it.
/// Where `swift build` put the binaries: beside the test bundle, or `$MONICA_BIN_DIR`.
let binDirectory: String = {
  if let dir = ProcessInfo.processInfo.environment["MONICA_BIN_DIR"], !dir.isEmpty { return dir }
  let executable =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  var dir = URL(fileURLWithPath: executable).deletingLastPathComponent()
  // On some platforms the test binary sits inside a bundle folder below the bin directory.
  while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("monica-sandbox").path) {
    dir.deleteLastPathComponent()
  }
  return dir.path
}()

/// A fresh HOME with its own XDG directories, removed when the value goes away.
final class TemporaryHome: @unchecked Sendable {
  /// The temporary root; HOME is `root/home`.
  let root: String
  /// HOME.
  var home: String { root + "/home" }

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/monica-test-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    root = String(cString: made)
    try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// The environment for a tool run here: the built binaries first on PATH, HOME and XDG dirs
  /// inside the temp root, nothing of the user's real credentials.
  var env: [String: String] {
    [
      "PATH": binDirectory + ":/usr/local/bin:/usr/bin:/bin",
      "HOME": home,
      "XDG_CONFIG_HOME": home + "/.config",
      "XDG_DATA_HOME": home + "/.local/share",
      "XDG_CACHE_HOME": home + "/.cache",
      "XDG_STATE_HOME": home + "/.local/state",
      "LANG": "C.UTF-8",
      "TMPDIR": root,
    ]
  }
}

/// A running `monica-sandbox` on a free loopback port, in its own temporary HOME.
final class Sandbox: @unchecked Sendable {
  /// The instance URL, `http://127.0.0.1:PORT`.
  let url: String
  /// The API base, `url + "/api"`.
  let api: String
  /// The sandbox's token.
  let token: String
  /// The fresh HOME and XDG dirs the tools under test run in.
  let temporary: TemporaryHome
  /// The sandbox's request log.
  let logPath: String
  /// The gravatar-like second origin's URL, with `--gravatar-port`.
  let gravatar: String?
  private let process: Process

  /// HOME of the tools under test.
  var home: String { temporary.home }

  /// The environment for tools under test: `temporary.env` plus SANDBOX_URL, SANDBOX_API and
  /// SANDBOX_TOKEN (not MONICA_*: tests choose how the tools learn of the instance).
  var env: [String: String] {
    temporary.env.merging(["SANDBOX_URL": url, "SANDBOX_API": api, "SANDBOX_TOKEN": token]) { $1 }
  }

  /// `env` with MONICA_URL and MONICA_TOKEN set, for tools that just need to reach the sandbox.
  var signedInEnv: [String: String] {
    env.merging(["MONICA_URL": url, "MONICA_TOKEN": token]) { $1 }
  }

  /// Starts `monica-sandbox --port 0` with `arguments` and waits until it is ready.
  static func start(_ arguments: [String] = [], timeout: TimeInterval = 120) throws -> Sandbox {
    try Sandbox(arguments: arguments, timeout: timeout)
  }

  private init(arguments: [String], timeout: TimeInterval) throws {
    temporary = try TemporaryHome()
    let ready = temporary.root + "/ready.json"
    logPath = temporary.root + "/requests.ndjson"
    let stdoutPath = temporary.root + "/sandbox.out"
    let stderrPath = temporary.root + "/sandbox.err"
    _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
    process = Process()
    process.executableURL = URL(fileURLWithPath: binDirectory + "/monica-sandbox")
    // Seeded gravatar URLs point at the sandbox's second origin, so that no test can send a
    // request to the real gravatar.com.
    let secondOrigin = arguments.contains("--gravatar-port") ? [] : ["--gravatar-port", "0"]
    process.arguments = ["--port", "0", "--ready-file", ready, "--log", logPath] + secondOrigin + arguments
    process.environment = temporary.env
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while !FileManager.default.fileExists(atPath: ready) {
      guard process.isRunning, Date() < deadline else {
        if process.isRunning { process.terminate() }
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        throw SandboxFailure(message: "monica-sandbox did not become ready: \(stderr)")
      }
      usleep(20_000)
    }
    let info = try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: ready)))
    guard let url = info["url"]?.stringValue, let api = info["api"]?.stringValue,
      let token = info["token"]?.stringValue
    else { throw SandboxFailure(message: "bad ready file") }
    self.url = url
    self.api = api
    self.token = token
    gravatar = info["gravatar"]?.stringValue
  }

  deinit { stop() }

  /// Every request the sandbox logged so far, in order.
  func requests() -> [JSONValue] {
    guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
  }

  /// The logged requests whose path is `path`.
  func requests(path: String) -> [JSONValue] {
    requests().filter { $0["path"]?.stringValue == path }
  }

  /// Stops the sandbox (SIGTERM) and waits for it.
  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }
}

/// The sandbox could not be started.
struct SandboxFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
