import Foundation
import MonicaKit

/// A running `monica-sandbox` on a free loopback port, in its own temporary HOME.
package final class Sandbox: @unchecked Sendable {
  /// The instance URL, `http://127.0.0.1:PORT`.
  package let url: String
  /// The API base, `url + "/api"`.
  package let api: String
  /// The sandbox's token.
  package let token: String
  /// The fresh HOME and XDG dirs the tools under test run in.
  package let temporary: TemporaryHome
  /// The sandbox's request log.
  package let logPath: String
  /// The gravatar-like second origin's URL, which the sandbox serves the seeded gravatars from.
  package let gravatar: String?
  private let process: Process

  /// HOME of the tools under test.
  package var home: String { temporary.home }

  /// The sandbox process's id.
  package var processIdentifier: Int32 { process.processIdentifier }

  /// The environment for tools under test: `temporary.env` plus SANDBOX_URL, SANDBOX_API and
  /// SANDBOX_TOKEN (not MONICA_*: tests choose how the tools learn of the instance).
  package var env: [String: String] {
    temporary.env.merging(["SANDBOX_URL": url, "SANDBOX_API": api, "SANDBOX_TOKEN": token]) { $1 }
  }

  /// `env` with MONICA_URL and MONICA_TOKEN set, for tools that just need to reach the sandbox.
  package var signedInEnv: [String: String] {
    env.merging(["MONICA_URL": url, "MONICA_TOKEN": token]) { $1 }
  }

  /// Starts `monica-sandbox --port 0` with `arguments` and waits until it is ready.
  /// With MONICA_TEST_SANDBOX_TALLY naming a file, each start appends a line to it, so that a
  /// test run can say how many server processes it started (issue 45).
  package static func start(_ arguments: [String] = [], timeout: TimeInterval = 120) throws -> Sandbox {
    if let tally = ProcessInfo.processInfo.environment["MONICA_TEST_SANDBOX_TALLY"] {
      let descriptor = open(tally, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      if descriptor >= 0 {
        _ = write(descriptor, "s\n", 2)
        close(descriptor)
      }
    }
    return try Sandbox(arguments: arguments, timeout: timeout)
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
    // Seeded gravatar URLs point at the sandbox's second origin, which it always serves: no test
    // can send a request to the real gravatar.com. --exit-with-parent: a test run that is killed
    // (a time-out's SIGTERM then SIGKILL) leaves no sandbox behind, whatever deinit and stop() had
    // no chance to do.
    process.arguments = ["--port", "0", "--ready-file", ready, "--log", logPath, "--exit-with-parent"] + arguments
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
  package func requests() -> [JSONValue] {
    guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }
  }

  /// Empties the request log, so that what a test's set-up sent is not counted with what the
  /// test asks about (the sandbox appends to it, O_APPEND, so it goes on from the start).
  package func forgetRequests() {
    _ = truncate(logPath, 0)
  }

  /// The logged requests whose path is `path`.
  package func requests(path: String) -> [JSONValue] {
    requests().filter { $0["path"]?.stringValue == path }
  }

  /// Stops the sandbox (SIGTERM) and waits for it.
  package func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }
}

/// The sandbox could not be started.
package struct SandboxFailure: Error, CustomStringConvertible {
  package let message: String
  package var description: String { message }
}
