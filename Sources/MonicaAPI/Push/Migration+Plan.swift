import MonicaKit

/// `--create --dry-run`: each record the map does not hold goes through the decisions a real run
/// makes before its first write (references translated through the map and the plan, types and
/// names read from the target, a document's link downloaded) and is counted as to create, made by
/// the target with another, or not carried with the reason; no write is sent, the map is left as
/// it is. What only a write can tell (whether a guessed life event type is right) is counted as
/// to create.
extension Migration {
  /// Counts what a real run would do with `record`, which the map does not hold.
  func planCreate(_ record: JSONObject, id: Int, kind: RecordKind, place: (source: String, number: Int))
    async throws(MonicaError)
  {
    func bad(_ reason: String) -> MonicaError {
      .malformedInput(source: place.source, line: place.number, reason: reason)
    }
    switch kind.object {
    case "photo":
      guard let contact = record["contact"]?["id"]?.intValue else { throw bad("photo #\(id) has no contact.id") }
      try plannedContact(contact, from: "photo #\(id)", place: place)
      guard let dataURL = record["dataUrl"]?.stringValue, MultipartBody.decode(dataURL: dataURL) != nil else {
        throw bad("photo #\(id) has no dataUrl with its bytes (a base64 data: URL), so it cannot be uploaded")
      }
    case "document":
      guard let contact = record["contact"]?["id"]?.intValue else { throw bad("document #\(id) has no contact.id") }
      try plannedContact(contact, from: "document #\(id)", place: place)
      if case .failure(let refusal) = await download(record) {
        return report.notCarried("document", because: refusal.reason)
      }
    case "relationship":
      if let reason = try await relationshipTypeRefusal(record) {
        return report.notCarried("relationship", because: reason)
      }
      if let mapping = kind.writes { _ = try await translate(record, kind: kind, mapping: mapping, place: place) }
      let from = record["contact_is"]?["id"]?.intValue ?? 0
      let to = record["of_contact"]?["id"]?.intValue ?? 0
      planned.insert("pair\t\(from)\t\(to)")
      // The reverse of a row carried before is the one Monica makes with it.
      if planned.contains("pair\t\(to)\t\(from)") {
        planned.insert("relationship\t\(id)")
        return report.madeAlong("relationship")
      }
    case "lifeevent":
      if map.target(of: Self.untypedLifeEvent, source: id) != nil {
        return report.notCarried("lifeevent", because: Self.unknownLifeEventType(record))
      }
      if let mapping = kind.writes { _ = try await translate(record, kind: kind, mapping: mapping, place: place) }
      if relations.lifeEventTypes == nil { try await learnLifeEventTypes() }
      let known = RelationState.keys(of: record["life_event_type"]).lazy
        .compactMap { self.relations.lifeEventTypes?[$0] }.first
      if known == nil, record["life_event_type"]?["id"]?.intValue == nil {
        return report.notCarried("lifeevent", because: "a life event without life_event_type.id")
      }
    case "conversation":
      if let mapping = kind.writes { _ = try await translate(record, kind: kind, mapping: mapping, place: place) }
      planned.insert("conversation\t\(id)")
      report.created("conversation", losing: try await losses(of: kind, record))
      for message in record["messages"]?.arrayValue ?? [] {
        guard let source = message["id"]?.intValue, map.target(of: "message", source: source) == nil else { continue }
        report.created("message", losing: [])
      }
      return
    default:
      guard let mapping = kind.writes else {
        return report.notCarried(
          kind.object, because: "monica-push --create does not create \(kind.object) records yet")
      }
      _ = try await translate(record, kind: kind, mapping: mapping, place: place)
      // A name made by the plan is the one later records that give it find.
      if kind.matching == .byName, let name = record["name"]?.stringValue, case .some(.some) = names[kind.object] {
        names[kind.object]??[name] = 0
      }
    }
    planned.insert("\(kind.object)\t\(id)")
    report.created(kind.object, losing: try await losses(of: kind, record))
  }

  /// The line's error when the source's contact `source` is neither in the map nor planned.
  private func plannedContact(_ source: Int, from what: String, place: (source: String, number: Int))
    throws(MonicaError)
  {
    if isOnTarget("contact", source) { return }
    _ = try contactTarget(source, from: what, place: place)
  }
}
