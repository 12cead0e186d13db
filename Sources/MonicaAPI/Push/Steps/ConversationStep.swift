import MonicaKit

/// Conversations on their way to the target, then their messages in order, each mapped.
extension Migration {
  /// A conversation, then its messages in order, each with its map line (`message`).
  func createConversation(
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
