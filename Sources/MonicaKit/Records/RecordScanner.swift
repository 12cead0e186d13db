/// Checks that a line is one strict JSON object and indexes its top-level members by byte range,
/// in a single pass that builds nothing.
///
/// The stream tools look at a handful of keys and pass every other byte through untouched, so
/// decoding whole records (as jq does) would be wasted work; this scanner validates as strictly as
/// `JSONParser` but only remembers where each top-level member starts and ends.
package struct RecordScanner: ~Copyable {
  /// Where one top-level member sits in the line.
  package struct Member: Sendable, Equatable {
    /// The key's bytes between its quotes, escapes left as written.
    package var key: Range<Int>
    /// Whether the key holds a backslash escape and must be decoded to be compared.
    package var keyHasEscapes: Bool
    /// The value's bytes.
    package var value: Range<Int>
  }

  private static let maximumDepth = 512

  /// The members of the last line scanned, in order; reused from line to line.
  package private(set) var members: [Member] = []
  /// The bytes of the object itself in the last line scanned, white space around it left out.
  package private(set) var objectRange: Range<Int> = 0..<0

  package init() { members.reserveCapacity(64) }

  /// Scans `line`; true when it is one JSON object with only white space around it. Nothing is
  /// decoded, so a failed scan says only that the line is bad; `JSONParser` tells why.
  package mutating func scan(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    members.removeAll(keepingCapacity: true)
    guard let base = line.baseAddress else { return false }
    var cursor = Cursor(base: base, count: line.count)
    cursor.skipWhitespace()
    guard cursor.index < cursor.count, cursor.byte == UInt8(ascii: "{") else { return false }
    let objectStart = cursor.index
    cursor.index += 1
    cursor.skipWhitespace()
    guard cursor.index < cursor.count else { return false }
    if cursor.byte == UInt8(ascii: "}") {
      cursor.index += 1
    } else {
      while true {
        guard cursor.index < cursor.count, cursor.byte == UInt8(ascii: "\"") else { return false }
        let keyStart = cursor.index + 1
        guard let escapes = cursor.string() else { return false }
        let keyEnd = cursor.index - 1
        cursor.skipWhitespace()
        guard cursor.index < cursor.count, cursor.byte == UInt8(ascii: ":") else { return false }
        cursor.index += 1
        cursor.skipWhitespace()
        let valueStart = cursor.index
        guard cursor.value(depth: 1) else { return false }
        members.append(Member(key: keyStart..<keyEnd, keyHasEscapes: escapes, value: valueStart..<cursor.index))
        cursor.skipWhitespace()
        guard cursor.index < cursor.count else { return false }
        let byte = cursor.byte
        cursor.index += 1
        if byte == UInt8(ascii: "}") { break }
        guard byte == UInt8(ascii: ",") else { return false }
        cursor.skipWhitespace()
      }
    }
    objectRange = objectStart..<cursor.index
    cursor.skipWhitespace()
    return cursor.index == cursor.count
  }

  /// A strict validating walk over raw memory; every method leaves `index` after what it read.
  private struct Cursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    var index = 0

    init(base: UnsafePointer<UInt8>, count: Int) {
      self.base = base
      self.count = count
    }

    var byte: UInt8 { base[index] }

    mutating func skipWhitespace() {
      while index < count {
        switch base[index] {
        case 0x20, 0x0A, 0x0D, 0x09: index += 1
        default: return
        }
      }
    }

    /// Validates one value of any kind.
    mutating func value(depth: Int) -> Bool {
      guard index < count else { return false }
      switch base[index] {
      case UInt8(ascii: "\""): return string() != nil
      case UInt8(ascii: "{"): return object(depth: depth + 1)
      case UInt8(ascii: "["): return array(depth: depth + 1)
      case UInt8(ascii: "t"): return literal("true")
      case UInt8(ascii: "f"): return literal("false")
      case UInt8(ascii: "n"): return literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
      default: return false
      }
    }

    mutating func object(depth: Int) -> Bool {
      guard depth <= RecordScanner.maximumDepth else { return false }
      index += 1
      skipWhitespace()
      guard index < count else { return false }
      if base[index] == UInt8(ascii: "}") {
        index += 1
        return true
      }
      while true {
        guard index < count, base[index] == UInt8(ascii: "\""), string() != nil else { return false }
        skipWhitespace()
        guard index < count, base[index] == UInt8(ascii: ":") else { return false }
        index += 1
        skipWhitespace()
        guard value(depth: depth) else { return false }
        skipWhitespace()
        guard index < count else { return false }
        let byte = base[index]
        index += 1
        if byte == UInt8(ascii: "}") { return true }
        guard byte == UInt8(ascii: ",") else { return false }
        skipWhitespace()
      }
    }

    mutating func array(depth: Int) -> Bool {
      guard depth <= RecordScanner.maximumDepth else { return false }
      index += 1
      skipWhitespace()
      guard index < count else { return false }
      if base[index] == UInt8(ascii: "]") {
        index += 1
        return true
      }
      while true {
        guard value(depth: depth) else { return false }
        skipWhitespace()
        guard index < count else { return false }
        let byte = base[index]
        index += 1
        if byte == UInt8(ascii: "]") { return true }
        guard byte == UInt8(ascii: ",") else { return false }
        skipWhitespace()
      }
    }

    mutating func literal(_ text: StaticString) -> Bool {
      let length = text.utf8CodeUnitCount
      guard index + length <= count else { return false }
      let expected = text.utf8Start
      for offset in 0..<length where base[index + offset] != expected[offset] { return false }
      index += length
      return true
    }

    mutating func number() -> Bool {
      if base[index] == UInt8(ascii: "-") { index += 1 }
      guard index < count, isDigit(base[index]) else { return false }
      if base[index] == UInt8(ascii: "0") {
        index += 1
      } else {
        while index < count, isDigit(base[index]) { index += 1 }
      }
      if index < count, base[index] == UInt8(ascii: ".") {
        index += 1
        guard index < count, isDigit(base[index]) else { return false }
        while index < count, isDigit(base[index]) { index += 1 }
      }
      if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
        index += 1
        if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, isDigit(base[index]) else { return false }
        while index < count, isDigit(base[index]) { index += 1 }
      }
      return true
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Validates a string (at its opening quote); `nil` when invalid, else whether it had escapes.
    mutating func string() -> Bool? {
      index += 1
      var escapes = false
      while index < count {
        let byte = base[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return escapes
        }
        if byte == UInt8(ascii: "\\") {
          escapes = true
          guard escape() else { return nil }
        } else if byte < 0x20 {
          return nil
        } else if byte < 0x80 {
          index += 1
        } else {
          guard utf8Sequence() else { return nil }
        }
      }
      return nil
    }

    /// Validates one escape at a backslash.
    mutating func escape() -> Bool {
      guard index + 1 < count else { return false }
      switch base[index + 1] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        index += 2
        return true
      case UInt8(ascii: "u"):
        guard index + 6 <= count else { return false }
        for offset in 2..<6 where !isHexDigit(base[index + offset]) { return false }
        index += 6
        return true
      default:
        return false
      }
    }

    func isHexDigit(_ byte: UInt8) -> Bool {
      isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates).
    mutating func utf8Sequence() -> Bool {
      let lead = base[index]
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; upper = 0x9F
      case 0xF0: length = 4; lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; upper = 0x8F
      default: return false
      }
      guard index + length <= count else { return false }
      let second = base[index + 1]
      guard second >= lower, second <= upper else { return false }
      for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 { return false }
      index += length
      return true
    }
  }
}
