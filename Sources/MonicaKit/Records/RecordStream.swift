/// One NDJSON record as read: the line's bytes, checked to be a JSON object, with its top-level
/// members indexed. Valid only during the `RecordStream` callback that hands it out.
package struct Record {
  /// The line exactly as read (without its newline): what a pass-through writes.
  package let bytes: UnsafeBufferPointer<UInt8>
  /// The top-level members, in order.
  package let members: [RecordScanner.Member]
  /// Where the record came from, for messages: `stdin` or the file's path.
  package let source: String
  /// Its line number in that source, from 1.
  package let line: Int
  /// The object's bytes in the line, without surrounding white space.
  package let objectRange: Range<Int>

  package init(
    bytes: UnsafeBufferPointer<UInt8>, members: [RecordScanner.Member], objectRange: Range<Int>, source: String,
    line: Int
  ) {
    self.bytes = bytes
    self.members = members
    self.objectRange = objectRange
    self.source = source
    self.line = line
  }

  /// The whole record as a raw value.
  package var root: RawValue { RawValue(bytes: bytes, range: objectRange) }

  /// The top-level member named `key`.
  package func member(_ key: String) -> RawValue? {
    var key = key
    return key.withUTF8 { wanted in
      for member in members where RawValue.keyMatches(bytes, member.key, member.keyHasEscapes, wanted) {
        return RawValue(bytes: bytes, range: member.value)
      }
      return nil
    }
  }

  /// The value at a dotted path.
  package func value(at path: FieldPath) -> RawValue? {
    guard let first = path.components.first, let top = member(first) else { return nil }
    return top.value(at: path.components.dropFirst())
  }

  /// Every value a dotted path reaches, arrays on the way standing for each of their elements.
  package func values(at path: FieldPath) -> [RawValue] {
    var result: [RawValue] = []
    guard let first = path.components.first, let top = member(first) else { return result }
    top.values(at: path.components.dropFirst(), into: &result)
    return result
  }

  /// The record's `object` kind (`contact`, `note`...), or `nil` when it has none.
  package var kind: String? { member("object")?.stringValue }

  /// Whether the record's `object` is `kind`, compared without decoding.
  package func isKind(_ kind: String) -> Bool {
    guard let value = member("object"), value.isString else { return false }
    var kind = kind
    return kind.withUTF8 { wanted in
      let inner = (value.range.lowerBound + 1)..<(value.range.upperBound - 1)
      return RawValue.keyMatches(bytes, inner, bytes[inner].contains(UInt8(ascii: "\\")), wanted)
    }
  }
}

/// NDJSON records from files or standard input, one JSON object per line, blank lines skipped.
///
/// A line that is not a JSON object is malformed input (`source:line: reason`, 65), or with
/// `skipInvalid` a warning and nothing more; records before it have been handed out already.
package struct RecordStream {
  /// The sources, read in order.
  package var sources: [InputSource]
  /// Warn about bad lines and go on, instead of stopping.
  package var skipInvalid: Bool
  /// Where warnings go: one line of text each, without the tool's prefix.
  package var warn: (String) -> Void

  package init(sources: [InputSource], skipInvalid: Bool = false, warn: @escaping (String) -> Void = { _ in }) {
    self.sources = sources
    self.skipInvalid = skipInvalid
    self.warn = warn
  }

  /// Calls `body` with each record in order.
  package func forEach(_ body: (Record) throws(MonicaError) -> Void) throws(MonicaError) {
    var scanner = RecordScanner()
    try forEachLine { (line, source, number) throws(MonicaError) in
      guard scanner.scan(line) else {
        return try reject(source: source, line: number, reason: RecordStream.reason(line))
      }
      try body(
        Record(bytes: line, members: scanner.members, objectRange: scanner.objectRange, source: source, line: number))
    }
  }

  /// Calls `body` with each line that is not blank, its source's name and its number.
  package func forEachLine(
    _ body: (UnsafeBufferPointer<UInt8>, _ source: String, _ line: Int) throws(MonicaError) -> Void
  ) throws(MonicaError) {
    for source in sources {
      let reader = try source.open()
      let name = source.name
      try reader.forEachLine { (line) throws(MonicaError) in
        if RecordStream.isBlank(line) { return }
        try body(line, name, reader.lineNumber)
      }
    }
  }

  /// A line that is not what the tool reads: malformed input (65), or with `skipInvalid` one
  /// warning and nothing more.
  package func reject(source: String, line: Int, reason: String) throws(MonicaError) {
    let failure = MonicaError.malformedInput(source: source, line: line, reason: reason)
    guard skipInvalid else { throw failure }
    warn("\(failure.message ?? ""), line skipped")
  }

  /// True for a line of nothing but white space.
  static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in line {
      switch byte {
      case 0x20, 0x09, 0x0D, 0x0A: continue
      default: return false
      }
    }
    return true
  }

  /// Why a line the scanner rejected is not a JSON object, in `JSONParser`'s words.
  package static func reason(_ line: UnsafeBufferPointer<UInt8>) -> String {
    do {
      let value = try JSONValue(parsing: line)
      let found: String
      switch value {
      case .array: found = "an array"
      case .string: found = "a string"
      case .number: found = "a number"
      case .bool: found = "a boolean"
      case .null: found = "null"
      case .object: return "invalid JSON"  // Only if the scanner and the parser disagree.
      }
      return "not a JSON object but \(found)"
    } catch {
      return "invalid JSON: \(error.description)"
    }
  }
}
