import MonicaKit

/// Relationships: a type found by name (the API cannot create one), and the row Monica makes
/// along with its reverse found, never created a second time.
enum RelationshipStep: MigrationStep {
  static func notice(_ line: MigrationLine, in migration: Migration) {
    guard let pair = pair(of: line.record) else { return }
    migration.relations.pairs.insert([pair.from, pair.to])
  }

  static func create(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    try await migration.createRelationship(line)
  }

  /// A plan: the type checked, the row counted, or counted as made along with its reverse.
  static func plan(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    if let reason = try await migration.relationshipTypeRefusal(line.record) {
      return migration.report.notCarried(line.kind.object, because: reason)
    }
    if let mapping = line.kind.writes {
      _ = try await migration.translate(line.record, kind: line.kind, mapping: mapping, place: line.place)
    }
    let (from, to) = pair(of: line.record) ?? (0, 0)
    migration.planned.insert(plannedPair(from, to))
    // The reverse of a row carried before is the one Monica makes with it.
    if migration.planned.contains(plannedPair(to, from)) {
      migration.planned.insert(Migration.key(line.kind.object, line.id))
      return migration.report.madeAlong(line.kind.object)
    }
    try await migration.planned(line)
  }

  /// A plan's row already on the target: its pair, for the reverse row that follows.
  static func known(_ line: MigrationLine, target: Int, in migration: Migration) async throws(MonicaError) {
    guard migration.plan, let pair = pair(of: line.record) else { return }
    migration.planned.insert(plannedPair(pair.from, pair.to))
  }

  /// The source ids of the row's `contact_is` and `of_contact`.
  static func pair(of record: JSONObject) -> (from: Int, to: Int)? {
    guard let from = record["contact_is"]?["id"]?.intValue, let to = record["of_contact"]?["id"]?.intValue else {
      return nil
    }
    return (from, to)
  }

  /// A plan's note that a row of `from` and `to` is on the target or will be.
  private static func plannedPair(_ from: Int, _ to: Int) -> String { "pair\t\(from)\t\(to)" }
}

extension Migration {
  /// A relationship whose reverse was carried before is the row Monica made with it: it is found
  /// on the target and taken into the map, never created (that would make a second pair). So is
  /// the row a killed run may have created without its map line. Otherwise it is created, and
  /// Monica makes its reverse, which the stream's reverse row will find.
  func createRelationship(_ line: MigrationLine) async throws(MonicaError) {
    let (record, id, kind) = (line.record, line.id, line.kind)
    guard let mapping = kind.writes else { return }
    if let reason = try await relationshipTypeRefusal(record) {
      report.notCarried(kind.object, because: reason)
      return
    }
    let translated = try await translate(record, kind: kind, mapping: mapping, place: line.place)
    let (sourceFrom, sourceTo) = RelationshipStep.pair(of: record) ?? (0, 0)
    let reverse = relations.pairs.contains([sourceTo, sourceFrom])
    // The reverse's row is looked for as a create in doubt is, whether the run resumes or not.
    if resume.isInDoubt(kind.object, source: id) || reverse, let (from, to) = RelationshipStep.pair(of: translated) {
      // A row in doubt is one made after the floor was seen; the reverse's row, whenever made.
      let floor = reverse ? 0 : map.floor(of: kind.object) ?? Int.max
      let type = record["relationship_type"]?["name"]?.stringValue?.lowercased()
      let path = kind.path(ofContact: from)
      let response = try await client.get(path, query: [], what: "\(kind.name) of contact #\(from)")
      let envelope = try PageEnvelope(response.body, request: "GET /api\(path)")
      var found: (Int, [UInt8])?
      envelope.forEachRecord { raw in
        let bytes = Array(raw)
        if case .object(let row)? = try? JSONValue(parsing: bytes), let rowID = row["id"]?.intValue,
          rowID > floor, row["of_contact"]?["id"]?.intValue == to,
          row["relationship_type"]?["name"]?.stringValue?.lowercased() == type,
          !map.holds(kind, target: rowID)
        {
          found = (rowID, bytes)
          return false
        }
        return true
      }
      if let (target, bytes) = found {
        try map.append(kind.object, source: id, target: target)
        if reverse {
          report.madeAlong(kind.object)
        } else {
          report.created(kind.object, losing: try await losses(of: kind, record))
        }
        try output.writeLine(bytes)
        return
      }
    }
    try await create(line, mapping: mapping)
  }

  /// Why the relationship cannot be made with its type on the target, `nil` when it can. The API
  /// cannot create relationship types (routes/api.php:125 lists and shows them only), so the
  /// target must have one of that name; and its reverse must be named as the source's, since the
  /// create makes the reverse row with the type of that name (CreateRelationship.php:51-55,
  /// RelationshipType.php:57-60): another would be a row of a type the source never had, and so
  /// would a reverse row where the source, lacking the reverse type, has none.
  func relationshipTypeRefusal(_ record: JSONObject) async throws(MonicaError) -> String? {
    guard let name = record["relationship_type"]?["name"]?.stringValue else {
      return "it has no relationship_type.name to find its type on the target by"
    }
    if relations.relationshipTypeReverses == nil {
      var reverses: [String: String] = [:]
      let types = RecordKind.relationshipType
      let listed = try await forEachTargetRecord(types.path, what: "\(types.singular)s") { type in
        guard let name = type["name"]?.stringValue, reverses[name] == nil else { return }
        reverses[name] = type["name_reverse_relationship"]?.stringValue ?? ""
      }
      relations.relationshipTypeReverses = listed ? reverses : [:]
    }
    guard let reverses = relations.relationshipTypeReverses, !reverses.isEmpty else { return nil }
    let shown = name.escapingControlCharacters
    // Matched by name as the other named kinds are, without case (utf8mb4_unicode_ci); the reverse
    // is found by its exact name (a collection's `where`, Account.php:717-720).
    guard let reverse = reverses[name] ?? reverses.first(where: { $0.key.lowercased() == name.lowercased() })?.value
    else {
      return "the target has no relationship type \(shown), and the API cannot create one (routes/api.php:125)"
    }
    if let wanted = record["relationship_type"]?["name_reverse_relationship"]?.stringValue, wanted != reverse {
      return "the target's relationship type \(shown) has the reverse \(reverse.escapingControlCharacters), "
        + "not \(wanted.escapingControlCharacters): its create would make the other row with that type "
        + "(CreateRelationship.php:51-55)"
    }
    if let source = relations.sourceRelationshipTypes, !source.contains(reverse), reverses[reverse] != nil {
      return "the source has no relationship type \(reverse.escapingControlCharacters), the reverse of \(shown), "
        + "and the target has: its create would make a reverse row the source does not have "
        + "(CreateRelationship.php:51-55)"
    }
    return nil
  }
}
