extension String {
  /// The text with every character that could steer a terminal or hide text escaped: C0 and C1
  /// controls, DEL, line and paragraph separators and the bidirectional controls
  /// (`TerminalText.isControl`) become `\n`, `\t`, `\x1b`, `\u{202e}`... Everything else,
  /// backslashes included, is kept as it is.
  package var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
    var out = ""
    out.reserveCapacity(utf8.count + 8)
    for scalar in unicodeScalars {
      guard Self.needsEscape(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        let hex = String(scalar.value, radix: 16)
        out += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
      }
    }
    return out
  }

  /// `TerminalText.isControl` decides, as for every line on a terminal; a message is one line,
  /// so tab, line feed and the line and paragraph separators are escaped too.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x2028, 0x2029: true
    default: TerminalText.isControl(scalar)
    }
  }
}
