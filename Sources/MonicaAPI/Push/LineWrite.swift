import Foundation
import MonicaKit

/// The requests of one line, sent in order, each chosen from the answers before it: a create
/// (and the update or tags it needs after), a read then the update and tag changes that differ
/// from the server's copy, or a delete.
struct LineWrite {
  let line: PushLine
  let client: MonicaClient
  let today: CalendarDate
  /// The server's record as the last write that went through answered it.
  private(set) var latest: [UInt8]?
  /// The server's record as read before an update.
  private(set) var current: [UInt8]?
  /// What the line changes that no write field reaches, for a warning.
  private(set) var warning: String?
  /// Told the new record's id as soon as a create is answered, before the requests that follow
  /// it (a migration's map line must not wait for them).
  var created: ((Int) throws(MonicaError) -> Void)?
  /// Told the HTTP status of the create's answer before it is checked, so that a journal can
  /// say a create refused for certain made nothing (`ResumePoint.answered`).
  var answered: ((Int) throws(MonicaError) -> Void)?
  /// Whether a create line's unknown fields are named (a warning), or with `--strict` refused.
  var unknownFields: UnknownFields = .ignored

  /// What a create line's members that no write field takes get.
  enum UnknownFields {
    case ignored, named, refused
  }

  init(line: PushLine, client: MonicaClient, today: CalendarDate) {
    self.line = line
    self.client = client
    self.today = today
  }

  private var mapping: WriteMapping { line.mapping }

  /// Sends the line's requests; the records are in `latest` and `current`.
  mutating func run() async throws(MonicaError) {
    let tags: [String]?
    switch mapping.desiredTags(line.record) {
    case .success(let names): tags = names
    case .failure(let error): throw .malformedInput(source: line.source, line: line.number, reason: error.reason)
    }
    try check()
    switch line.action {
    case .delete(let id):
      latest = try await delete(id)
    case .create:
      let body = mapping.body(line: line.record, record: line.record, operation: .create, today: today)
      var record = try await write(mapping.request(.create, body: body), answered: answered)
      guard let id = record["id"]?.intValue else {
        throw .protocolViolation(request: "POST /api\(mapping.path)", detail: "the new record has no numeric id")
      }
      try created?(id)
      // Fields the create route does not take (a task's `completed`) go in an update after it.
      let wanted = mapping.body(
        line: line.record, record: mapping.merged(line.record, onto: record), operation: .update, today: today)
      let created = mapping.body(line: JSONObject(), record: record, operation: .update, today: today)
      if mapping.setAfterCreate.contains(where: { wanted[$0] != created[$0] }) {
        record = try await write(mapping.request(.update, id: "\(id)", body: wanted))
      }
      if let tags { try await setTags(tags, of: id, on: record) }
    case .update(let id):
      let server: JSONObject
      if let base = line.base {
        server = base
        current = JSONWriter.monica.bytes(.object(base))
      } else {
        let response = try await send(mapping.request(.read, id: "\(id)"), what: line.what)
        let (bytes, record) = try Self.record(in: response, request: "GET /api\(mapping.path)/\(id)")
        (current, server) = (bytes, record)
      }
      if let reason = mapping.refusal(line: line.record, current: server, id: id, today: today) {
        throw .malformedInput(source: line.source, line: line.number, reason: reason)
      }
      let ignored = mapping.unwritableChanges(line: line.record, current: server)
      if !ignored.isEmpty {
        warning =
          "\(ignored.joined(separator: ", ")) changed in the line, but no write field of a \(mapping.object) "
          + "takes \(ignored.count == 1 ? "it" : "them"): left as the server has \(ignored.count == 1 ? "it" : "them")"
      }
      let wanted = mapping.body(
        line: line.record, record: mapping.merged(line.record, onto: server), operation: .update, today: today)
      let kept = mapping.body(line: JSONObject(), record: server, operation: .update, today: today)
      var record = server
      // Nothing to change is nothing to send: an update also has side effects in Monica (a
      // contact's birthday reminder is deleted and made again, UpdateBirthdayInformation.php:77).
      if wanted != kept {
        record = try await write(mapping.request(.update, id: "\(id)", body: wanted))
      }
      if let tags { try await setTags(tags, of: id, on: record) }
    }
  }

