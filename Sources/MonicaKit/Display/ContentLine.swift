/// The content lines vCard (RFC 6350 3.2) and iCalendar (RFC 5545 3.1) share: text escaping,
/// folding at 75 octets and CRLF line ends.
package enum ContentLine {
  /// Text escaping of both RFCs: backslash, comma, semicolon and line breaks (`\n`).
  package static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case ",": result += "\\,"
      case ";": result += "\\;"
      case "\n": if !previousWasCR { result += "\\n" }
      case "\r": result += "\\n"
      default: result.unicodeScalars.append(scalar)
      }
      previousWasCR = scalar == "\r"
    }
    return result
  }

  /// Appends a content line folded at 75 octets (never inside a UTF-8 sequence), CRLF-ended.
  package static func appendFolded(_ line: String, to out: inout [UInt8]) {
    var octets = 0
    for byte in line.utf8 {
      let startsCharacter = byte & 0xC0 != 0x80
      if startsCharacter, octets + utf8Length(byte) > 75 {
        out.append(contentsOf: [0x0D, 0x0A, 0x20])
        octets = 1
      }
      out.append(byte)
      octets += 1
    }
    out.append(contentsOf: [0x0D, 0x0A])
  }

  private static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case ..<0x80: 1
    case 0xF0...: 4
    case 0xE0...: 3
    default: 2
    }
  }
}
