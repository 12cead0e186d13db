/// Writes `JSONValue`s as compact JSON text.
package struct JSONWriter: Sendable {
  /// Escape `/` as `\/` and every non-ASCII character as `\uXXXX`, as PHP's `json_encode` does
  /// by default: what Monica puts on the wire.
  package var escapesLikePHP: Bool

  /// Plain compact JSON: UTF-8 text, `/` left alone.
  package static let plain = JSONWriter(escapesLikePHP: false)
  /// Monica's wire form.
  package static let monica = JSONWriter(escapesLikePHP: true)

  /// The value as bytes.
  package func bytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    write(value, to: &out)
    return out
  }

  /// The value as a string.
  package func string(_ value: JSONValue) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  /// Appends the value to `out`.
  package func write(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let text): out.append(contentsOf: text.utf8)
    case .string(let text): writeString(text, to: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        write(element, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      out.append(UInt8(ascii: "{"))
      for (position, member) in object.members.enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        writeString(member.key, to: &out)
        out.append(UInt8(ascii: ":"))
        write(member.value, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends a string literal with JSON escapes.
  package func writeString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    if escapesLikePHP {
      // ASCII text (most of it) is its own UTF-16: escaped byte by byte, without decoding.
      var text = text
      let done = text.withUTF8 { bytes -> Bool in
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
        // Runs of bytes that need no escape are appended whole.
        var start = 0
        for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x2F {
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
          appendEscaped(UInt16(byte), to: &out)
          start = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        return true
      }
      if !done {
        for unit in text.utf16 { appendEscaped(unit, to: &out) }
      }
    } else {
      for byte in text.utf8 {
        if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
          out.append(byte)
        } else {
          appendEscaped(UInt16(byte), to: &out)
        }
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  private func appendEscaped(_ unit: UInt16, to out: inout [UInt8]) {
    switch unit {
    case 0x22: out.append(contentsOf: [0x5C, 0x22])
    case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
    case 0x2F where escapesLikePHP: out.append(contentsOf: [0x5C, 0x2F])
    case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
    case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
    case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
    case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
    case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
    case 0x20..<0x80: out.append(UInt8(unit))
    default:
      out.append(contentsOf: [0x5C, UInt8(ascii: "u")])
      for shift in stride(from: 12, through: 0, by: -4) {
        out.append(Self.hexDigits[Int(unit >> UInt16(shift)) & 0xF])
      }
    }
  }
}
