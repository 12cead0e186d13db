import Foundation
import MonicaAPI
import MonicaKit
import Synchronization

/// What a step decided: go on with a value, or stop with this answer (a name that fits several
/// contacts stops a write with the candidates, which is not an error).
package enum Decided<Value> {
  case go(Value)
  case stop(ToolAnswer)
}

/// `monica-mcp`'s tools, apart from the protocol: a call by name with its arguments answers a
/// `ToolAnswer`, never throws, and leaves the server ready for the next call. Reads go through
/// the same client (profile, credential store, pacer) and response cache as every tool; writes
/// are plans first and go through monica-push's write machinery (`MonicaToolbox+Writes`).
///
/// Example (a test, against the in-memory sandbox):
/// ```swift
/// let toolbox = try MonicaToolbox(connection: run.connection())
/// let answer = await toolbox.call("find_contact", JSONObject(["query": .string("Ana")]))
/// ```
package final class MonicaToolbox: Sendable {
  /// The client of the profile's instance, for the whole session (its pacer shared by every call).
  package let client: MonicaClient
  /// The environment, `--profile`, the policy.
  package let connection: Connection
  /// `--read-only`: the write tools are neither listed nor run.
  package let readOnly: Bool
  /// The contacts, read once a minute at most.
  package let directory: ContactDirectory
  /// The response cache mode (MONICA_CACHE).
  let cacheMode: CacheMode
  /// The response cache of the session's reads.
  let cache: ResponseCache?
  /// The id of the account the token writes to, once asked (`accountID()`).
  private let account = Mutex<Int?>(nil)

  /// A toolbox on `connection`'s profile: the credentials are resolved now (a passphrase from
  /// `--passphrase-fd` or MONICA_PASSPHRASE: standard input carries the protocol).
  package init(connection: Connection, readOnly: Bool = false, cache: CacheMode = .off) throws(MonicaError) {
    var connection = connection
    connection.environment.stdinIsTerminal = false
    let client = try connection.client()
    self.client = client
    self.connection = connection
    self.readOnly = readOnly
    self.cacheMode = cache
    let environment = connection.environment
    let responses =
      cache == .off
      ? nil
      : try ResponseCache(
        mode: cache, credentials: client.credentials, store: CredentialStore(environment: environment), client: client,
        warn: { StandardError.line("monica-mcp: warning: \($0)") }, observe: nil, now: environment.clock)
    self.cache = responses
    directory = ContactDirectory(client: client, cache: responses, clock: environment.clock)
  }

  /// Where the journal of confirmed writes to `account` is kept:
  /// `$XDG_STATE_HOME/monica/mcp/<the account's identity>.map`, named as its account lock is
  /// (`AccountLock.identity`), so that every server writing to one account (two profiles of one
  /// token's account, MONICA_URL and MONICA_TOKEN beside a profile) journals in one file under
  /// the one lock, and a key confirmed through any of them is written once.
  package func journalPath(account: Int) -> String {
    connection.environment.stateHome + "/monica/mcp/"
      + AccountLock.identity(instance: client.credentials.instance, account: account) + ".map"
  }

  /// The id of the account the token writes to, for its lock and journal: one `GET /api/me` a
  /// session, at its first confirmed write (a token's account does not change).
  func accountID() async throws(MonicaError) -> Int {
    if let known = account.withLock({ $0 }) { return known }
    let id = try await client.accountID()
    account.withLock { $0 = id }
    return id
  }

  /// The tools this session offers.
  package var tools: [ToolDefinition] { readOnly ? ToolDefinition.reads : ToolDefinition.all }

  /// Runs tool `name` with `arguments`; every failure is an error result.
  package func call(_ name: String, _ arguments: JSONObject) async -> ToolAnswer {
    let answer: ToolAnswer
    // The call's own note of the rate limit: a 429 says when to try again.
    let rateLimit = RateLimitNote()
    do {
      answer = try await RateLimitNote.$current.withValue(rateLimit) { try await run(name, arguments) }
    } catch let problem as ToolProblem {
      answer = problem.answer
    } catch let error as MonicaError {
      answer = ToolProblem.monica(error, rateLimit: rateLimit.last).answer
    } catch {
      answer = .failure("failed: \(error)", kind: "failed")
    }
    return answer.scrubbed(of: client.credentials.token)
  }

  private func run(_ name: String, _ values: JSONObject) async throws -> ToolAnswer {
    guard let tool = tools.first(where: { $0.name == name }) else {
      let offered = tools.map(\.name).joined(separator: ", ")
      let why = readOnly && ToolDefinition.named(name) != nil ? " (the server is read-only)" : ""
      throw ToolProblem(.failure("no tool \(name)\(why); the tools are \(offered)", kind: "unknown_tool"))
    }
    let arguments = try ToolArguments(values, allowed: tool.argumentNames)
    switch name {
    case "find_contact": return try await findContact(arguments)
    case "brief_contact": return try await brief(arguments)
    case "upcoming": return try await upcoming(arguments)
    case "overdue": return try await overdue(arguments)
    case "search_notes": return try await searchNotes(arguments)
    default: return try await write(name, arguments)
    }
  }

  /// Today on this machine's clock (the environment's, which tests set).
  var today: CalendarDate { LocalDay.local(at: connection.environment.clock()) }

  // MARK: Reads

  private func findContact(_ arguments: ToolArguments) async throws -> ToolAnswer {
    let query = try arguments.required("query", limit: 200)
    let candidates = try await directory.find(query)
    let text =
      candidates.isEmpty
      ? "No contact matches \(OutsideText.quoted(query))."
      : "\(candidates.count) contact\(candidates.count == 1 ? "" : "s") may be \(OutsideText.quoted(query)):\n"
        + candidates.prefix(25).map { "- " + $0.line }.joined(separator: "\n")
    return ToolAnswer(
      text: TerminalText.safe(text),
      structured: JSONObject([
        "query": .string(query), "count": .int(candidates.count),
        "candidates": .array(candidates.prefix(25).map(\.record)),
      ]))
  }

  /// The one contact `contact` or `contact_id` names; an answer with the candidates when the
  /// name fits none or several (nothing is guessed).
  func resolve(_ arguments: ToolArguments) async throws -> Decided<JSONObject> {
    if let id = try arguments.integer("contact_id", in: 1...Int(Int32.max)) {
      if arguments.has("contact") { throw ToolProblem.argument("contact_id", "give contact or contact_id, not both") }
      let path = RecordKind.contact.path(of: id)
      let response = try await client.getAllowingErrors(path, query: [RecordKind.withContactFields])
      if response.status == 404 { throw ToolProblem(.failure("no contact has id \(id)", kind: "not_found")) }
      try client.check(response, path: path, what: "contact #\(id)")
      let record = try JSONValue(parsing: response.body)["data"]?.objectValue
      guard let record, record["object"]?.stringValue == RecordKind.contact.object, record["id"]?.intValue == id else {
        throw ToolProblem(.failure("id \(id) is not a contact's", kind: "invalid_argument"))
      }
      return .go(record)
    }
    guard let query = try arguments.text("contact", limit: 200) else {
      throw ToolProblem.argument("contact", "name the person (or give contact_id)")
    }
    let candidates = try await directory.find(query)
    guard candidates.count == 1, let only = candidates.first else {
      let text =
        candidates.isEmpty
        ? "No contact matches \(OutsideText.quoted(query)); nothing was done. Try find_contact with another spelling."
        : "\(OutsideText.quoted(query)) may be \(candidates.count) contacts; nothing was done. Ask the user which "
          + "one, then call again with contact_id:\n"
          + candidates.prefix(25).map { "- " + $0.line }.joined(separator: "\n")
      return .stop(
        ToolAnswer(
          text: TerminalText.safe(text),
          structured: JSONObject([
            "status": .string(candidates.isEmpty ? "not_found" : "ambiguous"), "query": .string(query),
            "candidates": .array(candidates.prefix(25).map(\.record)),
          ])))
    }
    let records = try await directory.contacts()
    guard let record = records.first(where: { $0["id"]?.intValue == only.id })?.objectValue else {
      throw ToolProblem(.failure("contact #\(only.id) went away", kind: "not_found"))
    }
    return .go(record)
  }

  private func brief(_ arguments: ToolArguments) async throws -> ToolAnswer {
    let found = try await resolve(arguments)
    let listed: JSONObject
    switch found {
    case .go(let record): listed = record
    case .stop(let answer): return answer
    }
    guard let id = listed["id"]?.intValue else { throw ToolProblem(.failure("a contact without id", kind: "failed")) }
    // The record whole: named by id, `resolve` read it just now; by name, the listing may be a
    // minute old, so it is read again. Then three short lists, newest first: each of the
    // contact's lists takes `sort` (ApiCallController.php:155, ApiActivitiesController.php:151,
    // ApiTaskController.php:144).
    let contact =
      arguments.has("contact_id")
      ? listed : try await record(RecordKind.contact.path(of: id), query: [RecordKind.withContactFields])
    let calls = try await list(RecordKind.call.path(ofContact: id), sort: "-called_at", limit: 5)
    let activities = try await list(RecordKind.activity.path(ofContact: id), sort: "-created_at", limit: 5)
    let tasks = try await list(RecordKind.task.path(ofContact: id), sort: "-created_at", limit: 50).filter {
      $0["completed"]?.boolValue != true
    }
    let person = Person(contact: JSONValue.object(contact))
    var relations: [JSONValue] = []
    if let groups = contact["information"]?["relationships"]?.objectValue {
      for group in groups.members {
        for entry in group.value["contacts"]?.arrayValue ?? [] {
          let other = entry["contact"]
          var relation = JSONObject()
          relation["relationship"] = .string(entry["relationship"]?["name"]?.stringValue)
          relation["group"] = .string(group.key)
          relation["contact_id"] = other?["id"] ?? .null
          relation["name"] = .string(other?["complete_name"]?.stringValue)
          relations.append(.object(relation))
        }
      }
    }
    let notes: [JSONValue] = (contact["notes"]?.arrayValue ?? []).prefix(3).map { note in
      var entry = JSONObject()
      entry["id"] = note["id"] ?? .null
      entry["body"] = .string(String((note["body"]?.stringValue ?? "").prefix(500)))
      entry["created_at"] = note["created_at"] ?? .null
      return .object(entry)
    }
    var next: JSONValue?
    if let birthday = person.birthday, let days = today.daysUntilAnniversary(month: birthday.month, day: birthday.day) {
      let date = today.adding(days: days)
      var entry = JSONObject()
      entry["date"] = .string(date.description)
      entry["in_days"] = .int(days)
      entry["age"] = birthday.year.map { .int(date.year - $0) } ?? .null
      next = .object(entry)
    }
    let career = contact["information"]?["career"]
    var structured = JSONObject()
    structured["id"] = .int(id)
    structured["uuid"] = .string(person.uuid)
    structured["name"] = .string(person.name)
    structured["nickname"] = .string(person.nickname.isEmpty ? nil : person.nickname)
    structured["is_dead"] = .bool(person.isDeceased == true)
    structured["description"] = contact["description"] ?? .null
    structured["job"] = career?["job"] ?? .null
    structured["company"] = career?["company"] ?? .null
    structured["emails"] = .array(person.emails.map(JSONValue.string))
    structured["phones"] = .array(person.phones.map(JSONValue.string))
    structured["tags"] = .array((contact["tags"]?.arrayValue ?? []).map { .string($0["name"]?.stringValue) })
    structured["relationships"] = .array(relations)
    structured["next_birthday"] = next ?? .null
    structured["last_called"] = contact["last_called"] ?? .null
    structured["last_activity_together"] = contact["last_activity_together"] ?? .null
    structured["calls"] = .array(calls.map { Self.pick($0, ["id", "called_at", "content"]) })
    structured["activities"] = .array(activities.map { Self.pick($0, ["id", "happened_at", "summary"]) })
    structured["open_tasks"] = .array(tasks.prefix(20).map { Self.pick($0, ["id", "title"]) })
    structured["recent_notes"] = .array(notes)
    var lines = ["\(person.name) (id \(id))" + (person.isDeceased == true ? ", deceased" : "")]
    if !relations.isEmpty {
      lines.append(
        "Relationships: "
          + relations.map { "\($0["relationship"]?.stringValue ?? "?") \($0["name"]?.stringValue ?? "?")" }.joined(
            separator: ", "))
    }
    if let next, let date = next["date"]?.stringValue { lines.append("Next birthday: \(date)") }
    if let call = calls.first { lines.append("Last call: \(call["called_at"]?.stringValue?.prefix(10) ?? "?")") }
    if let activity = activities.first {
      lines.append(
        "Last activity: \(activity["happened_at"]?.stringValue ?? "?") \(activity["summary"]?.stringValue ?? "")")
    }
    if !tasks.isEmpty {
      lines.append(
        "Open tasks: "
          + tasks.prefix(5).map { "#\($0["id"]?.intValue ?? 0) \($0["title"]?.stringValue ?? "")" }.joined(
            separator: "; "))
    }
    if let note = notes.first, let body = note["body"]?.stringValue { lines.append("Latest note: \(body.prefix(200))") }
    return ToolAnswer(text: TerminalText.safe(lines.joined(separator: "\n")), structured: structured)
  }

  private func upcoming(_ arguments: ToolArguments) async throws -> ToolAnswer {
    let days = try arguments.integer("days", in: 0...366) ?? 14
    var run = RemindRun(options: RemindOptions(), connection: connection)
    run.cache = cacheMode
    run.quiet = true
    run.tool = "monica-mcp"
    let (today, occurrences) = try await run.upcoming(client: client, days: days)
    let instance = client.credentials.instance.instance
    let records = occurrences.prefix(200).map { $0.record(today: today, instance: instance) }
    let text =
      occurrences.isEmpty
      ? "Nothing in the next \(days) days."
      : occurrences.prefix(30).map { "- \($0.date): \($0.subject(today: today))" }.joined(separator: "\n")
    return ToolAnswer(
      text: TerminalText.safe(text),
      structured: JSONObject([
        "today": .string(today.description), "days": .int(days), "count": .int(occurrences.count),
        "occurrences": .array(records),
      ]))
  }

  private func overdue(_ arguments: ToolArguments) async throws -> ToolAnswer {
    let days = try arguments.integer("days", in: 1...3650) ?? 90
    let limit = try arguments.integer("limit", in: 1...100) ?? 20
    let today = self.today
    let since = today.adding(days: -days)
    var due: [(last: CalendarDate?, record: JSONValue)] = []
    for contact in try await directory.contacts() {
      let person = Person(contact: contact)
      guard person.isDeceased != true, !person.isPartial, contact["is_me"]?.boolValue != true else { continue }
      func day(_ key: String) -> CalendarDate? {
        contact[key]?.stringValue.flatMap { CalendarDate(parsing: $0.prefix(10)) }
      }
      let last = [day("last_called"), day("last_activity_together")].compactMap { $0 }.max()
      let trigger = day("stay_in_touch_trigger_date")
      let stayDue = trigger.map { $0 <= today } ?? false
      guard stayDue || (last.map { $0 < since } ?? false) else { continue }
      let reason =
        stayDue
        ? "stay-in-touch date \(trigger?.description ?? "?") has passed"
        : "last talked to \(last?.description ?? "?"), \(today.dayNumber - (last?.dayNumber ?? 0)) days ago"
      due.append(
        (
          last,
          .object(
            JSONObject([
              "id": contact["id"] ?? .null, "uuid": .string(person.uuid), "name": .string(person.name),
              "last_talked_to": .string(last?.description), "stay_in_touch_trigger_date": .string(trigger?.description),
              "stay_in_touch_frequency": contact["stay_in_touch_frequency"] ?? .null, "reason": .string(reason),
            ]))
        ))
    }
    due.sort { ($0.last?.dayNumber ?? Int.min) < ($1.last?.dayNumber ?? Int.min) }
    let shown = due.prefix(limit)
    let text =
      due.isEmpty
      ? "Nobody is overdue (\(days) days)."
      : shown.map {
        "- \($0.record["name"]?.stringValue ?? "") (id \($0.record["id"]?.intValue ?? 0)): "
          + "\($0.record["reason"]?.stringValue ?? "")"
      }.joined(separator: "\n")
    return ToolAnswer(
      text: TerminalText.safe(text),
      structured: JSONObject([
        "days": .int(days), "count": .int(due.count), "contacts": .array(shown.map(\.record)),
      ]))
  }

  private func searchNotes(_ arguments: ToolArguments) async throws -> ToolAnswer {
    let text = try arguments.required("text", limit: 200)
    let limit = try arguments.integer("limit", in: 1...100) ?? 20
    let words = text.folded.split(whereSeparator: \.isWhitespace).map(String.init)
    var found: [JSONValue] = []
    var total = 0
    var walker = PageWalker(client: client, path: RecordKind.note.path, query: [], what: RecordKind.note.name)
    walker.cache = cache
    _ = try await walker.walk(pageSize: 100, lowered: { _, _ in }) { page in
      page.envelope.forEachRecord { bytes in
        guard let note = try? JSONValue(parsing: bytes), let body = note["body"]?.stringValue else { return true }
        let folded = body.folded
        guard words.allSatisfy({ folded.contains($0) }) else { return true }
        total += 1
        found.append(note)
        // Bounded: the newest `limit` are kept as the walk goes.
        if found.count > 4 * limit {
          found.sort { ($0["created_at"]?.stringValue ?? "") > ($1["created_at"]?.stringValue ?? "") }
          found.removeLast(found.count - limit)
        }
        return true
      }
      return true
    }
    found.sort {
      ($0["created_at"]?.stringValue ?? "", $0["id"]?.intValue ?? 0) > (
        $1["created_at"]?.stringValue ?? "", $1["id"]?.intValue ?? 0
      )
    }
    let shown = found.prefix(limit).map { note -> JSONValue in
      .object(
        JSONObject([
          "id": note["id"] ?? .null, "contact_id": note["contact"]?["id"] ?? .null,
          "contact": .string(note["contact"]?["complete_name"]?.stringValue),
          "body": .string(String((note["body"]?.stringValue ?? "").prefix(1_000))),
          "created_at": note["created_at"] ?? .null,
        ]))
    }
    let lines = shown.map {
      "- #\($0["id"]?.intValue ?? 0) \($0["contact"]?.stringValue ?? "?"): \(($0["body"]?.stringValue ?? "").prefix(120))"
    }
    return ToolAnswer(
      text: TerminalText.safe(
        total == 0 ? "No note contains \(OutsideText.quoted(text))." : lines.joined(separator: "\n")),
      structured: JSONObject(["text": .string(text), "count": .int(total), "notes": .array(shown)]))
  }

  // MARK: Requests

  /// `keys` of `record`, long texts cut at 300 characters.
  static func pick(_ record: JSONValue, _ keys: [String]) -> JSONValue {
    var picked = JSONObject()
    for key in keys {
      let value = record[key] ?? .null
      if case .string(let text) = value, text.count > 300 {
        picked[key] = .string(String(text.prefix(300)))
      } else {
        picked[key] = value
      }
    }
    return .object(picked)
  }

  /// One record (`data` of a GET).
  func record(_ path: String, query: [(String, String)] = []) async throws -> JSONObject {
    let response = try await client.get(path, query: query, what: path)
    guard let record = try JSONValue(parsing: response.body)["data"]?.objectValue else {
      throw MonicaError.protocolViolation(request: "GET /api\(path)", detail: "the answer holds no record")
    }
    return record
  }

  /// The first page of a listing, `limit` records in `sort` order.
  func list(_ path: String, sort: String, limit: Int) async throws -> [JSONValue] {
    let response = try await client.get(
      path, query: [("limit", "\(limit)"), ("page", "1"), ("sort", sort)], what: path)
    return try JSONValue(parsing: response.body)["data"]?.arrayValue ?? []
  }
}
