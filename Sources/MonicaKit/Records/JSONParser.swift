/// Why a text is not JSON, and where.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Byte offset of the problem from the start of the text, counted from 0.
  package let offset: Int
  /// What is wrong, lower-case, for a `source:line: reason` message.
  package let reason: String

  package var description: String { "\(reason) at byte \(offset + 1)" }
}

extension JSONValue {
  /// Parses one JSON text (RFC 8259), keeping key order and number literals.
  package init(parsing bytes: some Collection<UInt8>) throws(JSONSyntaxError) {
    func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONSyntaxError> {
      var parser = JSONParser(buffer)
      return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
    }
    let result = bytes.withContiguousStorageIfAvailable(parse) ?? Array(bytes).withUnsafeBufferPointer(parse)
    self = try result.get()
  }

  /// Parses one JSON text given as a string.
  package init(parsing text: String) throws(JSONSyntaxError) {
    try self.init(parsing: Array(text.utf8))
  }
}

/// A strict JSON reader over a byte buffer that can build values or skip them, reporting the byte
/// range of what it skipped so raw records can be passed on untouched.
package struct JSONParser: ~Copyable {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  package private(set) var index: Int
  private var depth = 0
  private static let maximumDepth = 512

  /// A parser positioned at the start of `bytes`, which must outlive it.
  package init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  /// Parses the whole buffer as one value with nothing but white space around it.
  package mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    let value = try parseValue()
    try expectEnd()
    return value
  }

  /// Fails unless only white space is left.
  package mutating func expectEnd() throws(JSONSyntaxError) {
    skipWhitespace()
    if index < bytes.count { throw fail("unexpected \(describe(bytes[index])) after the JSON value") }
  }

  /// Reads one value.
  package mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw fail("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object(try parseObject())
    case UInt8(ascii: "["): return .array(try parseArray())
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let range = try scanNumber()
      return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    case let byte: throw fail("unexpected \(describe(byte))")
    }
  }

  /// Checks one value without building it and returns its byte range.
  package mutating func skipValue() throws(JSONSyntaxError) -> Range<Int> {
    skipWhitespace()
    let start = index
    guard index < bytes.count else { throw fail("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      try enterContainer()
      index += 1
      if try closes(UInt8(ascii: "}")) { depth -= 1; break }
      repeat {
        skipWhitespace()
        try skipString(expecting: "a string key")
        try expect(UInt8(ascii: ":"), "':' after an object key")
        _ = try skipValue()
      } while try nextMember(closer: UInt8(ascii: "}"))
      depth -= 1
    case UInt8(ascii: "["):
      try enterContainer()
      index += 1
      if try closes(UInt8(ascii: "]")) { depth -= 1; break }
      repeat { _ = try skipValue() } while try nextMember(closer: UInt8(ascii: "]"))
      depth -= 1
    case UInt8(ascii: "\""): try skipString(expecting: "a string")
    default: _ = try parseValue()
    }
    return start..<index
  }

  /// Moves into an object and reads its next key; `nil` at the closing brace. Pair with
  /// `skipValue` or `parseValue` for the member's value.
  package mutating func enterObject() throws(JSONSyntaxError) {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
      throw fail("expected a JSON object")
    }
    try enterContainer()
    index += 1
  }

  /// The next key of the object being walked, or `nil` when it closes.
  package mutating func nextKey(first: Bool) throws(JSONSyntaxError) -> String? {
    if first {
      if try closes(UInt8(ascii: "}")) { depth -= 1; return nil }
    } else if !(try nextMember(closer: UInt8(ascii: "}"))) {
      depth -= 1
      return nil
    }
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw fail("expected a string key")
    }
    let key = try parseString()
    try expect(UInt8(ascii: ":"), "':' after an object key")
    return key
  }

  /// Moves into an array; pair with `nextElement`.
  package mutating func enterArray() throws(JSONSyntaxError) {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
      throw fail("expected a JSON array")
    }
    try enterContainer()
    index += 1
  }

  /// True when another element follows in the array being walked; false at its end.
  package mutating func nextElement(first: Bool) throws(JSONSyntaxError) -> Bool {
    let more = first ? !(try closes(UInt8(ascii: "]"))) : try nextMember(closer: UInt8(ascii: "]"))
    if !more { depth -= 1 }
    return more
  }

  // MARK: - Pieces

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONObject {
    try enterObject()
    var members: [JSONObject.Member] = []
    var first = true
    while let key = try nextKey(first: first) {
      first = false
      members.append(JSONObject.Member(key, try parseValue()))
    }
    return JSONObject(members)
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
    try enterArray()
    var elements: [JSONValue] = []
    var first = true
    while try nextElement(first: first) {
      first = false
      elements.append(try parseValue())
    }
    return elements
  }

  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
  }

  /// Consumes `closer` if it comes next (an empty container).
  private mutating func closes(_ closer: UInt8) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { throw fail("unexpected end of input") }
    if bytes[index] == closer {
      index += 1
      return true
    }
    return false
  }

  /// After a member: true at a comma, false at `closer`, an error otherwise.
  private mutating func nextMember(closer: UInt8) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { throw fail("unexpected end of input") }
    let byte = bytes[index]
    index += 1
    if byte == UInt8(ascii: ",") { return true }
    if byte == closer { return false }
    index -= 1
    throw fail("expected ',' or '\(Character(Unicode.Scalar(closer)))' but found \(describe(byte))")
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    skipWhitespace()
    guard index < bytes.count else { throw fail("unexpected end of input") }
    guard bytes[index] == byte else { throw fail("expected \(what) but found \(describe(bytes[index]))") }
    index += 1
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let count = literal.utf8CodeUnitCount
    let matches =
      index + count <= bytes.count
      && literal.withUTF8Buffer { expected in
        expected.elementsEqual(UnsafeBufferPointer(rebasing: bytes[index..<index + count]))
      }
    guard matches else { throw fail("invalid literal") }
    index += count
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    return start..<index
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// Checks a string and moves past it, without decoding it unless it has escapes.
  private mutating func skipString(expecting what: String) throws(JSONSyntaxError) {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw fail(
        index < bytes.count ? "expected \(what) but found \(describe(bytes[index]))" : "unexpected end of input")
    }
    _ = try parseString(decode: false)
  }

  /// Reads a string literal (the index is at its opening quote).
  package mutating func parseString() throws(JSONSyntaxError) -> String {
    try parseString(decode: true)
  }

  private mutating func parseString(decode: Bool) throws(JSONSyntaxError) -> String {
    let open = index
    index += 1
    let start = index
    var plain = true
    while true {
      guard index < bytes.count else { index = open; throw fail("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        plain = false
        index += 2
        continue
      }
      if byte < 0x20 { throw fail("control character in a string") }
      index += 1
    }
    let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
    index += 1
    if plain {
      guard let text = String(validating: raw, as: UTF8.self) else {
        index = start
        throw fail("invalid UTF-8 in a string")
      }
      return decode ? text : ""
    }
    return try unescape(raw, at: start)
  }

  private func unescape(_ raw: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    if let bad = JSONEscape.decode(raw, into: &out) {
      throw JSONSyntaxError(offset: start + bad.offset, reason: bad.reason)
    }
    guard let text = String(validating: out, as: UTF8.self) else {
      throw JSONSyntaxError(offset: start, reason: "invalid UTF-8 in a string")
    }
    return text
  }

  private func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, reason: reason) }

  private func describe(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }
}
