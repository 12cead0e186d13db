import Foundation
import MonicaKit

/// What the migration of relationships, life events and conversations keeps across lines.
struct RelationState {
  /// Every relationship of the stream so far, as (contact_is, of_contact) source ids: a row whose
  /// reverse is here was made by Monica along with that one (CreateRelationship.php:51-55).
  var pairs: Set<[Int]> = []
  /// The target's life event types, by `key:<default key>` and `name:<name>`; `nil` until read.
  var lifeEventTypes: [String: Int]?
  /// Target id minus source id of a life event type known on both sides: types are made in one
  /// go per account, in the same order (PopulateLifeEventsTable.php:83-99).
  var lifeEventTypeOffset: Int?
  /// Target type ids a guess has shown to be another type than the one guessed for: a guess
  /// that gives one again is sure to be wrong, and is not sent.
  var wrongLifeEventTypeIDs: Set<Int> = []
  /// The target's relationship types by name: the name of their reverse; `nil` until read, empty
  /// when the target has no route that lists them.
  var relationshipTypeReverses: [String: String]?
  /// The names of the source's relationship types, when the stream gives them (`--all` does,
  /// before any relationship); `nil` when it gives none.
  var sourceRelationshipTypes: Set<String>?

  /// Takes note of a line before anything is decided about it.
  mutating func notice(_ record: JSONObject) {
    if record["object"]?.stringValue == "relationshiptype", let name = record["name"]?.stringValue {
      sourceRelationshipTypes = (sourceRelationshipTypes ?? []).union([name])
    }
    guard record["object"]?.stringValue == "relationship", let from = record["contact_is"]?["id"]?.intValue,
      let to = record["of_contact"]?["id"]?.intValue
    else { return }
    pairs.insert([from, to])
  }

  /// The index keys of a life event type: its default key, and its name.
  static func keys(of type: JSONValue?) -> [String] {
    var keys: [String] = []
    if let key = type?["default_life_event_type_key"]?.stringValue, !key.isEmpty { keys.append("key:" + key) }
    if let name = type?["name"]?.stringValue { keys.append("name:" + name.lowercased()) }
    return keys
  }
}

extension Migration {
  /// Creates a relationship, life event or conversation; false for the other kinds.
  func createRelated(
    _ record: JSONObject, id: Int, kind: RecordKind, mapping: WriteMapping, place: (source: String, number: Int)
  ) async throws(MonicaError) -> Bool {
    switch kind.object {
    case "relationship": try await createRelationship(record, id: id, kind: kind, mapping: mapping, place: place)
    case "lifeevent": try await createLifeEvent(record, id: id, kind: kind, mapping: mapping, place: place)
    case "conversation": try await createConversation(record, id: id, kind: kind, mapping: mapping, place: place)
    default: return false
    }
    return true
  }

  // MARK: - Relationships

