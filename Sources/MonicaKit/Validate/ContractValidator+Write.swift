#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ContractValidator {
  /// `monica-validate --write`: the problems of one line as `monica-push` would send it, found
  /// by the same code that monica-push runs before a line's first request (`PushLine` for the
  /// line's kind, id and repeated keys; `WriteMapping.problems` for Monica's write rules), so
  /// the two never disagree. A line without an `id` is a create, one with an `id` an update of
  /// the fields it gives; with `create` (`--write --create`), every line is a record that
  /// `monica-push --create --map` would create (its `id` is the source's), as monica-import and
  /// monica-diff --restore write them. Nothing is sent.
  package static func checkWrite(
    _ line: UnsafeBufferPointer<UInt8>, source: String, line number: Int, object: String?,
    references: WriteReferences?, today: CalendarDate, into found: inout [RecordDiagnostic]
  ) {
    func add(_ kind: String?, _ id: Int?, _ problem: String) {
      found.append(RecordDiagnostic(source: source, line: number, kind: kind, id: id, field: nil, problem: problem))
    }
    guard let references else {
      let pushLine: PushLine
      do {
        pushLine = try PushLine(Array(line), source: source, number: number, object: object)
      } catch {
        if case .malformedInput(_, _, let reason) = error { add(nil, nil, reason) } else { add(nil, nil, "\(error)") }
        return
      }
      let id: Int?
      switch pushLine.action {
      case .create: id = nil
      case .update(let number), .delete(let number): id = number
      }
      let kind = pushLine.mapping.object
      for problem in pushLine.mapping.problems(line: pushLine.record, creating: id == nil, today: today) {
        add(kind, id, problem)
      }
      return
    }
    guard case .object(let record)? = try? JSONValue(parsing: Array(line)) else {
      return add(nil, nil, RecordStream.reason(line))
    }
    if let key = PushLine.repeatedKey(Array(line)) {
      return add(nil, nil, "\(OutsideText.quoted(key)) appears twice in one object")
    }
    let id = record["id"]?.intValue
    guard let kind = record["object"]?.stringValue ?? object else {
      return add(nil, id, "no \"object\" member says what kind of record this is; give it with --object")
    }
    guard let migration = RecordKind.named(kind) else {
      return add(kind, id, "\(kind) records are not carried by monica-push --create")
    }
    defer { if let id { references.created.insert(WriteReferences.Key(object: migration.object, id: id)) } }
    guard let mapping = migration.writes else { return }
    // A record Monica cannot create is reported by monica-push as not carried, not refused.
    if MigrationLosses.uncreatable(migration.object, record) != nil { return }
    for problem in mapping.problems(line: record, creating: true, today: today) { add(kind, id, problem) }
    // The parts a migration sends after a contact's create (work, food, introduction, avatar).
    if migration == .contact {
      for problem in RecordKind.ContactPart.problems(of: record, today: today) { add(kind, id, problem) }
    }
    if migration == .conversation {
      for (index, message) in (record["messages"]?.arrayValue ?? []).compactMap(\.objectValue).enumerated() {
        for problem in WriteRules.conversationMessage.problems(in: WriteRules.messageBody(message)) {
          add(kind, id, "messages[\(index)].\(problem)")
        }
      }
    }
    for missing in references.missing(in: record, of: migration, mapping: mapping) {
      add(
        kind, id,
        "\(missing.path): refers to \(missing.object) #\(missing.id), which neither an earlier line nor the map "
          + "holds: monica-push --create would stop here (give each record after those it refers to)")
    }
  }
}

