import Foundation
import MonicaKit

/// `monica-push --create --map FILE`: recreates a stream of records (`monica-fetch --all`, or
/// `monica-import`) on another instance. Each record whose (object, id) the map holds is there
/// already and costs nothing; the others have their references translated through the map, are
/// created (or, for named reference data, matched by name to what the target has) and get their
/// map line at once, so that a killed run resumes where it stopped and a re-run sends nothing.
/// This is the driver: each line's kind is looked up in the catalogue, and what is the kind's own
/// (a contact's avatar and parts, a conversation's messages, a photo's upload...) is its step's,
/// `Steps/<Kind>Step.swift`, found in `Migration.steps`; a kind without one is created by
/// `RecordStep` from its write mapping. Where a stopped run resumes is `ResumePoint`'s to say, the
/// in-doubt look-up `InDoubtSearch`'s.
final class Migration {
  let client: MonicaClient
  let map: IDMap
  let output: LineOutput
  let tool: String
  private let keepGoing: Bool
  let today: CalendarDate
  let report: MigrationReport
  /// The target's records of each name-matched kind, by name, read once; `nil` when the target
  /// has no such route.
  var names: [String: [String: Int]?] = [:]
  /// How many addresses of the stream have each place content (`Migration.placeKey`): a place
  /// with the content of an address is that address's, made again by the address's create.
  var addressPlaces: [String: Int] = [:]
  private var failures: [(place: String, error: MonicaError)] = []
  /// Where a killed run stopped: the map's last record, whose follow-up requests (tags, a task's
  /// completion, an avatar) may not have been sent, and the create after it, in doubt.
  let resume: ResumePoint
  /// What relationships, life events and conversations need to know across lines.
  var relations = RelationState()
  /// What contacts' own routes and avatars, gifts' photos and the user's own contact need across
  /// lines.
  var extras = FollowUpState()
  /// `--create --dry-run`: count what would be done, send no write and append nothing to the map.
  var plan = false
  /// `--quiet`: nothing on stderr but errors.
  var quiet = false
  /// Where a line for standard error goes (the connection's diagnostics).
  var say: (String) -> Void = { StandardError.line($0) }
  /// In a plan, the records (`object\tid`) a real run would create: what later lines refer to.
  var planned: Set<String> = []

  /// `resume` is the run's resume point when another writer of the run shares it (a merge's
  /// plans); by default one read from the map now.
  init(
    client: MonicaClient, map: IDMap, output: LineOutput, tool: String, keepGoing: Bool, today: CalendarDate,
    resume: ResumePoint? = nil
  ) {
    self.client = client
    self.map = map
    self.output = output
    self.tool = tool
    self.keepGoing = keepGoing
    self.today = today
    report = MigrationReport(tool: tool)
    self.resume = resume ?? ResumePoint(journal: map)
  }

  /// Carries one line over; failures that concern the line alone go on with `--keep-going`.
  func carry(_ bytes: [UInt8], source: String, number: Int) async throws(MonicaError) {
    if output.readerIsGone { throw .outputClosed }
    let place = "\(source):\(number)"
    do {
      try await carryLine(bytes, source: source, number: number)
    } catch {
      guard keepGoing, error.isAboutOneLine else { throw error }
      say("\(tool): error: \(error.message ?? "")")
      failures.append((place, error))
    }
    if report.progress != .none { report.schedule = await client.pacer.snapshot }
    report.done()
  }

  /// Ends the run: the summary on stderr, and the failures `--keep-going` went past.
  func finish(quiet: Bool) throws(MonicaError) {
    for kind in RecordKind.all { Self.steps[kind]?.endOfStream(in: self) }
    try report.finish(quiet: quiet)
    if let summary = PushSession.summary(failures, of: report.lines) { throw summary }
  }

  private func carryLine(_ bytes: [UInt8], source: String, number: Int) async throws(MonicaError) {
    func bad(_ reason: String) -> MonicaError { .malformedInput(source: source, line: number, reason: reason) }
    guard case .object(let record)? = try? JSONValue(parsing: bytes) else {
      throw bad(bytes.withUnsafeBufferPointer { RecordStream.reason($0) })
    }
    if let key = PushLine.repeatedKey(bytes) { throw bad("\(OutsideText.quoted(key)) appears twice in one object") }
    guard let object = record["object"]?.stringValue else {
      throw bad("no \"object\" member says what kind of record this is")
    }
    let kind = RecordKind.named(object)
    report.lineHasTimestamps = ["created_at", "updated_at"].contains { record[$0]?.stringValue != nil }
    // The same everywhere (countries have ids such as "FR"), or the target's own: nothing to do.
    if let kind, kind.matching == .global || kind.matching == .notCopied {
      report.skipped(object)
      return
    }
    guard let id = record["id"]?.intValue, id > 0 else {
      throw bad("a \(object) without a positive \"id\": --create --map needs each record's id on the source")
    }
    guard let kind else {
      report.notCarried(object, because: "monica-push --create does not create \(object) records yet")
      return
    }
    let line = MigrationLine(record: record, id: id, kind: kind, place: (source, number))
    let step = Self.step(for: kind)
    step.notice(line, in: self)
    if let target = map.target(of: kind, source: id) {
      if !plan, resume.isLast(object, source: id) {
        try await step.finish(line, target: target, current: nil, in: self)
      }
      try await step.known(line, target: target, in: self)
      // A record of the backup that survived on its account (an identity line of the restore).
      if report.job == .restore, target == id { try await relinkRestoredContacts(line, target: target) }
      // A named kind's record was matched, not created, unless the target made it after the
      // floor read before this map's first create of the kind: only a created one lost anything.
      // A restore's identity line is the account's own record, which lost nothing.
      let created =
        !(report.job == .restore && target == id)
        && (kind.matching != .byName || map.floorRead(of: object).map { target > $0 } == true)
      report.known(object, losing: created ? try await losses(of: kind, record) : nil)
      return
    }
    if let reason = MigrationLosses.uncreatable(object, record) {
      report.notCarried(object, because: reason)
      return
    }
    if step.isMadeByOthers(line, in: self) {
      report.madeByOthers(object)
      return
    }
    if kind.matching == .byName, let name = record["name"]?.stringValue {
      if let target = try await targetID(named: name, of: kind) {
        if !plan { try map.append(object, source: id, target: target) }
        report.matched(object)
        return
      }
      guard kind.writes != nil else {
        report.notCarried(object, because: "the target has no \(object) of that name and monica-push cannot create one")
        return
      }
    }
    if plan { return try await step.plan(line, in: self) }
    try await noteFloor(kind, record: record)
    try await step.create(line, in: self)
  }

