/// Text from records made safe to reach a terminal: the one place that decides which characters
/// of someone else's data may control the screen. Every writer whose output can land on a
/// terminal passes its cells (or lines) through `TerminalText.safe(_:)`: table and markdown
/// always, the other formats when stdout is a terminal or with `monica-format --safe`; a
/// writer added later calls the same function rather than a list of its own.
///
/// Neutralised, each replaced by one `replacement` (U+FFFD): the C0 controls but tab and line
/// feed (ESC starts every escape sequence, BEL, BS and CR overwrite what was shown), DEL, the C1
/// controls U+0080-U+009F (U+009B is a CSI on terminals that honour UTF-8 C1), and the bidi
/// controls U+061C, U+200E, U+200F, U+202A-U+202E and U+2066-U+2069, which reorder what is
/// shown (`3-<U+202E>gnp.exe` reads `3-exe.png`). U+FFFD is one column wide, so widths stay
/// computable, and it is what terminals already show for a byte they cannot decode.
package enum TerminalText {
  /// The visible stand-in for a character that would control the terminal: U+FFFD.
  package static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// Whether `scalar` controls a terminal or the direction of text (tab and line feed do not).
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `text` with every control character (`isControl`) replaced by `replacement`; the same
  /// string, unchanged, when it has none.
  package static func safe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { result.append(isControl(scalar) ? replacement : scalar) }
    return String(result)
  }

  /// UTF-8 `bytes` made safe as `safe(_:)` makes text (bytes that are not UTF-8 become U+FFFD
  /// too); the same bytes when they hold nothing to replace.
  package static func safe(_ bytes: some Collection<UInt8>) -> [UInt8] {
    // Plain printable ASCII, the common case, needs no decoding.
    guard bytes.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 >= 0x7F }) else { return Array(bytes) }
    return Array(safe(String(decoding: bytes, as: UTF8.self)).utf8)
  }
}
