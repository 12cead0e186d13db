import MonicaKit

/// Relationships on their way to the target: a type found by name (the API cannot create one),
/// and the row Monica makes along with its reverse found, never created a second time.
extension Migration {
  /// A relationship whose reverse was carried before is the row Monica made with it: it is found
  /// on the target and taken into the map, never created (that would make a second pair). So is
  /// the row a killed run may have created without its map line. Otherwise it is created, and
  /// Monica makes its reverse, which the stream's reverse row will find.
  func createRelationship(
    _ record: JSONObject, id: Int, kind: RecordKind, mapping: WriteMapping, place: (source: String, number: Int)
  ) async throws(MonicaError) {
    if let reason = try await relationshipTypeRefusal(record) {
      report.notCarried("relationship", because: reason)
      return
    }
    let translated = try await translate(record, kind: kind, mapping: mapping, place: place)
    let sourceFrom = record["contact_is"]?["id"]?.intValue ?? 0
    let sourceTo = record["of_contact"]?["id"]?.intValue ?? 0
    let reverse = relations.pairs.contains([sourceTo, sourceFrom])
    // The reverse's row is looked for as a create in doubt is, whether the run resumes or not.
    if resume.spendDoubt() || reverse, let from = translated["contact_is"]?["id"]?.intValue,
      let to = translated["of_contact"]?["id"]?.intValue
    {
      // A row in doubt is one made after the floor was seen; the reverse's row, whenever made.
      let floor = reverse ? 0 : map.floor(of: "relationship") ?? Int.max
      let type = record["relationship_type"]?["name"]?.stringValue?.lowercased()
      let path = "/contacts/\(from)/relationships"
      let response = try await client.get(path, query: [], what: "relationships of contact #\(from)")
      let envelope = try PageEnvelope(response.body, request: "GET /api\(path)")
      var found: (Int, [UInt8])?
      envelope.forEachRecord { raw in
        let bytes = Array(raw)
        if case .object(let row)? = try? JSONValue(parsing: bytes), let rowID = row["id"]?.intValue,
          rowID > floor, row["of_contact"]?["id"]?.intValue == to,
          row["relationship_type"]?["name"]?.stringValue?.lowercased() == type,
          !map.holds("relationship", target: rowID)
        {
          found = (rowID, bytes)
          return false
        }
        return true
      }
      if let (target, bytes) = found {
        try map.append("relationship", source: id, target: target)
        if reverse {
          report.madeAlong("relationship")
        } else {
          report.created("relationship", losing: try await losses(of: kind, record))
        }
        try output.writeLine(bytes)
        return
      }
    }
    try await create(record, id: id, kind: kind, mapping: mapping, place: place)
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
      let listed = try await forEachTargetRecord("/relationshiptypes", what: "relationship types") { type in
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
