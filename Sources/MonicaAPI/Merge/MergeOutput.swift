import MonicaKit

/// What monica-merge prints: its result lines and `--dry-run --json`'s plan lines.
enum MergeOutput {
  /// The `object` of a result line.
  static let object = "merge"

  /// A record as one NDJSON line that no terminal takes for a command: `JSONWriter`'s escapes,
  /// and every character `TerminalText.isControl` names (C1 controls, bidi controls, DEL) written
  /// as its `\u` escape, so that the line's values are the same and nothing raw reaches a screen.
  static func line(_ value: JSONValue) -> [UInt8] {
    let bytes = JSONWriter.plain.bytes(value)
    guard bytes.contains(where: { $0 >= 0x7F }) else { return bytes }
    var out = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      if TerminalText.isControl(scalar) {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return Array(out.utf8)
  }
}
