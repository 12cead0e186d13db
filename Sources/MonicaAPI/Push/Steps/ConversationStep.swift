import MonicaKit

/// Conversations: the conversation, then its messages in order (`POST
/// /conversations/{id}/messages`), each with its map line (`RecordKind.messageObject`). A
/// conversation the map holds is given the messages the map lacks.
enum ConversationStep: MigrationStep {
  static func create(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    guard let mapping = line.kind.writes else { return }
    try await migration.createConversation(line, mapping: mapping)
  }

  /// A plan: the conversation and each message the map lacks counted as to create.
  static func plan(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    let (record, kind) = (line.record, line.kind)
    if let mapping = kind.writes {
      _ = try await migration.translate(record, kind: kind, mapping: mapping, place: line.place)
    }
    try await migration.planned(line)
    for message in messages(of: record) {
      guard let source = message["id"]?.intValue,
        migration.map.target(of: RecordKind.messageObject, source: source) == nil
      else { continue }
      migration.report.created(RecordKind.messageObject, losing: [])
    }
  }

  /// Its messages are sent after its create, one by one: a journaled one may lack some.
  static let finishesKnown = true

  /// The messages the map lacks, added to the conversation the map holds.
  static func known(_ line: MigrationLine, target: Int, in migration: Migration) async throws(MonicaError) {
    guard !migration.plan else { return }
    try await migration.carryMessages(line.record, conversation: target, fresh: false)
  }

  /// The messages of a conversation record.
  static func messages(of record: JSONObject) -> [JSONObject] {
    (record[RecordKind.conversationMessages]?.arrayValue ?? []).compactMap(\.objectValue)
  }
}

extension Migration {
  /// A conversation, then its messages in order, each with its map line.
  func createConversation(_ line: MigrationLine, mapping: WriteMapping) async throws(MonicaError) {
    let (record, id, kind, place) = (line.record, line.id, line.kind, line.place)
    var translated = try await translate(record, kind: kind, mapping: mapping, place: place)
    translated["id"] = nil
    let body = mapping.body(line: translated, record: translated, operation: .create, today: today)
    try refuseBroken(translated, mapping: mapping, place: place)
    for (index, message) in ConversationStep.messages(of: record).enumerated() {
      let problems = WriteRules.conversationMessage.problems(in: WriteRules.messageBody(message))
      guard !problems.isEmpty else { continue }
      throw .malformedInput(
        source: place.source, line: place.number,
        reason: problems.map { "\(RecordKind.conversationMessages)[\(index)].\($0)" }.joined(separator: "; ")
          + "; nothing was sent")
    }
    let found = try await resume.adoptInDoubt(kind.object, source: id, journal: map) {
      (floor) async throws(MonicaError) in
      try await adopt(kind, above: floor) { candidate in
        mapping.body(line: JSONObject(), record: candidate, operation: .create, today: today) == body
      }
    }
    if let (target, _) = found {
      report.created(kind.object, losing: try await losses(of: kind, record))
      let last = try await carryMessages(record, conversation: target, fresh: false)
      if let last { try output.writeLine(last) }
      return
    }
    let request = mapping.request(.create, body: body)
    let response = try await client.send(request)
    try resume.answered(kind.object, source: id, status: response.status)
    try client.check(
      response, path: request.path, what: "contact #\(body["contact_id"]?.intValue ?? 0) of conversation #\(id)")
    let (bytes, made) = try LineWrite.record(in: response, request: "POST /api\(kind.path)")
    guard let newID = made["id"]?.intValue else {
      throw .protocolViolation(request: "POST /api\(kind.path)", detail: "the new record has no numeric id")
    }
    try map.append(kind.object, source: id, target: newID)
    report.created(kind.object, losing: try await losses(of: kind, record))
    let last = try await carryMessages(record, conversation: newID, fresh: true)
    try output.writeLine(last ?? bytes)
  }

  /// Adds the messages of `record` that the map does not hold to the target's `conversation`, in
  /// order, each mapped as soon as it is made. Unless the conversation is `fresh`, its messages
  /// are read first, once, and those a killed run made without their map line are taken back.
  /// Answers the conversation as the last message added left it, `nil` when none was.
  @discardableResult
  func carryMessages(_ record: JSONObject, conversation: Int, fresh: Bool) async throws(MonicaError) -> [UInt8]? {
    let messageObject = RecordKind.messageObject
    let messages = ConversationStep.messages(of: record).filter { message in
      guard let id = message["id"]?.intValue else { return false }
      return map.target(of: messageObject, source: id) == nil
    }
    guard !messages.isEmpty else { return nil }
    let path = RecordKind.conversation.path(of: conversation)
    var onTarget: [JSONObject] = []
    if !fresh {
      let response = try await client.get(path, query: [], what: "conversation #\(conversation)")
      onTarget = ConversationStep.messages(of: try LineWrite.record(in: response, request: "GET /api\(path)").1)
    }
    var last: [UInt8]?
    for message in messages {
      guard let source = message["id"]?.intValue else { continue }
      let same = { (candidate: JSONObject) -> Bool in
        guard let id = candidate["id"]?.intValue, !self.map.holds(messageObject, target: id) else { return false }
        return candidate["content"] == message["content"] && candidate["written_at"] == message["written_at"]
          && candidate["written_by_me"] == message["written_by_me"]
      }
      if let existing = onTarget.first(where: same), let target = existing["id"]?.intValue {
        try map.append(messageObject, source: source, target: target)
        continue
      }
      let request = WriteRequest(
        .create, RecordKind.conversation.path(of: conversation, RecordKind.conversationMessages),
        body: WriteRules.messageBody(message))
      let response = try await client.send(request)
      try client.check(response, path: request.path, what: "conversation #\(conversation)")
      let (bytes, now) = try LineWrite.record(in: response, request: "POST /api\(request.path)")
      // The answer is the conversation with every message (ApiMessageController.php:51): the new
      // one is the newest the map does not hold.
      let made = ConversationStep.messages(of: now).compactMap { $0["id"]?.intValue }
        .filter { !map.holds(messageObject, target: $0) }.max()
      guard let made else {
        throw .protocolViolation(
          request: "POST /api\(request.path)", detail: "the conversation answered holds no new message")
      }
      try map.append(messageObject, source: source, target: made)
      report.created(messageObject, losing: [])
      last = bytes
    }
    return last
  }
}
