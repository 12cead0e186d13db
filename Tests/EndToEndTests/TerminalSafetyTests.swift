import Foundation
import MonicaTestSupport
import Testing

/// Every tool's stdout on a terminal goes through `TerminalText.safe` (LineOutput.standardOutput),
/// whatever the line is; in a pipe every byte is kept (issue 39 item 2).
@Suite struct TerminalSafetyTests {
  /// A contact whose name holds a CSI (U+009B), a right-to-left override (U+202E) and an ESC.
  static let hostile =
    #"{"id":1,"object":"contact","first_name":"Ana\#u{9B}8m\#u{202E}gnp.exe","last_name":"Lima\u001b[8m","#
    + #""complete_name":"Ana\#u{9B}8m\#u{202E}gnp.exe Lima","tags":[]}"#

  @Test("a name's C1 and bidi controls reach no terminal from filter, validate, page, diff, format or import")
  func throughAPty() throws {
    let home = try TemporaryHome()
    try (Self.hostile + "\n").write(toFile: home.root + "/hostile.ndjson", atomically: true, encoding: .utf8)
    let card =
      "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana\u{9B}8m\u{202E}gnp.exe\r\nN:Lima;Ana\u{9B}8m\u{202E};;;\r\nEND:VCARD\r\n"
    try card.write(toFile: home.root + "/hostile.vcf", atomically: true, encoding: .utf8)
    // The tools that pass a record's bytes through, and those that write JSON of their own (which
    // escapes the controls as \u009b already).
    let passing = [
      "monica-filter hostile.ndjson", "monica-validate hostile.ndjson", "monica-validate --write hostile.ndjson",
      "monica-page --size 1 hostile.ndjson", "monica-format json hostile.ndjson",
    ]
    let writing = [
      "monica-diff plain.ndjson hostile.ndjson", "monica-diff --format text plain.ndjson hostile.ndjson",
      "monica-import vcard hostile.vcf",
    ]
    let commands = passing + writing
    var script =
      #"printf '%s\n' '{"id":1,"object":"contact","first_name":"Ana","last_name":"Lima","tags":[]}' > plain.ndjson"#
    for command in commands {
      script += "\necho '== \(command)'; script -qec '\(command)' /dev/null < /dev/null | cat -v"
      // In a pipe the bytes are the record's own.
      script += "\n\(command) 2> /dev/null | grep -c $'\\u202e' | sed 's/^/pipe /'"
    }
    let run = try sh(script, env: Fixtures.env(home), directory: home.root)
    var section = ""
    var sections: [String: [String]] = [:]
    for line in run.lines {
      if line.hasPrefix("== ") {
        section = String(line.dropFirst(3))
      } else {
        sections[section, default: []].append(line)
      }
    }
    for command in commands {
      let lines = sections[command] ?? []
      let shown = lines.filter { !$0.hasPrefix("pipe ") }.joined(separator: "\n")
      #expect(!shown.isEmpty, "\(command): \(run)")
      // cat -v shows U+009B as M-BM-^[, U+202E as M-bM-^@M-., ESC as ^[.
      for raw in ["M-BM-^[", "M-bM-^@M-.", "^["] { #expect(!shown.contains(raw), "\(raw) from \(command): \(shown)") }
      guard passing.contains(command) else { continue }
      #expect(shown.contains("M-oM-?M-="), "U+FFFD stands in: \(command): \(shown)")
      #expect(
        lines.contains { $0.hasPrefix("pipe ") && $0 != "pipe 0" }, "\(command) kept its bytes in a pipe: \(lines)")
    }
  }
}