  /// A relationship whose reverse was carried before is the row Monica made with it: it is found
  /// on the target and taken into the map, never created (that would make a second pair). So is
  /// the row a killed run may have created without its map line. Otherwise it is created, and
  /// Monica makes its reverse, which the stream's reverse row will find.
  private func createRelationship(
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

  /// Calls `body` with each record of the target's list at `path`, every page; false when the
  /// target has no such route (Laravel's 404, no Monica error code).
  func forEachTargetRecord(_ path: String, what: String, _ body: (JSONObject) -> Void) async throws(MonicaError)
    -> Bool
  {
    var page = 1
    while true {
      let query = [("limit", "100"), ("page", String(page))]
      let response = try await client.getAllowingErrors(path, query: query)
      if response.status == 404 && MonicaClient.errorCode(response.body) == nil { return false }
      try client.check(response, path: path, query: query, what: what)
      let envelope = try PageEnvelope(response.body, request: "GET /api\(path)")
      envelope.forEachRecord { raw in
        if case .object(let record)? = try? JSONValue(parsing: Array(raw)) { body(record) }
        return true
      }
      guard let last = envelope.lastPage, page < last else { return true }
      page += 1
    }
  }

  // MARK: - Life events

  /// A life event, its type matched on the target by its default key (or name). Monica 4.x has
  /// no route that lists life event types (routes/api.php:128 is the events'), so the target's
  /// are learnt from its life events; a type not seen there is taken at the id the same offset
  /// gives (types are made in one go per account, in one order), and the new event's type is
  /// checked: a wrong one is deleted again and the event said not carried.
  private func createLifeEvent(
    _ record: JSONObject, id: Int, kind: RecordKind, mapping: WriteMapping, place: (source: String, number: Int)
  ) async throws(MonicaError) {
    let unknownType = Self.unknownLifeEventType(record)
    // Decided by an earlier run: the map's `lifeevent_untyped` line holds the type id it tried.
    if let tried = map.target(of: Self.untypedLifeEvent, source: id) {
      relations.wrongLifeEventTypeIDs.insert(tried)
      report.notCarried("lifeevent", because: unknownType)
      return
    }
    var translated = try await translate(record, kind: kind, mapping: mapping, place: place)
    translated["id"] = nil
    let sourceType = record["life_event_type"]
    let wanted = RelationState.keys(of: sourceType)
    if relations.lifeEventTypes == nil { try await learnLifeEventTypes() }
    let known = wanted.lazy.compactMap { self.relations.lifeEventTypes?[$0] }.first
    guard let sourceTypeID = sourceType?["id"]?.intValue ?? known else {
      report.notCarried("lifeevent", because: "a life event without life_event_type.id")
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
      report.notCarried("lifeevent", because: unknownType)
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
      try await send(WriteRequest(.delete, "/lifeevents/\(found.target)"), what: "life event #\(found.target)")
      return nil
    }
    if let (_, (bytes, _)) = found {
      report.created("lifeevent", losing: try await losses(of: kind, record))
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
    if known == nil, response.status == 404, MonicaClient.errorCode(response.body) == 31 { return try untyped() }
    try client.check(
      response, path: request.path, what: "contact #\(body["contact_id"]?.intValue ?? 0) of life event #\(id)")
    let (bytes, made) = try LineWrite.record(in: response, request: "POST /api/lifeevents")
    guard let newID = made["id"]?.intValue else {
      throw .protocolViolation(request: "POST /api/lifeevents", detail: "the new record has no numeric id")
    }
    let got = RelationState.keys(of: made["life_event_type"])
    guard got.first == wanted.first else {
      try await send(WriteRequest(.delete, "/lifeevents/\(newID)"), what: "life event #\(newID)")
      // What the target's type of that id is, so that no later guess sends it again.
      for key in got where relations.lifeEventTypes?[key] == nil { relations.lifeEventTypes?[key] = typeID }
      return try untyped()
    }
    try map.append("lifeevent", source: id, target: newID)
    for key in got { relations.lifeEventTypes?[key] = typeID }
    relations.lifeEventTypeOffset = typeID - sourceTypeID
    report.created("lifeevent", losing: try await losses(of: kind, record))
    try output.writeLine(bytes)
  }

  /// Throws the line's error, before anything of it is written, when the create (or one of a
  /// conversation's `messages`) breaks Monica's write rules: the same checker as every other
  /// create (`LineWrite.refusal`), for the kinds this file sends itself.
  func refuseBroken(
    _ translated: JSONObject, mapping: WriteMapping, place: (source: String, number: Int), messages: [JSONValue] = []
  ) throws(MonicaError) {
    let line = PushLine(
      record: translated, mapping: mapping, action: .create, source: place.source, number: place.number)
    if let refusal = LineWrite.refusal(line, today: today) { throw refusal }
    for (index, message) in messages.compactMap(\.objectValue).enumerated() {
      let problems = WriteRules.conversationMessage.problems(in: WriteRules.messageBody(message))
      guard !problems.isEmpty else { continue }
      throw .malformedInput(
        source: place.source, line: place.number,
        reason: problems.map { "messages[\(index)].\($0)" }.joined(separator: "; ") + "; nothing was sent")
    }
  }

  /// Why a life event whose type the target has not shown is not carried.
  static func unknownLifeEventType(_ record: JSONObject) -> String {
    let typeName = record["life_event_type"]?["name"]?.stringValue ?? "?"
    return "its type (\(typeName)) is not one the target has shown in a life event, and no route lists life event "
      + "types (routes/api.php:128)"
  }

  /// The map lines of life events not carried for their type: the source event's id, and the
  /// target's type id that was tried.
  static let untypedLifeEvent = "lifeevent_untyped"

  /// Reads the target's life events once: the types they embed, and the offset of their ids.
  func learnLifeEventTypes() async throws(MonicaError) {
    var index: [String: Int] = [:]
    _ = try await forEachTargetRecord("/lifeevents", what: "life events") { event in
      guard let id = event["life_event_type"]?["id"]?.intValue else { return }
      for key in RelationState.keys(of: event["life_event_type"]) where index[key] == nil { index[key] = id }
    }
    relations.lifeEventTypes = index
  }

  // MARK: - Conversations

  /// A conversation, then its messages in order, each with its map line (`message`).
  private func createConversation(
    _ record: JSONObject, id: Int, kind: RecordKind, mapping: WriteMapping, place: (source: String, number: Int)
  ) async throws(MonicaError) {
    var translated = try await translate(record, kind: kind, mapping: mapping, place: place)
    translated["id"] = nil
    let body = mapping.body(line: translated, record: translated, operation: .create, today: today)
    try refuseBroken(translated, mapping: mapping, place: place, messages: record["messages"]?.arrayValue ?? [])
    let found = try await resume.adoptInDoubt(kind.object, source: id, journal: map) {
      (floor) async throws(MonicaError) in
      try await adopt(kind, above: floor) { candidate in
        mapping.body(line: JSONObject(), record: candidate, operation: .create, today: today) == body
      }
    }
    if let (target, _) = found {
      report.created("conversation", losing: try await losses(of: kind, record))
      let last = try await carryMessages(record, conversation: target, fresh: false)
      if let last { try output.writeLine(last) }
      return
    }
    let request = mapping.request(.create, body: body)
    let response = try await client.send(request)
    try client.check(
      response, path: request.path, what: "contact #\(body["contact_id"]?.intValue ?? 0) of conversation #\(id)")
    let (bytes, made) = try LineWrite.record(in: response, request: "POST /api/conversations")
    guard let newID = made["id"]?.intValue else {
      throw .protocolViolation(request: "POST /api/conversations", detail: "the new record has no numeric id")
    }
    try map.append("conversation", source: id, target: newID)
    report.created("conversation", losing: try await losses(of: kind, record))
    let last = try await carryMessages(record, conversation: newID, fresh: true)
    try output.writeLine(last ?? bytes)
  }

  /// Adds the messages of `record` that the map does not hold to the target's `conversation`, in
  /// order, each mapped as soon as it is made. Unless the conversation is `fresh`, its messages
  /// are read first, once, and those a killed run made without their map line are taken back.
  /// Answers the conversation as the last message added left it, `nil` when none was.
  @discardableResult
  func carryMessages(_ record: JSONObject, conversation: Int, fresh: Bool) async throws(MonicaError) -> [UInt8]? {
    let messages = (record["messages"]?.arrayValue ?? []).compactMap(\.objectValue).filter { message in
      guard let id = message["id"]?.intValue else { return false }
      return map.target(of: "message", source: id) == nil
    }
    guard !messages.isEmpty else { return nil }
    let path = "/conversations/\(conversation)"
    var onTarget: [JSONObject] = []
    if !fresh {
      let response = try await client.get(path, query: [], what: "conversation #\(conversation)")
      onTarget =
        try LineWrite.record(in: response, request: "GET /api\(path)").1["messages"]?.arrayValue?
        .compactMap(\.objectValue) ?? []
    }
    var last: [UInt8]?
    for message in messages {
      guard let source = message["id"]?.intValue else { continue }
      let same = { (candidate: JSONObject) -> Bool in
        guard let id = candidate["id"]?.intValue, !self.map.holds("message", target: id) else { return false }
        return candidate["content"] == message["content"] && candidate["written_at"] == message["written_at"]
          && candidate["written_by_me"] == message["written_by_me"]
      }
      if let existing = onTarget.first(where: same), let target = existing["id"]?.intValue {
        try map.append("message", source: source, target: target)
        continue
      }
      let request = WriteRequest(.create, path + "/messages", body: WriteRules.messageBody(message))
      let response = try await client.send(request)
      try client.check(response, path: request.path, what: "conversation #\(conversation)")
      let (bytes, now) = try LineWrite.record(in: response, request: "POST /api\(request.path)")
      // The answer is the conversation with every message (ApiMessageController.php:51): the new
      // one is the newest the map does not hold.
      let made = (now["messages"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
        .filter { !map.holds("message", target: $0) }.max()
      guard let made else {
        throw .protocolViolation(
          request: "POST /api\(request.path)", detail: "the conversation answered holds no new message")
      }
      try map.append("message", source: source, target: made)
      report.created("message", losing: [])
      last = bytes
    }
    return last
  }
}
