import Foundation

/// One content line of a vCard, unfolded: `group.NAME;PARAM=a,b:value`, with the line it began on.
package struct VCardProperty: Sendable {
  /// The group before the dot (Apple's `item1`), if any.
  package var group: String?
  /// The property name, upper-cased: `EMAIL`, `X-SOCIALPROFILE`.
  package var name: String
  /// The parameters in order, names upper-cased; a vCard 2.1 bare parameter (`TEL;HOME`) is a
  /// `TYPE` value, and a bare `QUOTED-PRINTABLE` or `BASE64` an `ENCODING`.
  package var parameters: [(name: String, values: [String])]
  /// The value as written, still encoded (quoted-printable, base64) and escaped.
  package var rawValue: [UInt8]
  /// The physical line the property starts on, from 1.
  package var line: Int

  /// The values of a parameter, in order.
  package func values(of parameter: String) -> [String] {
    parameters.filter { $0.name == parameter }.flatMap(\.values)
  }

  /// The TYPE values, lower-cased (`home`, `work`, `pref`, `internet`...).
  package var types: [String] { values(of: "TYPE").map { $0.lowercased() } }

  /// Whether the value is quoted-printable (vCard 2.1).
  package var isQuotedPrintable: Bool { values(of: "ENCODING").contains { $0.uppercased() == "QUOTED-PRINTABLE" } }

  /// Whether the value is inline base64 (`ENCODING=b` in 3.0, `BASE64` in 2.1).
  package var isBase64: Bool { values(of: "ENCODING").contains { ["B", "BASE64"].contains($0.uppercased()) } }

  /// Parses an unfolded content line; `nil` when it has no name or no colon.
  package init?(parsing bytes: [UInt8], line: Int) {
    self.line = line
    var index = 0
    func isNameByte(_ byte: UInt8) -> Bool {
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
        || byte == 0x2E || byte == 0x5F
    }
    while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
    guard index > 0, index < bytes.count, bytes[index] == 0x3A || bytes[index] == 0x3B else { return nil }
    let fullName = String(decoding: bytes[..<index], as: UTF8.self)
    if let dot = fullName.lastIndex(of: ".") {
      group = String(fullName[..<dot])
      name = fullName[fullName.index(after: dot)...].uppercased()
    } else {
      group = nil
      name = fullName.uppercased()
    }
    guard !name.isEmpty else { return nil }
    parameters = []
    while index < bytes.count, bytes[index] == 0x3B {
      index += 1
      // NAME=VALUE[,VALUE] with quoted values, or a bare 2.1 parameter.
      var paramName: [UInt8] = []
      while index < bytes.count, ![0x3D, 0x3B, 0x3A].contains(bytes[index]) {
        paramName.append(bytes[index])
        index += 1
      }
      let key = String(decoding: paramName, as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased()
      guard index < bytes.count else { return nil }
      if bytes[index] != 0x3D {
        if key.isEmpty { continue }
        let bare = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"].contains(key) ? "ENCODING" : "TYPE"
        parameters.append((bare, [key]))
        continue
      }
      index += 1
      var values: [String] = []
      var current: [UInt8] = []
      var quoted = false
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x22 {
          quoted.toggle()
        } else if !quoted && (byte == 0x3B || byte == 0x3A) {
          break
        } else if !quoted && byte == 0x2C {
          values.append(Self.parameterUnescape(current))
          current = []
        } else {
          current.append(byte)
        }
        index += 1
      }
      values.append(Self.parameterUnescape(current))
      parameters.append((key, values))
    }
    guard index < bytes.count, bytes[index] == 0x3A else { return nil }
    rawValue = Array(bytes[(index + 1)...])
  }

  /// RFC 6868's `^n`, `^^` and `^'` in a parameter value.
  private static func parameterUnescape(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.contains("^") else { return text }
    var out = ""
    var caret = false
    for character in text {
      if caret {
        switch character {
        case "n": out += "\n"
        case "^": out += "^"
        case "'": out += "\""
        default: out += "^" + String(character)
        }
        caret = false
      } else if character == "^" {
        caret = true
      } else {
        out.append(character)
      }
    }
    return caret ? out + "^" : out
  }
}

/// One card: its properties, where it starts, and its number in the input (from 1).
package struct VCard: Sendable {
  /// The file's name in messages.
  package var source: String
  /// The line of `BEGIN:VCARD`.
  package var line: Int
  /// The card's number over all files, which is its contact's local id.
  package var number: Int
  /// `VERSION`: 2.1, 3.0 or 4.0.
  package var version = "3.0"
  /// The properties in order, without BEGIN, END and VERSION.
  package var properties: [VCardProperty] = []

  /// An empty card from `source`, starting at `line`, the `number`th of the input.
  package init(source: String, line: Int, number: Int) {
    (self.source, self.line, self.number) = (source, line, number)
  }
}
