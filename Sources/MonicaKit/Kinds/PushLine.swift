/// One input line of `monica-push`, checked: a JSON object of a kind that can be written, with
/// what to do to it. Nothing of a line is sent before this has accepted it.
package struct PushLine: Sendable {
  /// What the line asks for.
  package enum Action: Sendable, Equatable {
    /// No `id`: a new record.
    case create
    /// An `id`: read, merge, write.
    case update(Int)
    /// `--delete`: the record goes.
    case delete(Int)
  }

  /// `stdin` or the file's path.
  package let source: String
  /// The line's number in its source, from 1.
  package let number: Int
  /// The kind's write mapping.
  package let mapping: WriteMapping
  /// The line's members.
  package let record: JSONObject
  /// What to do.
  package let action: Action
  /// For an update: the record as its caller read it moments ago, under the account's lock (a
  /// sync's walk), merged onto without reading it again; `nil`: read before the update.
  package var base: JSONObject?

  /// Checks a line; `object` is `--object`, for lines without one. A line that is not a JSON
  /// object of a pushable kind, or a delete without an id, is malformed input (65).
  package init(
    _ bytes: [UInt8], source: String, number: Int, object: String? = nil, delete: Bool = false
  ) throws(MonicaError) {
    self.source = source
    self.number = number
    func bad(_ reason: String) -> MonicaError { .malformedInput(source: source, line: number, reason: reason) }
    guard case .object(let record)? = try? JSONValue(parsing: bytes) else {
      throw bad(bytes.withUnsafeBufferPointer { RecordStream.reason($0) })
    }
    // JSON leaves a repeated key's meaning open: the reader that shows the first value and the
    // writer that takes the last must never disagree about which record is deleted.
    if let key = Self.repeatedKey(bytes) { throw bad("\(OutsideText.quoted(key)) appears twice in one object") }
    self.record = record
    let kind: String
    switch (record["object"], object) {
    case (nil, let given?), (.null?, let given?):
      kind = given
    case (.string(let named)?, let given):
      if let given, given != named { throw bad("a \(named) record, but --object is \(given)") }
      kind = named
    case (nil, nil), (.null?, nil):
      throw bad("no \"object\" member says what kind of record this is; give it with --object")
    default:
      throw bad("\"object\" must be a string such as \"contact\"")
    }
    guard let mapping = WriteMapping.named(kind) else {
      throw bad(
        "\(kind) records cannot be pushed; monica-push writes \(WriteMapping.objects.joined(separator: ", "))")
    }
    self.mapping = mapping
    let id: Int?
    switch record["id"] {
    case nil, .null?: id = nil
    case let value?:
      guard let number = value.intValue, number > 0 else { throw bad("\"id\" must be a positive whole number") }
      id = number
    }
    switch (id, delete) {
    case (let id?, true): action = .delete(id)
    case (nil, true): throw bad("--delete needs the record's \"id\"")
    case (let id?, false): action = .update(id)
    case (nil, false): action = .create
    }
  }

  /// A line made by the library (a migration's translated record) rather than read.
  package init(record: JSONObject, mapping: WriteMapping, action: Action, source: String, number: Int) {
    self.record = record
    self.mapping = mapping
    self.action = action
    self.source = source
    self.number = number
  }

  /// The first key that appears twice in one object of a valid JSON text, at any depth.
  package static func repeatedKey(_ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      while start < buffer.count, [0x20, 0x09, 0x0D, 0x0A].contains(buffer[start]) { start += 1 }
      var end = buffer.count
      while end > start, [0x20, 0x09, 0x0D, 0x0A].contains(buffer[end - 1]) { end -= 1 }
      return repeatedKey(in: RawValue(bytes: buffer, range: start..<end))
    }
  }

  private static func repeatedKey(in value: RawValue) -> String? {
    var found: String?
    if value.isArray {
      value.forEachElement { element in
        found = repeatedKey(in: element)
        return found == nil
      }
    } else if value.isObject {
      var keys = Set<[UInt8]>()
      value.forEachMember { range, _, member in
        var key: [UInt8] = []
        RawValue.appendUnescaped(UnsafeBufferPointer(rebasing: value.bytes[range]), to: &key)
        if !keys.insert(key).inserted {
          found = String(decoding: key, as: UTF8.self)
        } else {
          found = repeatedKey(in: member)
        }
        return found == nil
      }
    }
    return found
  }

  /// `stdin:3`, for messages.
  package var place: String { "\(source):\(number)" }

  /// `task #7`, or `a new task`.
  package var what: String {
    switch action {
    case .create: "a new \(mapping.object)"
    case .update(let id), .delete(let id): "\(mapping.object) #\(id)"
    }
  }
}
