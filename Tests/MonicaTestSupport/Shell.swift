import Foundation
import MonicaKit

/// What a shell pipeline did.
package struct ShellRun: CustomStringConvertible {
  /// The exit status of the pipeline (`pipefail`: the last failing command's).
  package let status: Int32
  /// Standard output as bytes, exactly.
  package let output: Data
  /// Standard error as text.
  package let stderr: String

  /// Standard output as text.
  package var stdout: String { String(decoding: output, as: UTF8.self) }

  /// Standard output's lines, without the final empty one.
  package var lines: [String] {
    var lines = stdout.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  package var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Where `swift build` put the binaries: beside the test bundle, or `$MONICA_BIN_DIR`.
package let binDirectory: String = {
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
package final class TemporaryHome: @unchecked Sendable {
  /// The temporary root; HOME is `root/home`.
  package let root: String
  /// HOME.
  package var home: String { root + "/home" }

  package init() throws {
    var template = Array((NSTemporaryDirectory() + "/monica-test-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    root = String(cString: made)
    try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  /// The environment for a tool run here: the built binaries first on PATH, HOME and XDG dirs
  /// inside the temp root, nothing of the user's real credentials.
  package var env: [String: String] {
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

/// Runs `script` with `bash -o pipefail -c` in `env` (nothing else of this process's environment),
/// feeding `stdin` (or nothing), and returns its status and outputs.
package func sh(_ script: String, env: [String: String], stdin: String? = nil, directory: String? = nil) throws
  -> ShellRun
{
  try sh(script, env: env, input: stdin.map { Data($0.utf8) }, directory: directory)
}

/// `sh` with raw bytes for standard input.
package func sh(_ script: String, env: [String: String], input: Data?, directory: String? = nil) throws -> ShellRun {
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sh-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  let outURL = scratch.appendingPathComponent("out")
  let errURL = scratch.appendingPathComponent("err")
  let inURL = scratch.appendingPathComponent("in")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: inURL.path, contents: input ?? Data())

  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["-o", "pipefail", "-c", script]
  process.environment = env
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)
  let inp = try FileHandle(forReadingFrom: inURL)
  process.standardOutput = out
  process.standardError = err
  process.standardInput = inp
  try process.run()
  process.waitUntilExit()
  try out.close()
  try err.close()
  try inp.close()
  return ShellRun(
    status: process.terminationStatus,
    output: try Data(contentsOf: outURL),
    stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// Parses every line of an NDJSON text.
package func records(_ text: String) throws -> [JSONValue] {
  try text.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
}
