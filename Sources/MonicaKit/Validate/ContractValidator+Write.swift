extension ContractValidator {
  /// `monica-validate --write`: the problems of one line as `monica-push` would send it, found
  /// by the same code that monica-push runs before a line's first request (`PushLine` for the
  /// line's kind, id and repeated keys; `WriteMapping.problems` for Monica's write rules), so
  /// the two never disagree. A line without an `id` is a create, one with an `id` an update of
  /// the fields it gives; with `create` (`--write --create`), every line is a record that
  /// `monica-push --create --map` would create (its `id` is the source's), as monica-import and
  /// monica-diff --restore write them. Nothing is sent.
  package static func checkWrite(
    _ line: UnsafeBufferPointer<UInt8>, source: String, line number: Int, object: String?, create: Bool,
    today: CalendarDate, into found: inout [RecordDiagnostic]
  ) {
    func add(_ kind: String?, _ id: Int?, _ problem: String) {
      found.append(RecordDiagnostic(source: source, line: number, kind: kind, id: id, field: nil, problem: problem))
    }
    guard create else {
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
    guard let migration = MigrationKind.named(kind) else {
      return add(kind, id, "\(kind) records are not carried by monica-push --create")
    }
    guard let mapping = migration.writes else { return }
    for problem in mapping.problems(line: record, creating: true, today: today) { add(kind, id, problem) }
  }
}
