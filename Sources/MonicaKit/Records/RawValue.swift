#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON value inside an already validated line, read in place without being built.
///
/// Valid only while the line's bytes are (during a `RecordStream` callback); methods assume the
/// bytes passed `RecordScanner`, so they skip rather than check.
package struct RawValue {
  /// The whole line.
  package let bytes: UnsafeBufferPointer<UInt8>
  /// This value's bytes in the line.
  package let range: Range<Int>

  package init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    self.bytes = bytes
    self.range = range
  }

  /// The value's own bytes.
  package var slice: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }

  private var first: UInt8 { bytes[range.lowerBound] }

  /// True for `null`.
  package var isNull: Bool { first == UInt8(ascii: "n") }
  /// True for `true`.
  package var isTrue: Bool { first == UInt8(ascii: "t") }
  /// True for `false`.
  package var isFalse: Bool { first == UInt8(ascii: "f") }
  /// True for a string.
  package var isString: Bool { first == UInt8(ascii: "\"") }
  /// True for a number.
  package var isNumber: Bool { first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 }
  /// True for an object.
  package var isObject: Bool { first == UInt8(ascii: "{") }
  /// True for an array.
  package var isArray: Bool { first == UInt8(ascii: "[") }

  /// The boolean, or `nil` when this is not a boolean.
  package var boolValue: Bool? { isTrue ? true : isFalse ? false : nil }

  /// The member named `key` of an object; `nil` when absent or this is not an object.
  package func member(_ key: String) -> RawValue? {
    guard isObject else { return nil }
    var key = key
    return key.withUTF8 { wanted in
      var found: RawValue?
      forEachMember { keyRange, hasEscapes, value in
        if RawValue.keyMatches(bytes, keyRange, hasEscapes, wanted) {
          found = value
          return false
        }
        return true
      }
      return found
    }
  }

  /// Calls `body` with each member of an object (key range between quotes, whether the key has
  /// escapes, value) until it returns false.
  package func forEachMember(_ body: (Range<Int>, Bool, RawValue) -> Bool) {
    guard isObject else { return }
    var index = skipWhitespace(from: range.lowerBound + 1)
    if bytes[index] == UInt8(ascii: "}") { return }
    while true {
      let keyStart = index + 1
      let (keyEnd, escapes) = stringEnd(from: index)
      index = skipWhitespace(from: keyEnd + 1)
      index = skipWhitespace(from: index + 1)  // past ':'
      let valueEnd = valueEnd(from: index)
      guard body(keyStart..<keyEnd, escapes, RawValue(bytes: bytes, range: index..<valueEnd)) else { return }
      index = skipWhitespace(from: valueEnd)
      if bytes[index] == UInt8(ascii: "}") { return }
      index = skipWhitespace(from: index + 1)
    }
  }

  /// Calls `body` with each element of an array until it returns false.
  package func forEachElement(_ body: (RawValue) -> Bool) {
    guard isArray else { return }
    var index = skipWhitespace(from: range.lowerBound + 1)
    if bytes[index] == UInt8(ascii: "]") { return }
    while true {
      let end = valueEnd(from: index)
      guard body(RawValue(bytes: bytes, range: index..<end)) else { return }
      index = skipWhitespace(from: end)
      if bytes[index] == UInt8(ascii: "]") { return }
      index = skipWhitespace(from: index + 1)
    }
  }

  /// The elements of an array (empty for anything else).
  package var elements: [RawValue] {
    var result: [RawValue] = []
    forEachElement {
      result.append($0); return true
    }
    return result
  }

  /// The value at a dotted path; array elements by index.
  package func value(at path: FieldPath) -> RawValue? {
    value(at: path.components[...])
  }

  /// The value at the remaining path components.
  package func value(at components: ArraySlice<String>) -> RawValue? {
    var current = self
    for component in components {
      if current.isArray {
        guard let wanted = Int(component), wanted >= 0 else { return nil }
        var position = 0
        var found: RawValue?
        current.forEachElement { element in
          if position == wanted { found = element; return false }
          position += 1
          return true
        }
        guard let found else { return nil }
        current = found
      } else {
        guard let next = current.member(component) else { return nil }
        current = next
      }
    }
    return current
  }

  /// Every value the path reaches when an array met on the way stands for each of its elements
  /// (`tags.name` is the name of every tag); an index component still picks one element.
  package func values(at components: ArraySlice<String>, into result: inout [RawValue]) {
    guard let component = components.first else {
      result.append(self)
      return
    }
    if isArray {
      if Int(component) != nil {
        value(at: components.prefix(1))?.values(at: components.dropFirst(), into: &result)
      } else {
        forEachElement { element in
          element.values(at: components, into: &result)
          return true
        }
      }
    } else if let next = member(component) {
      next.values(at: components.dropFirst(), into: &result)
    }
  }

  /// The decoded string, or `nil` when this is not a string.
  package var stringValue: String? {
    guard isString else { return nil }
    var out: [UInt8] = []
    appendDecodedString(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the decoded UTF-8 of a string value (without quotes) to `out`.
  package func appendDecodedString(to out: inout [UInt8]) {
    let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
    RawValue.appendUnescaped(inner, to: &out)
  }

  /// The text a person reads: strings decoded, `null` empty, numbers and booleans as written,
  /// arrays and objects as compact JSON.
  package var displayText: String {
    if isString { return stringValue ?? "" }
    if isNull { return "" }
    if isObject || isArray { return jsonValue?.displayText ?? "" }
    return String(decoding: slice, as: UTF8.self)
  }

  /// Appends `displayText`'s UTF-8 to `out` without building a string for scalars.
  package func appendDisplayText(to out: inout [UInt8]) {
    if isString {
      appendDecodedString(to: &out)
    } else if isNull {
      return
    } else if isObject || isArray {
      out.append(contentsOf: displayText.utf8)
    } else {
      out.append(contentsOf: slice)
    }
  }

  /// The value built as a `JSONValue`.
  package var jsonValue: JSONValue? { try? JSONValue(parsing: slice) }

  // MARK: - Skipping over validated bytes

  private func skipWhitespace(from start: Int) -> Int {
    var index = start
    while index < range.upperBound {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return index
      }
    }
    return index
  }

  /// The offset of the closing quote of the string opening at `start`, and whether it has escapes.
  private func stringEnd(from start: Int) -> (Int, Bool) {
    var index = start + 1
    var escapes = false
    while true {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { return (index, escapes) }
      if byte == UInt8(ascii: "\\") {
        escapes = true
        index += 2
      } else {
        index += 1
      }
    }
  }

  /// The offset just past the value starting at `start`.
  private func valueEnd(from start: Int) -> Int {
    switch bytes[start] {
    case UInt8(ascii: "\""): return stringEnd(from: start).0 + 1
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var index = start
      while true {
        switch bytes[index] {
        case UInt8(ascii: "\""): index = stringEnd(from: index).0
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
    default:
      var index = start
      while index < range.upperBound {
        switch bytes[index] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return index
        default: index += 1
        }
      }
      return index
    }
  }

  // MARK: - Keys and escapes

  /// Whether the key at `keyRange` of `bytes` equals `wanted` once decoded.
  package static func keyMatches(
    _ bytes: UnsafeBufferPointer<UInt8>, _ keyRange: Range<Int>, _ hasEscapes: Bool,
    _ wanted: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if !hasEscapes {
      guard keyRange.count == wanted.count else { return false }
      guard let keyBase = bytes.baseAddress, let wantedBase = wanted.baseAddress else { return wanted.isEmpty }
      return memcmp(keyBase + keyRange.lowerBound, wantedBase, wanted.count) == 0
    }
    var decoded: [UInt8] = []
    appendUnescaped(UnsafeBufferPointer(rebasing: bytes[keyRange]), to: &decoded)
    return decoded.elementsEqual(wanted)
  }

  /// Appends the UTF-8 of a validated string literal's inside, escapes decoded, to `out`.
  package static func appendUnescaped(_ raw: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    guard raw.contains(UInt8(ascii: "\\")) else {
      out.append(contentsOf: raw)
      return
    }
    JSONEscape.decode(raw, into: &out)
  }
}
