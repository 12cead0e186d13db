import MonicaKit

/// A create whose answer was lost (a killed run, a cut connection) may have made its record:
/// the resumed run looks for it among the target's newest records before creating again, and
/// takes only a record that did not exist before the create was sent.
extension Migration {
  /// The newest records of `kind` on the target that no map line names yet and whose id is above
  /// the map's floor for the kind (`IDMap.floor(of:)`: what the target had before this
  /// migration's creates), searched for the one an interrupted run created without learning its
  /// id: a record that `matches` is taken into the map instead of being created a second time.
  /// Without a floor nothing is taken: creating again is then the only safe answer. One read.
  func adopt(_ kind: RecordKind?, path: String? = nil, matches: (JSONObject) -> Bool)
    async throws(MonicaError) -> (Int, [UInt8], JSONObject)?
  {
    guard let kind, let floor = map.floor(of: kind.object) else { return nil }
    let path = path ?? kind.path
    // Records made in one second tie on created_at, and a tie comes back in any order: a whole
    // page of the newest holds the one in doubt unless 100 records were created after it.
    let query = [("sort", "-created_at"), ("limit", "100")]
    let response = try await client.get(path, query: query, what: "\(kind.object) records")
    let envelope = try PageEnvelope(response.body, request: "GET /api\(path)")
    var found: (Int, [UInt8], JSONObject)?
    envelope.forEachRecord { raw in
      let bytes = Array(raw)
      if case .object(let candidate)? = try? JSONValue(parsing: bytes), let id = candidate["id"]?.intValue,
        id > floor, !map.holds(kind.object, target: id), matches(candidate), id > (found?.0 ?? 0)
      {
        found = (id, bytes, candidate)
      }
      return true
    }
    return found
  }

  /// Before the first create of `kind` into this map, the highest id of the kind the target has
  /// goes into the map (`#floor`), so that a resumed run never takes an older record for the one
  /// in doubt. Kinds listed only under their contact have no such read: their floor is the
  /// highest id the map holds.
  func noteFloor(_ kind: RecordKind) async throws(MonicaError) {
    guard map.floor(of: kind.object) == nil, RecordKind.named(kind.object)?.routes.contains(.list) == true else {
      return
    }
    let query = [("sort", "-created_at"), ("limit", "100")]
    let response = try await client.get(kind.path, query: query, what: "\(kind.object) records")
    let envelope = try PageEnvelope(response.body, request: "GET /api\(kind.path)")
    var highest = 0
    envelope.forEachRecord { raw in
      if case .object(let record)? = try? JSONValue(parsing: Array(raw)), let id = record["id"]?.intValue {
        highest = max(highest, id)
      }
      return true
    }
    try map.appendFloor(kind.object, highest)
  }

  /// A create body without the fields no record gives back (write-only ones, such as `gender_id`).
  static func comparable(_ body: JSONObject, _ mapping: WriteMapping) -> JSONObject {
    var kept = body
    for field in mapping.fields where field.source == .writeName { kept[field.name] = nil }
    return kept
  }
}
