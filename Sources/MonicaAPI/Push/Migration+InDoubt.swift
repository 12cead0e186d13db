import MonicaKit

/// A create whose answer was lost (a killed run, a cut connection) may have made its record:
/// the resumed run looks for it among the target's newest records before creating again, and
/// takes only a record that did not exist before the create was sent (`InDoubtSearch`).
extension Migration {
  /// The newest records of `kind` on the target that no map line names yet and whose id is above
  /// `floor` (the map's for the kind, `IDMap.floor(of:)`: the highest id seen on the target before
  /// the create in doubt was sent, `noteFloor`), searched for the one an interrupted run created
  /// without learning its id: the record that `matches`, with its bytes and fields, for
  /// `ResumePoint.adoptInDoubt` to take into the map instead of creating it a second time. One read.
  func adopt(_ kind: RecordKind, above floor: Int, path: String? = nil, matches: (JSONObject) -> Bool)
    async throws(MonicaError) -> (target: Int, found: ([UInt8], JSONObject))?
  {
    try await InDoubtSearch.find(
      client, path: path ?? kind.path, what: "\(kind.object) records", above: floor,
      excluding: { map.holds(kind, target: $0) }, matches: matches)
  }

  /// Before the first create of `kind` into this map, the highest id of the kind the target has
  /// goes into the map (`#floor`; records of the kind matched by name before do not count), so
  /// that a resumed run never takes an older record for the one in doubt. A kind listed only
  /// under its contact (contact fields, relationships) is read under the contact `record`
  /// belongs to: ids are one sequence per table, so the highest seen there is below any record
  /// made after this read. Later creates raise the floor by their own ids.
  func noteFloor(_ kind: RecordKind, record: JSONObject) async throws(MonicaError) {
    // Not for a create in doubt: the read would see the record a killed run may have made. Its
    // floor was written before that run's first create of the kind.
    let source = record["id"]?.intValue ?? 0
    guard !resume.isInDoubt(kind.object, source: source), map.floorRead(of: kind.object) == nil else { return }
    var highest = 0
    if kind.routes.contains(.list) {
      highest = try await InDoubtSearch.highestID(client, path: kind.path, what: "\(kind.object) records")
    } else {
      guard let path = nestedPath(of: kind, record) else { return }
      let listed = try await forEachTargetRecord(path, what: "\(kind.object) records") { found in
        highest = max(highest, found["id"]?.intValue ?? 0)
      }
      guard listed else { return }
    }
    try map.appendFloor(kind.object, highest)
  }

  /// The target's list of `kind` records under the contact that `record` (a source line) belongs
  /// to, `/contacts/12/contactfields`; `nil` when the kind has no contact or the map lacks it.
  func nestedPath(of kind: RecordKind, _ record: JSONObject) -> String? {
    guard let reference = kind.references.first(where: { $0.object == RecordKind.contact.object }),
      let dotted = FieldPath(reference.path), let source = JSONValue.object(record).value(at: dotted)?.intValue,
      let contact = map.target(of: .contact, source: source)
    else { return nil }
    return kind.path(ofContact: contact)
  }
}
