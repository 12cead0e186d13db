/// Decoding of a JSON string literal's inside, shared by the parser (which reports bad escapes)
/// and the raw-record readers (whose input the scanner already checked).
package enum JSONEscape {
  /// Appends the UTF-8 of `raw` (a literal without its quotes) with escapes decoded to `out`;
  /// returns the offset in `raw` and the reason of the first bad escape, or `nil`.
  /// A lone surrogate becomes U+FFFD, as in jq and most JSON readers.
  @discardableResult
  package static func decode(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> (
    offset: Int, reason: String
  )? {
    var index = 0
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      guard index + 1 < raw.count else { return (index, "invalid escape") }
      let kind = raw[index + 1]
      switch kind {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(kind)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        guard var scalar = hex4(raw, index + 2) else { return (index, "invalid \\u escape") }
        index += 6
        if (0xD800..<0xDC00).contains(scalar), index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"),
          raw[index + 1] == UInt8(ascii: "u"), let low = hex4(raw, index + 2), (0xDC00..<0xE000).contains(low)
        {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        out.append(contentsOf: (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
        continue
      default:
        return (index, "invalid escape '\\\(Character(Unicode.Scalar(kind)))'")
      }
      index += 2
    }
    return nil
  }

  /// The value of four hex digits at `at`, or `nil`.
  private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
    guard at + 4 <= raw.count else { return nil }
    var value: UInt32 = 0
    for byte in raw[at..<at + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
