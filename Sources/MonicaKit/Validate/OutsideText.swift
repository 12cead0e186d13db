/// Text that came from outside (a file's name, a record's keys and values) made safe to print on
/// a terminal: control and bidirectional-override characters escaped, long values cut short.
package enum OutsideText {
  /// How many characters of a value a message quotes.
  package static let quotedLength = 60

  /// `text` with every control character (C0, DEL, C1) and bidirectional override written as an
  /// escape (`\n`, `\t`, `\u001b`), so that it can neither move the cursor nor reorder the line.
  package static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars { append(scalar, to: &out) }
    return out
  }

  /// `text` between double quotes, with `"` and `\` escaped as well, cut after `quotedLength`
  /// characters (an ellipsis after the closing quote says so).
  package static func quoted(_ text: String) -> String {
    var out = "\""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == quotedLength { return out + "\"…" }
      if scalar == "\"" || scalar == "\\" {
        out += "\\" + String(scalar)
      } else {
        append(scalar, to: &out)
      }
      count += 1
    }
    return out + "\""
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
    guard needsEscape(scalar) else {
      out.unicodeScalars.append(scalar)
      return
    }
    switch scalar {
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
  }
}
