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
