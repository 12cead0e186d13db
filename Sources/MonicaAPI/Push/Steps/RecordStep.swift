import MonicaKit

/// The common step: a record created by one request of its kind's write mapping (`LineWrite`, as
/// `monica-push` writes a line), looked for on the target first when its create is in doubt,
/// mapped the moment the create is answered; then its kind's `created` hook. What a record loses
/// is its kind's `losses`, the references by name the target lacks, and its step's own.
enum RecordStep: MigrationStep {
  /// The common create, for every kind's step that has no create of its own.
  static func createRecord(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    guard let mapping = line.kind.writes else {
      migration.report.notCarried(
        line.kind.object, because: "monica-push --create does not create \(line.kind.object) records yet")
      return
    }
    try await migration.create(line, mapping: mapping)
  }

  /// The common plan: the references translated (through the map and the plan), then counted
  /// as to create.
  static func planRecord(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    let kind = line.kind
    guard let mapping = kind.writes else {
      return migration.report.notCarried(
        kind.object, because: "monica-push --create does not create \(kind.object) records yet")
    }
    _ = try await migration.translate(line.record, kind: kind, mapping: mapping, place: line.place)
    // A name made by the plan is the one later records that give it find.
    if kind.matching == .byName, let name = line.record["name"]?.stringValue,
      case .some(.some) = migration.names[kind.object]
    {
      migration.names[kind.object]??[name] = 0
    }
    try await migration.planned(line)
  }
}

extension Migration {
  /// Creates a record of a kind with a write mapping, and sends what follows its create.
  func create(_ line: MigrationLine, mapping: WriteMapping) async throws(MonicaError) {
    let (record, id, kind, place) = (line.record, line.id, line.kind, line.place)
    var translated = try await translate(record, kind: kind, mapping: mapping, place: place)
    translated["id"] = nil
    let found = try await resume.adoptInDoubt(kind.object, source: id, journal: map) {
      (floor) async throws(MonicaError) in
      // A kind without a list of its own (contact fields) is looked for in its contact's.
      let nested = !kind.routes.contains(.list)
      return try await adopt(
        kind, above: floor, path: nested ? nestedPath(of: kind, record) : nil,
        matches: InDoubtSearch.sameAsCreate(of: translated, mapping: mapping, today: today))
    }
    let step = Self.step(for: kind)
    if let (target, (bytes, current)) = found {
      try await step.finish(line, target: target, current: current, in: self)
      report.created(kind.object, losing: try await losses(of: kind, record))
      try output.writeLine(bytes)
      return
    }
    let pushLine = PushLine(
      record: translated, mapping: mapping, action: .create, source: place.source, number: place.number)
    var write = LineWrite(line: pushLine, client: client, today: today)
    var newID: Int?
    let (map, resume) = (self.map, self.resume)
    write.answered = { (status: Int) throws(MonicaError) in
      try resume.answered(kind.object, source: id, status: status)
    }
    write.created = { (target: Int) throws(MonicaError) in
      newID = target
      try map.append(kind.object, source: id, target: target)
    }
    do {
      try await write.run()
    } catch {
      try PushSession.printPartial(write, output: output, tool: tool)
      throw PushSession.locate(error, pushLine)
    }
    if let newID { try await step.created(line, target: newID, in: self) }
    // A name made on the target is the one later records that give it must find.
    if let newID, kind.matching == .byName, let name = record["name"]?.stringValue,
      case .some(.some) = names[kind.object]
    {
      names[kind.object]??[name] = newID
    }
    report.created(kind.object, losing: try await losses(of: kind, record))
    if let result = write.latest { try output.writeLine(result) }
  }

  /// In a plan, a record a real run would create: counted, and found by the lines that refer to it.
  func planned(_ line: MigrationLine) async throws(MonicaError) {
    planned.insert(Self.key(line.kind.object, line.id))
    report.created(line.kind.object, losing: try await losses(of: line.kind, line.record))
  }

  /// The phrases for what `record` (a source line of `kind`) lacks on the target: the kind's own
  /// (`MigrationLosses`), named references the target has no record of, and its step's (a
  /// contact's introducer, a gift's photo, the user's own contact). Recomputed by every run, so
  /// that a resumed run, or a re-run with nothing left to do, reports what the run that created
  /// the record could not carry, and a plan what a real run would.
  func losses(of kind: RecordKind, _ record: JSONObject) async throws(MonicaError) -> [String] {
    var lost = MigrationLosses.of(kind.object, record)
    lost += try await referenceLosses(kind, record)
    lost += try await Self.step(for: kind).losses(record, in: self)
    return lost
  }

  /// The references by name (a contact's gender, an activity's type) that the target has no
  /// record of the name for: the create sends none.
  private func referenceLosses(_ kind: RecordKind, _ record: JSONObject) async throws(MonicaError) -> [String] {
    var lost: [String] = []
    let value = JSONValue.object(record)
    for reference in kind.references {
      guard let referred = RecordKind.named(reference.object), referred.matching == .byName else { continue }
      let phrase =
        "\(reference.object) of \(kind.object) records (no \(reference.object) of that name on the target, "
        + "or no \(referred.path) route)"
      if reference.byName {
        guard let name = reference.values(in: value).first?.stringValue else { continue }
        if try await targetID(named: name, of: referred) == nil { lost.append(phrase) }
        continue
      }
      guard let mapping = kind.writes, reference.isSent(by: mapping) else { continue }
      for element in reference.values(in: value) {
        guard let source = element.intValue, !isOnTarget(reference.object, source) else { continue }
        let parent = reference.path.hasSuffix(".id") ? String(reference.path.dropLast(3)) : reference.path
        let name = FieldPath(parent).flatMap { value.value(at: $0) }?["name"]?.stringValue
        if let name, try await targetID(named: name, of: referred) != nil { continue }
        lost.append(phrase)
        break
      }
    }
    return lost
  }
}