  /// Refuses a line, before anything is sent, whose values Monica's rules would refuse, so
  /// that no line is applied in half (a task created, then its `completed` refused).
  private mutating func check() throws(MonicaError) {
    if let refusal = Self.refusal(line, today: today) { throw refusal }
    guard case .create = line.action, unknownFields != .ignored else { return }
    let unknown = mapping.unknownFields(in: line.record)
    guard !unknown.isEmpty else { return }
    let text = mapping.unknownFieldsText(unknown)
    if unknownFields == .refused {
      throw .malformedInput(source: line.source, line: line.number, reason: text + " (--strict)")
    }
    warning = text + ": left out"
  }

  /// The line's error when a value it gives breaks the kind's write rules (`WriteRule`).
  static func refusal(_ line: PushLine, today: CalendarDate) -> MonicaError? {
    if case .delete = line.action { return nil }
    let creating = line.action == .create
    let problems = line.mapping.problems(line: line.record, creating: creating, today: today)
    guard !problems.isEmpty else { return nil }
    return .malformedInput(
      source: line.source, line: line.number, reason: problems.joined(separator: "; ") + "; nothing was sent")
  }

  /// Unsets the tags `record` has and `names` lacks, then sets the names it lacks.
  private mutating func setTags(_ names: [String], of id: Int, on record: JSONObject) async throws(MonicaError) {
    let changes = WriteMapping.tagChanges(current: record, desired: names)
    if !changes.unset.isEmpty {
      let body = JSONObject(["tags": .array(changes.unset.map(JSONValue.int))])
      _ = try await write(mapping.request(.unsetTag, id: "\(id)", body: body))
    }
    if !changes.set.isEmpty {
      let body = JSONObject(["tags": .array(changes.set.map(JSONValue.string))])
      _ = try await write(mapping.request(.setTags, id: "\(id)", body: body))
    }
  }

  /// Sends a write whose answer is a record, which becomes `latest`.
  private mutating func write(
    _ request: WriteRequest, answered: ((Int) throws(MonicaError) -> Void)? = nil
  ) async throws(MonicaError) -> JSONObject {
    let response = try await client.send(request)
    try answered?(response.status)
    try client.check(response, path: request.path, what: referenced(request))
    let (bytes, record) = try Self.record(in: response, request: "\(request.method) /api\(request.path)")
    latest = bytes
    return record
  }

  /// Sends a delete: its answer, `{"deleted":true,"id":...}`, is the line's output.
  private func delete(_ id: Int) async throws(MonicaError) -> [UInt8] {
    let request = mapping.request(.delete, id: "\(id)")
    let response = try await send(request, what: line.what)
    guard case .object(let answer)? = try? JSONValue(parsing: response.body), answer["deleted"] != nil else {
      throw .protocolViolation(
        request: "DELETE /api\(request.path)", detail: "the answer is not Monica's {\"deleted\": true, \"id\": ...}")
    }
    // Passed on as sent, like every record; only an answer spread over lines is rewritten.
    let body = Array(response.body)
    let start = body.firstIndex { ![0x20, 0x09, 0x0D, 0x0A].contains($0) } ?? 0
    let end = (body.lastIndex { ![0x20, 0x09, 0x0D, 0x0A].contains($0) } ?? -1) + 1
    let bytes = start < end ? Array(body[start..<end]) : []
    return bytes.contains(0x0A) || bytes.contains(0x0D) ? JSONWriter.monica.bytes(.object(answer)) : bytes
  }

  /// Sends a request and maps any answer but a 2xx to the exit table's error.
  private func send(_ request: WriteRequest, what: String) async throws(MonicaError) -> HTTPResponse {
    let response = try await client.send(request)
    try client.check(response, path: request.path, what: what)
    return response
  }

  /// What a 404 of a write means: the line's record, or one it refers to.
  private func referenced(_ request: WriteRequest) -> String {
    let references = (request.body?.members ?? []).filter { $0.key.hasSuffix("_id") || $0.key == "contacts" }
      .filter { $0.value != .null }
      .map { "\($0.key) \(JSONWriter.plain.string($0.value))" }
    let named = request.verb == .create ? "" : "\(line.what) or "
    return references.isEmpty ? line.what : "\(named)a record it refers to (\(references.joined(separator: ", ")))"
  }

  /// The record of a `{"data": {...}}` answer: its bytes as sent and its value.
  static func record(in response: HTTPResponse, request: String) throws(MonicaError) -> ([UInt8], JSONObject) {
    let envelope = try PageEnvelope(response.body, request: request)
    var bytes: [UInt8]?
    envelope.forEachRecord { record in
      bytes = Array(record)
      return false
    }
    guard let bytes, case .object(let record)? = try? JSONValue(parsing: bytes) else {
      throw .protocolViolation(request: request, detail: "the answer holds no record")
    }
    return (bytes, record)
  }
}
