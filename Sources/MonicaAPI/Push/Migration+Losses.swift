import MonicaKit

/// What a record of the input cannot take to the target, recomputed from the line and the map
/// (and the target's named records, read once) by every run: a resumed run, or a re-run with
/// nothing left to do, reports what the run that created the record could not carry, and a
/// `--create --dry-run` plan reports what a real run would.
extension Migration {
  /// The phrases for what `record` (a source line of `kind`) lacks on the target: the kind's own
  /// (`MigrationLosses`), named references the target has no record of, and the follow-ups of a
  /// contact or gift that cannot be sent (an introducer, a photo, the user's own contact).
  func losses(of kind: RecordKind, _ record: JSONObject) async throws(MonicaError) -> [String] {
    var lost = MigrationLosses.of(kind.object, record)
    lost += try await referenceLosses(kind, record)
    switch kind.object {
    case "contact":
      if let introduction = ContactExtras.introduction(record, today: today) {
        lost += introduction.losses
        if let source = introduction.introducer, !isOnTarget("contact", source),
          !extras.comesLater("contact", source)
        {
          lost.append(
            "first_met_through_contact of contacts whose introducer is not on the target (not in the stream, "
              + "or not created)")
        }
      }
      if record["is_me"] == .bool(true), try await !isTargetMe(record) {
        lost.append("is_me of a contact (the target's user has its own contact)")
      }
    case "gift":
      for photo in Self.photoIDs(of: record) where !isOnTarget("photo", photo) && !extras.comesLater("photo", photo) {
        lost.append("photos of gifts whose photo is not on the target (not in the stream, or not created)")
      }
    default:
      break
    }
    return lost
  }

  /// Whether the source's `object` #`source` is on the target: in the map, or (in a plan) among
  /// the records the plan creates.
  func isOnTarget(_ object: String, _ source: Int) -> Bool {
    map.target(of: object, source: source) != nil || planned.contains("\(object)\t\(source)")
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

  /// Whether the target's user has the map's copy of `record` (an `is_me` contact) as its own
  /// contact, or has none and will be given it: the target's `/me` is read once.
  private func isTargetMe(_ record: JSONObject) async throws(MonicaError) -> Bool {
    if extras.targetMe == nil {
      let response = try await client.get("/me", what: "the signed-in user")
      let user = try LineWrite.record(in: response, request: "GET /api/me").1
      extras.targetMe = .some(user["me_contact"]?["id"]?.intValue)
    }
    guard case .some(.some(let me)) = extras.targetMe else { return true }
    guard let source = record["id"]?.intValue, let copy = map.target(of: "contact", source: source) else {
      return false
    }
    return me == copy
  }

  /// Why `record` is not created, when the API cannot take it; `nil` when it can.
  func setAside(_ object: String, _ record: JSONObject) -> String? {
    MigrationLosses.uncreatable(object, record)
  }
}
