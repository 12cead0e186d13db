import Foundation
import MonicaKit

/// `monica-push --create --map FILE`: recreates a stream of records (`monica-fetch --all`, or
/// `monica-import`) on another instance. Each record whose (object, id) the map holds is there
/// already and costs nothing; the others have their references translated through the map, are
/// created (or, for named reference data, matched by name to what the target has) and get their
/// map line at once, so that a killed run resumes where it stopped and a re-run sends nothing.
/// A kind whose create is more than its write mapping's one request has its step in
/// `Steps/<Kind>Step.swift`; where a stopped run resumes is `ResumePoint`'s to say.
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
  /// Contacts whose avatar is one of their photos: the photo's `link` on the source, by the
  /// contact's source id, so that the avatar is set when that photo has been created.
  private var avatarPhotos: [Int: String] = [:]
  private var failures: [(place: String, error: MonicaError)] = []
  /// Where a killed run stopped: the map's last record, whose follow-up requests (tags, a task's
  /// completion, an avatar) may not have been sent, and the create after it, in doubt.
  var resume: ResumePoint
  /// What relationships, life events and conversations need to know across lines.
  var relations = RelationState()
  /// What contacts' own routes, gifts' photos and the user's own contact need across lines.
  var extras = ExtrasState()
  /// `--create --dry-run`: count what would be done, send no write and append nothing to the map.
  var plan = false
  /// In a plan, the records (`object\tid`) a real run would create: what later lines refer to.
  var planned: Set<String> = []

  init(client: MonicaClient, map: IDMap, output: LineOutput, tool: String, keepGoing: Bool, today: CalendarDate) {
    self.client = client
    self.map = map
    self.output = output
    self.tool = tool
    self.keepGoing = keepGoing
    self.today = today
    report = MigrationReport(tool: tool)
    resume = ResumePoint(journal: map)
  }

  /// Carries one line over; failures that concern the line alone go on with `--keep-going`.
  func carry(_ bytes: [UInt8], source: String, number: Int) async throws(MonicaError) {
    if output.readerIsGone { throw .outputClosed }
    let place = "\(source):\(number)"
    do {
      try await carryLine(bytes, source: source, number: number)
    } catch {
      guard keepGoing, error.isAboutOneLine else { throw error }
      StandardError.line("\(tool): error: \(error.message ?? "")")
      failures.append((place, error))
    }
    report.done()
  }

  /// Ends the run: the summary on stderr, and the failures `--keep-going` went past.
  func finish(quiet: Bool) throws(MonicaError) {
    reportWaitingExtras()
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
    if object == "contact", record["information"]?["avatar"]?["source"]?.stringValue == "photo",
      let link = record["information"]?["avatar"]?["url"]?.stringValue
    {
      avatarPhotos[id] = link
    }
    relations.notice(record)
    noticeExtras(record, object: object, id: id)
    if let target = map.target(of: object, source: id) {
      if !plan, resume.isLast(object, source: id) {
        try await finishInterrupted(kind, record, target: target)
      }
      if !plan, object == "conversation" { try await carryMessages(record, conversation: target, fresh: false) }
      if plan, object == "relationship", let from = record["contact_is"]?["id"]?.intValue,
        let to = record["of_contact"]?["id"]?.intValue
      {
        planned.insert("pair\t\(from)\t\(to)")
      }
      // A named kind's record was matched, not created, unless the target made it after the
      // floor read before this map's first create of the kind: only a created one lost anything.
      let created = kind.matching != .byName || map.floorRead(of: object).map { target > $0 } == true
      report.known(object, losing: created ? try await losses(of: kind, record) : nil)
      return
    }
    if let reason = setAside(object, record) {
      report.notCarried(object, because: reason)
      return
    }
    if object == "place", takenByAddress(record) {
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
    let place = (source: source, number: number)
    if plan { return try await planCreate(record, id: id, kind: kind, place: place) }
    try await noteFloor(kind, record: record)
    if object == "photo" {
      try await createPhoto(record, id: id, place: place)
    } else if object == "document" {
      try await createDocument(record, id: id, place: place)
    } else if let mapping = kind.writes,
      try await createRelated(record, id: id, kind: kind, mapping: mapping, place: place)
    {
      return
    } else if let mapping = kind.writes {
      try await create(record, id: id, kind: kind, mapping: mapping, place: place)
    } else {
      report.notCarried(object, because: "monica-push --create does not create \(object) records yet")
    }
  }

  /// Creates a record of a kind with a write mapping, and sends what follows its create.
  func create(
    _ record: JSONObject, id: Int, kind: RecordKind, mapping: WriteMapping, place: (source: String, number: Int)
  ) async throws(MonicaError) {
    var translated = try await translate(record, kind: kind, mapping: mapping, place: place)
    translated["id"] = nil
    let found = try await resume.adoptInDoubt(kind.object, source: id, journal: map) {
      (floor) async throws(MonicaError) in
      // Compared as Monica stored it: trimmed, "" as null (TrimStrings, ConvertEmptyStringsToNull).
      let body = MonicaInput.cleaned(
        Self.comparable(mapping.body(line: translated, record: translated, operation: .create, today: today), mapping))
      // A kind without a list of its own (contact fields) is looked for in its contact's.
      let nested = RecordKind.named(kind.object).map { !$0.routes.contains(.list) } ?? false
      return try await adopt(kind, above: floor, path: nested ? nestedPath(of: kind, record) : nil) { candidate in
        let made = mapping.body(line: JSONObject(), record: candidate, operation: .create, today: today)
        // What the create would send, as the candidate has it; a field the line leaves out takes
        // the server's default, whatever it is.
        return body.members.allSatisfy { made[$0.key] == $0.value || (made[$0.key] == nil && $0.value == .null) }
      }
    }
    if let (target, (bytes, current)) = found {
      try await finishInterrupted(kind, record, target: target, current: current)
      report.created(kind.object, losing: try await losses(of: kind, record))
      try output.writeLine(bytes)
      return
    }
    let line = PushLine(
      record: translated, mapping: mapping, action: .create, source: place.source, number: place.number)
    var write = LineWrite(line: line, client: client, today: today)
    var newID: Int?
    let map = self.map
    write.created = { (target: Int) throws(MonicaError) in
      newID = target
      try map.append(kind.object, source: id, target: target)
    }
    do {
      try await write.run()
    } catch {
      try PushSession.printPartial(write, output: output, tool: tool)
      throw PushSession.locate(error, line)
    }
    if let newID, kind.object == "contact" {
      try await setAvatar(of: record, target: newID)
      try await contactCreated(record, source: id, target: newID)
    }
    if let newID, kind.object == "gift" { try await giftCreated(record, target: newID) }
    // A name made on the target is the one later records that give it must find.
    if let newID, kind.matching == .byName, let name = record["name"]?.stringValue,
      case .some(.some) = names[kind.object]
    {
      names[kind.object]??[name] = newID
    }
    report.created(kind.object, losing: try await losses(of: kind, record))
    if let result = write.latest { try output.writeLine(result) }
  }

  /// Uploads a photo with its bytes (from its `dataUrl`), then makes it its contact's avatar
  /// when the contact's avatar was this photo on the source.
  private func createPhoto(_ record: JSONObject, id: Int, place: (source: String, number: Int))
    async throws(MonicaError)
  {
    func bad(_ reason: String) -> MonicaError {
      .malformedInput(source: place.source, line: place.number, reason: reason)
    }
    guard let sourceContact = record["contact"]?["id"]?.intValue else { throw bad("photo #\(id) has no contact.id") }
    let contact = try contactTarget(sourceContact, from: "photo #\(id)", place: place)
    guard let dataURL = record["dataUrl"]?.stringValue, let file = MultipartBody.decode(dataURL: dataURL) else {
      throw bad("photo #\(id) has no dataUrl with its bytes (a base64 data: URL), so it cannot be uploaded")
    }
    let filename = record["original_filename"]?.stringValue ?? "photo"
    let body = MultipartBody(
      fields: [("contact_id", String(contact))], fileField: "photo", filename: filename, mimeType: file.mimeType,
      bytes: file.bytes)
    let (target, bytes) = try await upload("photo", source: id, contact: contact, body: body) { candidate in
      candidate["contact"]?["id"]?.intValue == contact && candidate["original_filename"]?.stringValue == filename
        && candidate["dataUrl"]?.stringValue == dataURL
    }
    try await avatar(of: sourceContact, contact: contact, photo: target, link: record["link"])
    try await photoCreated(source: id, target: target)
    report.created("photo", losing: [])
    try output.writeLine(bytes)
  }

  /// Makes the photo `photo` the avatar of the target's `contact` when the source's contact had
  /// the photo at `link` as its avatar.
  private func avatar(of sourceContact: Int, contact: Int, photo: Int, link: JSONValue?) async throws(MonicaError) {
    guard let link = link?.stringValue, avatarPhotos[sourceContact] == link else { return }
    try await putAvatar(contact: contact, body: JSONObject(["source": .string("photo"), "photo_id": .int(photo)]))
  }

  /// The record with every reference translated to the target's ids, and the fields referred to
  /// by name (a contact's gender) given under their write names.
  func translate(
    _ record: JSONObject, kind: RecordKind, mapping: WriteMapping, place: (source: String, number: Int)
  ) async throws(MonicaError) -> JSONObject {
    var value = JSONValue.object(record)
    let what = "\(kind.object) #\(record["id"]?.intValue ?? 0)"
    for reference in kind.references {
      if reference.byName {
        guard let name = reference.values(in: value).first?.stringValue,
          let referred = RecordKind.named(reference.object)
        else { continue }
        // Not found: sent without it, and said by `losses(of:_:)`.
        if let target = try await targetID(named: name, of: referred) {
          value = .object(Self.setting(value.objectValue ?? record, "\(reference.object)_id", .int(target)))
        }
        continue
      }
      let sent = reference.isSent(by: mapping)
      let referred = RecordKind.named(reference.object)
      if referred?.matching == .global { continue }
      var missing: Int?
      value = reference.rewriting(value) { (element: JSONValue) -> JSONValue in
        guard let source = element.intValue else { return element }
        if let target = map.target(of: reference.object, source: source) { return .int(target) }
        // A plan's record that a real run would have created by now.
        if plan, planned.contains("\(reference.object)\t\(source)") { return element }
        if missing == nil { missing = source }
        return element
      }
      guard let missing else { continue }
      // A named kind (an activity's type) is matched by the name the record embeds.
      if let referred, referred.matching == .byName, sent {
        let parent = reference.path.hasSuffix(".id") ? String(reference.path.dropLast(3)) : reference.path
        let name = FieldPath(parent).flatMap { JSONValue.object(value.objectValue ?? record).value(at: $0) }?["name"]
        if let name = name?.stringValue, let target = try await targetID(named: name, of: referred) {
          if !plan { try map.append(referred.object, source: missing, target: target) }
          value = reference.rewriting(value) { $0.intValue == missing ? .int(target) : $0 }
        } else {
          value = .object(Self.setting(value.objectValue ?? record, parent, .null))
        }
        continue
      }
      guard sent else { continue }
      throw .malformedInput(
        source: place.source, line: place.number,
        reason: "\(what) refers to \(reference.object) #\(missing) (\(reference.path)), which the map does not "
          + "hold: it was not created on the target; the stream must give each record after those it refers to")
    }
    return value.objectValue ?? record
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

  /// The target's id of the source's contact `source`, or the line's error.
  func contactTarget(_ source: Int, from what: String, place: (source: String, number: Int))
    throws(MonicaError) -> Int
  {
    if let target = map.target(of: "contact", source: source) { return target }
    throw .malformedInput(
      source: place.source, line: place.number,
      reason: "\(what) refers to contact #\(source), which the map does not hold: it was not created on the target")
  }

  /// The object with `value` set at a dotted `path` (whose parents exist), or added at the top.
  private static func setting(_ object: JSONObject, _ path: String, _ value: JSONValue) -> JSONObject {
    var keys = path.split(separator: ".").map(String.init)
    guard let first = keys.first else { return object }
    var result = object
    keys.removeFirst()
    if keys.isEmpty {
      result[first] = value
    } else if case .object(let inner)? = object[first] {
      result[first] = .object(setting(inner, keys.joined(separator: "."), value))
    }
    return result
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

  /// Gives a new contact the avatar it had, when the API can: Adorable and Gravatar at once, a
  /// photo when that photo is created; the default needs nothing.
  private func setAvatar(of record: JSONObject, target: Int) async throws(MonicaError) {
    guard let source = record["information"]?["avatar"]?["source"]?.stringValue,
      source == "adorable" || source == "gravatar"
    else { return }
    try await putAvatar(contact: target, body: JSONObject(["source": .string(source)]))
  }

  private func putAvatar(contact: Int, body: JSONObject) async throws(MonicaError) {
    try await send(WriteRequest(.update, "/contacts/\(contact)/avatar", body: body), what: "contact #\(contact)")
  }

  /// Sends a write and maps any answer but a 2xx to the exit table's error.
  func send(_ request: WriteRequest, what: String) async throws(MonicaError) {
    let response = try await client.send(request)
    try client.check(response, path: request.path, what: what)
  }

  /// The map's last record when the run began, met again: its create went through, but a killed
  /// run may have stopped before what follows it. One read says what is missing, and only that is
  /// sent (a re-run of a finished migration reads one record and writes nothing).
  private func finishInterrupted(_ kind: RecordKind, _ record: JSONObject, target: Int, current: JSONObject? = nil)
    async throws(MonicaError)
  {
    switch kind.object {
    case "contact", "task":
      guard let mapping = kind.writes else { return }
      var current = current ?? JSONObject()
      if current.members.isEmpty {
        let response = try await client.send(mapping.request(.read, id: "\(target)"))
        try client.check(response, path: "\(mapping.path)/\(target)", what: "\(kind.object) #\(target)")
        current = try LineWrite.record(in: response, request: "GET /api\(mapping.path)/\(target)").1
      }
      if kind.object == "task", record["completed"] == .bool(true), current["completed"] != .bool(true) {
        var body = mapping.body(line: JSONObject(), record: current, operation: .update, today: today)
        body["completed"] = .bool(true)
        try await send(mapping.request(.update, id: "\(target)", body: body), what: "task #\(target)")
      }
      if kind.object == "contact" {
        let names = (record["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        let missing = WriteMapping.tagChanges(current: current, desired: names).set
        if !missing.isEmpty {
          let body = JSONObject(["tags": .array(missing.map(JSONValue.string))])
          try await send(mapping.request(.setTags, id: "\(target)", body: body), what: "contact #\(target)")
        }
        let wanted = record["information"]?["avatar"]?["source"]?.stringValue
        if wanted != current["information"]?["avatar"]?["source"]?.stringValue {
          try await setAvatar(of: record, target: target)
        }
        let source = record["id"]?.intValue ?? 0
        try await finishExtras("contact", record, source: source, target: target, current: current)
      }
    case "gift", "photo":
      let source = record["id"]?.intValue ?? 0
      try await finishExtras(kind.object, record, source: source, target: target, current: current)
    default:
      break
    }
  }
}
