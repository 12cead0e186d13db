import Foundation
import MonicaKit
import Testing

/// The committed fixtures of the stream tools' tests.
package enum Fixtures {
  /// `Tests/EndToEndTests/Fixtures`.
  package static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("EndToEndTests/Fixtures").path

  /// The path of a fixture.
  package static func path(_ name: String) -> String { directory + "/" + name }

  /// A fixture's bytes.
  package static func data(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path(name))) }

  /// A fixture's lines.
  package static func lines(_ name: String) throws -> [String] {
    String(decoding: try data(name), as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The environment of a stream tool's test: a fresh HOME, fixtures in $FIX, a fixed width.
  package static func env(_ home: TemporaryHome, _ extra: [String: String] = [:]) -> [String: String] {
    home.env.merging(["FIX": directory, "COLUMNS": "100"]) { $1 }.merging(extra) { $1 }
  }

  /// Compares output with a golden file; `UPDATE_GOLDEN=1` rewrites the file instead.
  package static func expectGolden(_ run: ShellRun, _ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let golden = path("golden/" + name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try run.output.write(to: URL(fileURLWithPath: golden))
    }
    let expected = try Data(contentsOf: URL(fileURLWithPath: golden))
    #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
    #expect(
      run.output == expected, "output differs from golden/\(name):\n\(run.stdout)", sourceLocation: sourceLocation)
  }
}

/// `object:id` of each NDJSON line of a run, via jq (an outside reader of the output).
package func ids(_ run: ShellRun) throws -> [String] {
  try records(run.stdout).map { "\($0["object"]?.stringValue ?? "?"):\($0["id"]?.displayText ?? "?")" }
}