  /// Throws the line's error, before anything of it is written, when the create breaks Monica's
  /// write rules: the same checker as every other create (`LineWrite.refusal`), for the steps
  /// that send their create themselves.
  func refuseBroken(_ translated: JSONObject, mapping: WriteMapping, place: (source: String, number: Int))
    throws(MonicaError)
  {
    let line = PushLine(
      record: translated, mapping: mapping, action: .create, source: place.source, number: place.number)
    if let refusal = LineWrite.refusal(line, today: today) { throw refusal }
  }

  /// The target's id of the source's contact `source`, or the line's error.
  func contactTarget(_ source: Int, from what: String, place: (source: String, number: Int))
    throws(MonicaError) -> Int
  {
    if let target = map.target(of: .contact, source: source) { return target }
    throw .malformedInput(
      source: place.source, line: place.number,
      reason: "\(what) refers to contact #\(source), which the map does not hold: it was not created on the target")
  }

  /// In a plan, the line's error when the source's contact `source` is neither in the map nor
  /// planned.
  func plannedContact(_ source: Int, from what: String, place: (source: String, number: Int)) throws(MonicaError) {
    if isOnTarget(RecordKind.contact.object, source) { return }
    _ = try contactTarget(source, from: what, place: place)
  }

  /// The target's id of the `kind` record called `name`, reading the target's collection once.
  func targetID(named name: String, of kind: RecordKind) async throws(MonicaError) -> Int? {
    if names[kind.object] == nil { names[kind.object] = try await readNames(kind) }
    guard let index = names[kind.object] ?? nil else { return nil }
    // MySQL's utf8mb4_unicode_ci compares names without case, as Monica's lookups do.
    return index[name] ?? index.first { $0.key.lowercased() == name.lowercased() }?.value
  }

  /// Reads every page of the target's `kind` records: name to id; `nil` when the route is missing
  /// (the records that refer to the kind by name then say so in the summary).
  private func readNames(_ kind: RecordKind) async throws(MonicaError) -> [String: Int]? {
    var index: [String: Int] = [:]
    let listed = try await forEachTargetRecord(kind.path, what: "\(kind.object) records") { record in
      if let id = record["id"]?.intValue, let name = record["name"]?.stringValue, index[name] == nil {
        index[name] = id
      }
    }
    return listed ? index : nil
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

  /// Sends a write and maps any answer but a 2xx to the exit table's error.
  func send(_ request: WriteRequest, what: String) async throws(MonicaError) {
    let response = try await client.send(request)
    try client.check(response, path: request.path, what: what)
  }

  /// The target's record `target` of the mapping's kind: `current` when the caller has read it,
  /// else one read.
  func current(_ mapping: WriteMapping, _ target: Int, _ current: JSONObject?) async throws(MonicaError)
    -> JSONObject
  {
    if let current, !current.members.isEmpty { return current }
    let response = try await client.send(mapping.request(.read, id: "\(target)"))
    try client.check(response, path: "\(mapping.path)/\(target)", what: "\(mapping.object) #\(target)")
    return try LineWrite.record(in: response, request: "GET /api\(mapping.path)/\(target)").1
  }

  /// Whether the source's `object` #`source` is on the target: in the map, or (in a plan) among
  /// the records the plan creates.
  func isOnTarget(_ object: String, _ source: Int) -> Bool {
    map.target(of: object, source: source) != nil || planned.contains(Self.key(object, source))
  }

  /// A warning on stderr about a line, in the job's words; nothing with `--quiet`.
  func warn(_ text: String) {
    guard !quiet else { return }
    say("\(tool): warning: \(report.job.words(text))")
  }

  /// A record's key in `planned`: `object<TAB>id`.
  static func key(_ object: String, _ id: Int) -> String { "\(object)\t\(id)" }
}
