import Crypto
import Foundation
import MonicaAPI
import MonicaKit

/// A plan's confirmation key, 14 hex digits: the first 7 of the SHA-256 of the plan as JSON, so
/// that a key confirms only the plan it was given for (another contact, text or day is refused),
/// then 7 of a random nonce drawn when the plan is made, so that the same write planned again (the
/// same note to the same person months later, a tag put back after it was removed) has another
/// key and is written again. The whole key as a number is the journal's id of the write (56 bits:
/// 17 decimal digits at most, within the 18 a map file's ids may have, MapFile.swift): one key is
/// written once, however often it is confirmed.
package enum ConfirmationKey {
  /// The key's length in hex digits.
  package static let length = 14
  /// The length of its plan's part.
  static let planLength = 7

  /// The SHA-256 of `text`, in hex.
  package static func digest(_ text: String) -> String {
    SHA256.hash(data: Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  /// The plan's part of every key of `plan`.
  static func planPart(_ plan: JSONObject) -> String {
    String(digest(JSONWriter.plain.string(.object(plan))).prefix(planLength))
  }

  /// A new key of `plan` (a nonce from the system's random source).
  package static func new(for plan: JSONObject) -> String {
    var random = SystemRandomNumberGenerator()
    let nonce = String(random.next() & (1 << (4 * (length - planLength)) - 1), radix: 16)
    return planPart(plan) + String(repeating: "0", count: length - planLength - nonce.count) + nonce
  }

  /// Whether `key` was given for `plan`.
  package static func confirms(_ key: String, _ plan: JSONObject) -> Bool {
    journalID(key) != nil && key.hasPrefix(planPart(plan))
  }

  /// The journal's source id of the write a key confirms: the whole key as a number; `nil` for a
  /// string that is not a key.
  package static func journalID(_ key: String) -> Int? {
    guard key.count == length, key.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
    return Int(key, radix: 16)
  }
}

/// A write as planned: what the user is shown, and the one step the write machinery sends.
struct PlannedWrite {
  /// The plan as data, what its key's first part is the digest of.
  let plan: JSONObject
  /// One line for the user.
  let summary: String
  /// The step, journaled under the confirmation key's id.
  let step: (_ journalID: Int) -> WriteStep
  /// The kind of the record the answer shows once written (a tag's: the contact).
  let result: RecordKind
}

extension MonicaToolbox {
  /// The journal objects of a tool's writes: where a confirmed write of it is looked for.
  static func journalObjects(_ tool: String) -> [String] {
    switch tool {
    case "log_interaction": [RecordKind.call.object, RecordKind.activity.object]
    case "add_note": [RecordKind.note.object]
    case "add_reminder": [RecordKind.reminder.object]
    case "add_task": [RecordKind.task.object]
    case "complete_task": [RecordKind.task.object + "_updated"]
    case "tag": [tagJournal]
    default: []
    }
  }

  /// The journal object of a `tag` call: a contact's tags set.
  static let tagJournal = "mcp_tags"

  /// A write tool's call: the plan (nothing sent) and a new key, or with its key the plan written
  /// once.
  func write(_ tool: String, _ arguments: ToolArguments) async throws -> ToolAnswer {
    guard let confirm = try arguments.text("confirm", limit: 64) else {
      let planned: PlannedWrite
      switch try await plan(tool, arguments) {
      case .go(let write): planned = write
      case .stop(let answer): return answer
      }
      let key = ConfirmationKey.new(for: planned.plan)
      var structured = JSONObject([
        "status": .string("planned"), "confirmation_key": .string(key), "plan": .object(planned.plan),
      ])
      structured["written"] = .bool(false)
      return ToolAnswer(
        text: TerminalText.safe(
          "Plan (nothing written yet): \(planned.summary)\nShow it to the user; to write it, call \(tool) again with "
            + "the same arguments and confirm: \"\(key)\"."),
        structured: structured)
    }
    guard let journalID = ConfirmationKey.journalID(confirm) else {
      throw ToolProblem.argument("confirm", "not a confirmation key: call without it to get the plan and its key")
    }
    let done: (kind: RecordKind, id: Int, now: Bool)
    switch try await confirmed(tool, arguments, key: confirm, journalID: journalID) {
    case .go(let written): done = written
    case .stop(let answer): return answer
    }
    if done.now { directory.forget() }
    return try await made(tool, (done.kind, done.id), key: confirm, now: done.now)
  }

  /// A confirmed call, under the account's lock and then its journal's from the first decision to
  /// the write, so that two calls or two servers write a key once: the journal, read once, says
  /// whether the key was written already (a retry, a lost answer, a restarted server, another
  /// profile of the account), and then nothing is planned or sent; else the plan made now must be
  /// the key's, and is sent through monica-push's write machinery. Returns the record, and whether
  /// this call sent it (`false`: made before, or by a server killed before its answer, which the
  /// in-doubt look-up found).
  private func confirmed(_ tool: String, _ arguments: ToolArguments, key: String, journalID: Int) async throws
    -> Decided<(kind: RecordKind, id: Int, now: Bool)>
  {
    let account = try await accountID()
    let lock = try await client.lockAccount(account, environment: connection.environment) {
      StandardError.line("monica-mcp: \($0)")
    }
    defer { lock.release() }
    let journal = try openJournal(account: account)
    try journal.lockForRun { StandardError.line("monica-mcp: \($0)") }
    if let made = alreadyMade(tool, journalID, in: journal) { return .go((made.kind, made.id, false)) }
    let planned: PlannedWrite
    switch try await plan(tool, arguments) {
    case .go(let write): planned = write
    case .stop(let answer): return .stop(answer)
    }
    guard ConfirmationKey.confirms(key, planned.plan) else {
      let key = ConfirmationKey.new(for: planned.plan)
      throw ToolProblem(
        .failure(
          TerminalText.safe(
            "The confirmation key is not this plan's (the arguments, or what they name, changed); nothing was "
              + "written. The plan now: \(planned.summary) Its key: \"\(key)\"."),
          kind: "plan_changed",
          extra: JSONObject(["confirmation_key": .string(key), "plan": .object(planned.plan)])))
    }
    var outcome: StepOutcome?
    try await WritePlan([planned.step(journalID)]).run(
      journal: journal, sender: ClientStepSender(client: client, today: today)
    ) { _, told in outcome = told }
    guard let made = outcome?.target else { throw MonicaError.internalError("the write machinery named no record") }
    switch outcome {
    // Made before: found on the instance after a server that died before its answer.
    case .alreadyDone?, .adopted?: return .go((planned.result, made, false))
    default: return .go((planned.result, made, true))
    }
  }

  private func openJournal(account: Int) throws(MonicaError) -> IDMap {
    let path = journalPath(account: account)
    let directory = (path as NSString).deletingLastPathComponent
    try SecureFiles.makePrivateDirectory((directory as NSString).deletingLastPathComponent)
    try SecureFiles.makePrivateDirectory(directory)
    return try IDMap(path: path)
  }

  /// The record a confirmed write of `tool` under journal id `id` made, if `journal` holds it.
  private func alreadyMade(_ tool: String, _ id: Int, in journal: IDMap) -> (kind: RecordKind, id: Int)? {
    for object in Self.journalObjects(tool) {
      guard let target = journal.target(of: object, source: id) else { continue }
      let kind: RecordKind =
        switch object {
        case Self.tagJournal: .contact
        case RecordKind.task.object + "_updated": .task
        default: RecordKind.named(object) ?? .contact
        }
      return (kind, target)
    }
    return nil
  }

  /// The answer of a write made (`now`) or found made before: the record as Monica has it.
  private func made(_ tool: String, _ done: (kind: RecordKind, id: Int), key: String, now: Bool) async throws
    -> ToolAnswer
  {
    var record: JSONValue = .null
    let response = try await client.getAllowingErrors(done.kind.path(of: done.id))
    if response.status == 200, let data = (try? JSONValue(parsing: response.body))?["data"] { record = data }
    let what = "\(done.kind.object) #\(done.id)"
    return ToolAnswer(
      text: now ? "Written: \(what)." : "Already written by this confirmation before: \(what); nothing was sent again.",
      structured: JSONObject([
        "status": .string(now ? "written" : "already_written"), "confirmation_key": .string(key),
        "object": .string(done.kind.object), "id": .int(done.id), "record": record, "written": .bool(now),
      ]))
  }

  // MARK: Plans

  /// The plan of `tool`'s call, or the answer that stops it (a name that fits several contacts).
  private func plan(_ tool: String, _ arguments: ToolArguments) async throws -> Decided<PlannedWrite> {
    if tool == "complete_task" { return try await completeTask(arguments) }
    // Everything the arguments say is checked before the first request.
    let today = self.today
    var fields: [(String, JSONValue)] = []
    let kind: RecordKind
    switch tool {
    case "log_interaction":
      let summary = try arguments.required("summary", limit: 255)
      let day = try arguments.day("date") ?? today
      let kinds = [RecordKind.call.object, RecordKind.activity.object]
      if try arguments.choice("kind", kinds) == RecordKind.activity.object {
        kind = .activity
        fields = [("summary", .string(summary)), ("happened_at", .string(day.description))]
      } else {
        kind = .call
        fields = [("called_at", .string(day.description)), ("content", .string(summary))]
      }
    case "add_note":
      kind = .note
      fields = [("body", .string(try arguments.required("body", limit: ToolArguments.maximumText)))]
    case "add_reminder":
      kind = .reminder
      let title = try arguments.required("title", limit: 255)
      guard let day = try arguments.day("date") else { throw ToolProblem.argument("date", "required") }
      let frequency = try arguments.choice("frequency", ["one_time", "week", "month", "year"]) ?? "one_time"
      let every = try arguments.integer("every", in: 1...100) ?? 1
      fields = [
        ("title", .string(title)), ("initial_date", .string(day.description)), ("frequency_type", .string(frequency)),
        ("frequency_number", .int(every)),
      ]
    case "add_task":
      kind = .task
      fields = [("title", .string(try arguments.required("title", limit: 255)))]
      if let description = try arguments.text("description", limit: 10_000) {
        fields.append(("description", .string(description)))
      }
    case "tag":
      kind = .contact
      fields = [("tags", .array(try arguments.texts("tags").map(JSONValue.string)))]
    default:
      throw ToolProblem(.failure("no tool \(tool)", kind: "unknown_tool"))
    }
    let resolved = try await resolve(arguments)
    let contact: JSONObject
    switch resolved {
    case .go(let record): contact = record
    case .stop(let answer): return .stop(answer)
    }
    guard let contactID = contact["id"]?.intValue else { throw ToolProblem(.failure("no contact", kind: "not_found")) }
    let name = Person(contact: JSONValue.object(contact)).name
    let who = JSONValue.object(JSONObject(["id": .int(contactID), "name": .string(name)]))
    if tool == "tag" {
      guard let mapping = RecordKind.contact.writes else { throw MonicaError.internalError("no contact writes") }
      var body = JSONObject()
      for (key, value) in fields { body[key] = value }
      let request = mapping.request(.setTags, id: "\(contactID)", body: body)
      let plan = JSONObject([
        "tool": .string(tool), "method": .string(request.method), "path": .string("/api" + request.path),
        "body": .object(body), "contact": who,
      ])
      let names = (body["tags"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
      let step: (Int) -> WriteStep = {
        WriteStep(
          key: $0, write: .request(request, what: "contact #\(contactID)", target: contactID),
          journal: .once(Self.tagJournal))
      }
      return .go(
        PlannedWrite(plan: plan, summary: "tag \(name) (id \(contactID)) with \(names).", step: step, result: .contact))
    }
    guard let mapping = kind.writes else { throw MonicaError.internalError("no write mapping for \(kind.object)") }
    var record = JSONObject()
    record["object"] = .string(kind.object)
    if kind == .activity {
      record["contacts"] = .array([.int(contactID)])
    } else {
      record["contact_id"] = .int(contactID)
    }
    for (key, value) in fields { record[key] = value }
    let body = mapping.body(line: record, record: record, operation: .create, today: today)
    let request = mapping.request(.create, body: body)
    let plan = JSONObject([
      "tool": .string(tool), "method": .string(request.method), "path": .string("/api" + request.path),
      "body": .object(body), "contact": who,
    ])
    let line = PushLine(record: record, mapping: mapping, action: .create, source: tool, number: 1)
    let step: (Int) -> WriteStep = { WriteStep(key: $0, line: line, presence: .searched) }
    let shown = fields.map { "\($0.0): \($0.1.displayText.prefix(200))" }.joined(separator: ", ")
    return .go(
      PlannedWrite(
        plan: plan, summary: "create a \(kind.object) for \(name) (id \(contactID)): \(shown).", step: step,
        result: kind))
  }

  private func completeTask(_ arguments: ToolArguments) async throws -> Decided<PlannedWrite> {
    guard let id = try arguments.integer("task_id", in: 1...Int(Int32.max)) else {
      throw ToolProblem.argument("task_id", "required")
    }
    let path = RecordKind.task.path(of: id)
    let response = try await client.getAllowingErrors(path)
    if response.status == 404 { throw ToolProblem(.failure("no task has id \(id)", kind: "not_found")) }
    try client.check(response, path: path, what: "task #\(id)")
    guard let task = try JSONValue(parsing: response.body)["data"]?.objectValue,
      task["object"]?.stringValue == RecordKind.task.object, task["id"]?.intValue == id
    else { throw ToolProblem(.failure("id \(id) is not a task's", kind: "invalid_argument")) }
    guard let mapping = RecordKind.task.writes else { throw MonicaError.internalError("no task writes") }
    let title = task["title"]?.stringValue ?? ""
    let plan = JSONObject([
      "tool": .string("complete_task"), "method": .string("PUT"), "path": .string("/api" + path),
      "change": .object(JSONObject(["completed": .bool(true)])),
      "task": .object(JSONObject(["id": .int(id), "title": .string(title)])),
    ])
    if task["completed"]?.boolValue == true {
      return .stop(
        ToolAnswer(
          text: TerminalText.safe("Task #\(id) \(OutsideText.quoted(title)) is done already; nothing to write."),
          structured: JSONObject(["status": .string("already_completed"), "task": .object(task)])))
    }
    let line = PushLine(
      record: JSONObject(["object": .string(RecordKind.task.object), "id": .int(id), "completed": .bool(true)]),
      mapping: mapping, action: .update(id), source: "complete_task", number: 1)
    let step: (Int) -> WriteStep = { WriteStep(key: $0, line: line) }
    return .go(
      PlannedWrite(
        plan: plan, summary: "mark task #\(id) \(OutsideText.quoted(title)) done.", step: step, result: .task))
  }
}
