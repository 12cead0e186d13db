import MonicaKit

/// Life events: their type matched by its default key or name, or guessed and checked, since no
/// route lists life event types.
enum LifeEventStep: MigrationStep {
  static func create(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    guard let mapping = line.kind.writes else { return }
    try await migration.createLifeEvent(line.record, id: line.id, kind: line.kind, mapping: mapping, place: line.place)
  }

  /// A plan: an event an earlier run found untyped is not carried; the type is matched as a real
  /// run would (a guess counts as to create: only a write can tell it).
  static func plan(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    let (record, kind) = (line.record, line.kind)
    if migration.map.target(of: Migration.untypedLifeEvent, source: line.id) != nil {
      return migration.report.notCarried(kind.object, because: Migration.unknownLifeEventType(record))
    }
    if let mapping = kind.writes {
      _ = try await migration.translate(record, kind: kind, mapping: mapping, place: line.place)
    }
    if migration.relations.lifeEventTypes == nil { try await migration.learnLifeEventTypes() }
    let known = RelationState.keys(of: record["life_event_type"]).lazy
      .compactMap { migration.relations.lifeEventTypes?[$0] }.first
    if known == nil, record["life_event_type"]?["id"]?.intValue == nil {
      return migration.report.notCarried(kind.object, because: "a life event without life_event_type.id")
    }
    try await migration.planned(line)
  }
}

extension Migration {
  /// A life event, its type matched on the target by its default key (or name). Monica 4.x has
  /// no route that lists life event types (routes/api.php:128 is the events'), so the target's
  /// are learnt from its life events; a type not seen there is taken at the id the same offset
  /// gives (types are made in one go per account, in one order), and the new event's type is
  /// checked: a wrong one is deleted again and the event said not carried.
  func createLifeEvent(
    _ record: JSONObject, id: Int, kind: RecordKind, mapping: WriteMapping, place: (source: String, number: Int)
  ) async throws(MonicaError) {
    let unknownType = Self.unknownLifeEventType(record)
    // Decided by an earlier run: the map's `lifeevent_untyped` line holds the type id it tried.
    if let tried = map.target(of: Self.untypedLifeEvent, source: id) {
      relations.wrongLifeEventTypeIDs.insert(tried)
      report.notCarried(kind.object, because: unknownType)
      return
    }
    var translated = try await translate(record, kind: kind, mapping: mapping, place: place)
    translated["id"] = nil
    let sourceType = record["life_event_type"]
    let wanted = RelationState.keys(of: sourceType)
    if relations.lifeEventTypes == nil { try await learnLifeEventTypes() }
    let known = wanted.lazy.compactMap { self.relations.lifeEventTypes?[$0] }.first
    guard let sourceTypeID = sourceType?["id"]?.intValue ?? known else {
      report.notCarried(kind.object, because: "a life event without life_event_type.id")
      return
    }
    let typeID = known ?? sourceTypeID + (relations.lifeEventTypeOffset ?? 0)
    if case .object(var type)? = translated["life_event_type"] {
      type["id"] = .int(typeID)
      translated["life_event_type"] = .object(type)
    }
    let body = mapping.body(line: translated, record: translated, operation: .create, today: today)
    try refuseBroken(translated, mapping: mapping, place: place)
    /// Not carried, and said so in the map, so that a re-run neither guesses nor sends again.
    func untyped() throws(MonicaError) {
      relations.wrongLifeEventTypeIDs.insert(typeID)
      try map.append(Self.untypedLifeEvent, source: id, target: typeID)
      report.notCarried(kind.object, because: unknownType)
    }
    // A killed run may have made this event and not lived to check its type: one of the right
    // type is taken; one of another type is a wrong guess it did not delete, deleted now, and
    // the event is created.
    let found = try await resume.adoptInDoubt(kind.object, source: id, journal: map) {
      (floor) async throws(MonicaError) -> (target: Int, found: ([UInt8], JSONObject))? in
      let found = try await adopt(kind, above: floor) { candidate in
        candidate["contact"]?["id"] == translated["contact"]?["id"] && candidate["name"] == translated["name"]
          && candidate["note"] == translated["note"] && candidate["happened_at"] == translated["happened_at"]
      }
      guard let found, RelationState.keys(of: found.found.1["life_event_type"]).first != wanted.first else {
        return found
      }
      try await send(WriteRequest(.delete, kind.path(of: found.target)), what: "\(kind.singular) #\(found.target)")
      return nil
    }
    if let (_, (bytes, _)) = found {
      report.created(kind.object, losing: try await losses(of: kind, record))
      try output.writeLine(bytes)
      return
    }
    // The guess is the id of a type the target has shown under another key: sure to be wrong.
    if known == nil,
      relations.lifeEventTypes?.values.contains(typeID) == true || relations.wrongLifeEventTypeIDs.contains(typeID)
    {
      return try untyped()
    }
    let request = mapping.request(.create, body: body)
    let response = try await client.send(request)
    try resume.answered(kind.object, source: id, status: response.status)
    if known == nil, response.status == 404, MonicaClient.errorCode(response.body) == 31 { return try untyped() }
    try client.check(
      response, path: request.path, what: "contact #\(body["contact_id"]?.intValue ?? 0) of life event #\(id)")
    let (bytes, made) = try LineWrite.record(in: response, request: "POST /api\(kind.path)")
    guard let newID = made["id"]?.intValue else {
      throw .protocolViolation(request: "POST /api\(kind.path)", detail: "the new record has no numeric id")
    }
    let got = RelationState.keys(of: made["life_event_type"])
    guard got.first == wanted.first else {
      try await send(WriteRequest(.delete, kind.path(of: newID)), what: "\(kind.singular) #\(newID)")
      // What the target's type of that id is, so that no later guess sends it again.
      for key in got where relations.lifeEventTypes?[key] == nil { relations.lifeEventTypes?[key] = typeID }
      return try untyped()
    }
    try map.append(kind.object, source: id, target: newID)
    for key in got { relations.lifeEventTypes?[key] = typeID }
    relations.lifeEventTypeOffset = typeID - sourceTypeID
    report.created(kind.object, losing: try await losses(of: kind, record))
    try output.writeLine(bytes)
  }

  /// Why a life event whose type the target has not shown is not carried.
  static func unknownLifeEventType(_ record: JSONObject) -> String {
    let typeName = record["life_event_type"]?["name"]?.stringValue ?? "?"
    return "its type (\(typeName)) is not one the target has shown in a life event, and no route lists life event "
      + "types (routes/api.php:128)"
  }

  /// The map lines of life events not carried for their type: the source event's id, and the
  /// target's type id that was tried.
  static let untypedLifeEvent = RecordKind.lifeEvent.object + "_untyped"

  /// Reads the target's life events once: the types they embed, and the offset of their ids.
  func learnLifeEventTypes() async throws(MonicaError) {
    var index: [String: Int] = [:]
    let kind = RecordKind.lifeEvent
    _ = try await forEachTargetRecord(kind.path, what: "\(kind.singular)s") { event in
      guard let id = event["life_event_type"]?["id"]?.intValue else { return }
      for key in RelationState.keys(of: event["life_event_type"]) where index[key] == nil { index[key] = id }
    }
    relations.lifeEventTypes = index
  }
}