/// What `monica-validate --write --create` knows of the records a migration could refer to: the
/// ones earlier lines create, and a map's (`--map`), as `monica-push --create --map` would find
/// them when it translates a line's references (Migration.translate).
package final class WriteReferences {
  /// A record of the source.
  struct Key: Hashable {
    let object: String
    let id: Int
  }

  /// The records earlier lines create.
  var created: Set<Key> = []
  /// The map given with `--map`.
  let map: MapFile?

  /// Reads the map at `path`, which must exist: a check never creates one.
  package init(mapPath: String?) throws(MonicaError) {
    if let mapPath {
      guard access(mapPath, F_OK) == 0 else { throw .notFound("\(mapPath): no such map file") }
      map = try MapFile(path: mapPath)
    } else {
      map = nil
    }
  }

  /// The references of `record` that a migration translates and could not: neither the map
  /// nor an earlier line holds the record referred to. Kinds the same everywhere (countries)
  /// and kinds matched by name on the target (tags, genders) are the server's to resolve.
  func missing(in record: JSONObject, of kind: RecordKind, mapping: WriteMapping)
    -> [(path: String, object: String, id: Int)]
  {
    var found: [(path: String, object: String, id: Int)] = []
    for reference in kind.references where !reference.byName && reference.isSent(by: mapping) {
      let referred = RecordKind.named(reference.object)
      if referred?.matching == .global || referred?.matching == .byName { continue }
      let object = referred?.object ?? reference.object
      for value in reference.values(in: .object(record)) {
        guard let id = value.intValue, !created.contains(Key(object: object, id: id)),
          map?.target(of: object, source: id) == nil
        else { continue }
        found.append((reference.path, object, id))
      }
    }
    return found
  }
}

extension ContractValidator {
  /// `--write` as a gate: the input is spooled to a temporary file as it comes (memory stays
  /// bounded), checked once it has ended, and written out only when every line passed (with
  /// `skipInvalid`, the lines that passed). So `… | monica-validate --write | monica-push`
  /// writes nothing when one line fails, the good lines before it included. `--map` is read
  /// once the input has ended, when its references are checked: `monica-diff --restore --map`
  /// upstream makes the map while it writes.
  func runWrite(to output: LineOutput, diagnostics: DiagnosticSink) throws(MonicaError) -> Tally {
    let held = try Spool(environment: environment)
    var spooled: [UInt8] = []
    for (index, source) in sources.enumerated() {
      let reader = try source.open()
      try reader.forEachLine { (line) throws(MonicaError) in
        if RecordStream.isBlank(line) { return }
        // Each held line carries where it came from: `SOURCE-INDEX LINE-NUMBER ` and the line.
        spooled.removeAll(keepingCapacity: true)
        spooled.append(contentsOf: "\(index) \(reader.lineNumber) ".utf8)
        spooled.append(contentsOf: line)
        try held.append(spooled)
      }
    }
    let references = create ? try WriteReferences(mapPath: map) : nil
    let passed = try Spool(environment: environment)
    var tally = Tally()
    var found: [RecordDiagnostic] = []
    try held.reader().forEachLine { (entry) throws(MonicaError) in
      guard let (index, number, start) = Self.heldPlace(entry), sources.indices.contains(index) else {
        throw .unavailable(request: "temporary file", detail: "a held line was changed while it was held")
      }
      let line = UnsafeBufferPointer(rebasing: entry[start...])
      tally.lines += 1
      found.removeAll(keepingCapacity: true)
      Self.checkWrite(
        line, source: sources[index].name, line: number, object: object, references: references, today: today,
        into: &found)
      for diagnostic in found { try diagnostics.add(diagnostic) }
      if !found.isEmpty { tally.failed += 1 }
      // Once a line failed, only `skipInvalid` writes anything: the rest need not be kept.
      if found.isEmpty, tally.failed == 0 || skipInvalid { try passed.append(line) }
    }
    guard tally.failed == 0 || skipInvalid else { return tally }
    try output.finishing { () throws(MonicaError) in
      try passed.reader().forEachLine { (line) throws(MonicaError) in try output.writeLine(line) }
    }
    return tally
  }

  /// The source index, the line number and where the line starts, of a line `runWrite` held.
  private static func heldPlace(_ entry: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
    var numbers: [Int] = []
    var value = 0
    var digits = 0
    for (offset, byte) in entry.enumerated() {
      if byte == UInt8(ascii: " ") {
        guard digits > 0 else { return nil }
        numbers.append(value)
        if numbers.count == 2 { return (numbers[0], numbers[1], offset + 1) }
        value = 0
        digits = 0
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 18 {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      } else {
        return nil
      }
    }
    return nil
  }
}
