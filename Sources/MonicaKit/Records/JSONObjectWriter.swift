/// A JSON object written member by member straight to bytes, exactly as `JSONWriter` writes the
/// same members held as a `JSONValue` tree: for a writer of many records of one known shape (the
/// importers' contacts and what hangs off them), which would otherwise build a tree per record
/// only to write it once and free it.
struct JSONObjectWriter {
  /// How strings are escaped (`JSONWriter.monica`: as Monica puts them on the wire).
  let writer: JSONWriter
  /// The object written so far; complete after `end()`.
  private(set) var bytes: [UInt8] = []
  /// Whether the innermost object open has no member yet.
  private var empty = true

  init(_ writer: JSONWriter) { self.writer = writer }

  /// Starts a new object, forgetting the last one (its storage is kept for the next).
  mutating func begin() {
    bytes.removeAll(keepingCapacity: true)
    bytes.append(UInt8(ascii: "{"))
    empty = true
  }

  /// Closes the object `begin()` opened.
  mutating func end() { bytes.append(UInt8(ascii: "}")) }

  /// The member's name and its colon. A name is one of the records' own keys, which need no
  /// escape in JSON or in PHP's form of it (ASCII letters and underscores).
  private mutating func key(_ name: StaticString) {
    if !empty { bytes.append(UInt8(ascii: ",")) }
    empty = false
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  /// A string member.
  mutating func string(_ name: StaticString, _ value: String) {
    key(name)
    writer.writeString(value, to: &bytes)
  }

  /// A string member, `null` when `value` is `nil`.
  mutating func string(_ name: StaticString, _ value: String?) {
    guard let value else { return null(name) }
    string(name, value)
  }

  /// A number member, written as `JSONValue.int` writes it.
  mutating func int(_ name: StaticString, _ value: Int) {
    key(name)
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A `true` or `false` member.
  mutating func bool(_ name: StaticString, _ value: Bool) {
    key(name)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// A `null` member.
  mutating func null(_ name: StaticString) {
    key(name)
    bytes.append(contentsOf: "null".utf8)
  }

  /// A member of any value, written by `writer`.
  mutating func value(_ name: StaticString, _ value: JSONValue) {
    key(name)
    writer.write(value, to: &bytes)
  }

  /// A member whose value is JSON text written already (an object another writer ended).
  mutating func written(_ name: StaticString, _ json: [UInt8]) {
    key(name)
    bytes.append(contentsOf: json)
  }

  /// An object member whose members `body` writes.
  mutating func object(_ name: StaticString, _ body: (inout Self) -> Void) {
    key(name)
    bytes.append(UInt8(ascii: "{"))
    empty = true
    body(&self)
    bytes.append(UInt8(ascii: "}"))
    empty = false
  }

  /// An array member of objects, one per element, whose members `body` writes.
  mutating func objects<Element>(_ name: StaticString, _ elements: [Element], _ body: (inout Self, Element) -> Void) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    for (position, element) in elements.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(UInt8(ascii: "{"))
      empty = true
      body(&self, element)
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(UInt8(ascii: "]"))
    empty = false
  }
}
