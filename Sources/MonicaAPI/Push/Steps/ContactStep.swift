import MonicaKit

/// Contacts: created by their write mapping, then given what the contact's update does not take,
/// each by its own route (`RecordKind.ContactPart`): the avatar (Adorable and Gravatar at once, a
/// photo when that photo is created, `PhotoStep`), work, food and the introduction (its
/// introducer translated through the map, or sent when the introducer's create comes later in
/// the stream), and the user's own contact (`is_me`).
enum ContactStep: MigrationStep {
  /// The common create, once Monica's rules of the parts sent after it pass: a line whose job
  /// or avatar Monica would refuse is refused before its contact is made.
  static func create(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    try refuseBrokenParts(line, in: migration)
    try await RecordStep.createRecord(line, in: migration)
  }

  /// The common plan, the parts checked as a real run checks them.
  static func plan(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    try refuseBrokenParts(line, in: migration)
    try await RecordStep.planRecord(line, in: migration)
  }

  /// The line's error when a part it sends after the create breaks Monica's rules for it
  /// (`RecordKind.ContactPart.rules`, checked by the one checker, WriteRuleChecker.swift).
  private static func refuseBrokenParts(_ line: MigrationLine, in migration: Migration) throws(MonicaError) {
    let problems = RecordKind.ContactPart.problems(of: line.record, today: migration.today)
    guard !problems.isEmpty else { return }
    throw .malformedInput(
      source: line.place.source, line: line.place.number,
      reason: problems.joined(separator: "; ") + "; nothing was sent")
  }

  static func notice(_ line: MigrationLine, in migration: Migration) {
    let avatar = line.record["information"]?["avatar"]
    if avatar?["source"]?.stringValue == RecordKind.AvatarSource.photo.rawValue,
      let link = avatar?["url"]?.stringValue
    {
      migration.extras.avatarPhotos[line.id] = link
    }
    migration.extras.meet(.contact, line.id)
    if let introduction = RecordKind.ContactPart.introduction(line.record, today: migration.today),
      let introducer = introduction.introducer, migration.extras.comesLater(.contact, introducer)
    {
      migration.extras.introductionsWaiting[introducer, default: []].append((line.id, introduction))
    }
  }

  /// After a contact's create: its avatar, work, food and introduction, the user's own contact,
  /// then the introductions that waited for this contact.
  static func created(_ line: MigrationLine, target: Int, in migration: Migration) async throws(MonicaError) {
    try await migration.setAvatar(of: line.record, target: target)
    try await migration.sendParts(of: line.record, target: target, current: nil)
    for waiting in migration.extras.introductionsWaiting[line.id] ?? [] {
      guard let contact = migration.map.target(of: .contact, source: waiting.contact) else { continue }
      try await migration.sendIntroduction(waiting.introduction, target: contact, current: nil)
    }
  }

  /// The tags, avatar and parts the target's contact lacks; the introductions that waited for
  /// it, each read first.
  static func finish(_ line: MigrationLine, target: Int, current: JSONObject?, in migration: Migration)
    async throws(MonicaError)
  {
    guard let mapping = line.kind.writes else { return }
    let current = try await migration.current(mapping, target, current)
    let record = line.record
    let names = (record["tags"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    let missing = WriteMapping.tagChanges(current: current, desired: names).set
    if !missing.isEmpty {
      let body = JSONObject(["tags": .array(missing.map(JSONValue.string))])
      try await migration.send(mapping.request(.setTags, id: "\(target)", body: body), what: "contact #\(target)")
    }
    let wanted = record["information"]?["avatar"]?["source"]?.stringValue
    if wanted != current["information"]?["avatar"]?["source"]?.stringValue {
      try await migration.setAvatar(of: record, target: target)
    }
    try await migration.sendParts(of: record, target: target, current: current)
    for waiting in migration.extras.introductionsWaiting[line.id] ?? [] {
      guard let contact = migration.map.target(of: .contact, source: waiting.contact) else { continue }
      let read = try await migration.readContact(contact)
      try await migration.sendIntroduction(waiting.introduction, target: contact, current: read)
    }
  }

  /// The introduction's parts no route takes, an introducer not on the target, and `is_me` when
  /// the target's user has a contact of its own.
  static func losses(_ record: JSONObject, in migration: Migration) async throws(MonicaError) -> [String] {
    var lost: [String] = []
    if let introduction = RecordKind.ContactPart.introduction(record, today: migration.today) {
      lost += introduction.losses
      if let source = introduction.introducer, !migration.isOnTarget(RecordKind.contact.object, source),
        !migration.extras.comesLater(.contact, source)
      {
        lost.append(
          "first_met_through_contact of contacts whose introducer is not on the target (not in the stream, "
            + "or not created)")
      }
    }
    if record["is_me"] == .bool(true), try await !migration.isTargetMe(record) {
      lost.append("is_me of a contact (the target's user has its own contact)")
    }
    return lost
  }

  /// The introductions that waited for an introducer that was never created.
  static func endOfStream(in migration: Migration) {
    for (introducer, contacts) in migration.extras.introductionsWaiting
    where !migration.isOnTarget(RecordKind.contact.object, introducer) {
      for _ in contacts {
        migration.report.lost(
          RecordKind.contact.object, "how-you-met of contacts whose introducer was not created (not sent)")
      }
    }
  }
}

extension Migration {
  /// Gives a new contact the avatar it had, when the API can: Adorable and Gravatar at once, a
  /// photo when that photo is created; the default needs nothing.
  func setAvatar(of record: JSONObject, target: Int) async throws(MonicaError) {
    guard let text = record["information"]?["avatar"]?["source"]?.stringValue,
      let source = RecordKind.AvatarSource(rawValue: text), source == .adorable || source == .gravatar
    else { return }
    try await putAvatar(contact: target, body: JSONObject(["source": .string(source.rawValue)]))
  }

  /// `PUT /contacts/{id}/avatar` (routes/api.php:141).
  func putAvatar(contact: Int, body: JSONObject) async throws(MonicaError) {
    let request = WriteRequest(.update, RecordKind.path(ofContact: contact, .avatar), body: body)
    try await send(request, what: "contact #\(contact)")
  }

  /// Sends what the target's contact lacks of the record's work, food, introduction and is_me;
  /// with no `current`, the contact was just made and lacks all of it.
  func sendParts(of record: JSONObject, target: Int, current: JSONObject?) async throws(MonicaError) {
    for part in [RecordKind.ContactPart.work, .food] {
      guard let wanted = part.body(of: record, today: today),
        current.map({ part.body(of: $0, today: today) != wanted }) ?? true
      else { continue }
      let request = WriteRequest(.update, RecordKind.path(ofContact: target, part), body: wanted)
      try await send(request, what: "contact #\(target)")
    }
    if let introduction = RecordKind.ContactPart.introduction(record, today: today) {
      try await sendIntroduction(introduction, target: target, current: current)
    }
    if record["is_me"] == .bool(true), current?["is_me"] != .bool(true) { try await makeMe(target) }
  }

  /// Sends a contact's introduction, its introducer translated through the map; nothing when it
  /// waits for an introducer further down the stream, or when `current` has it already.
  func sendIntroduction(_ introduction: RecordKind.ContactPart.Introduction, target: Int, current: JSONObject?)
    async throws(MonicaError)
  {
    // What the introduction cannot carry is said by `losses(of:_:)`, on every run.
    var introducer: Int?
    if let source = introduction.introducer {
      if let copy = map.target(of: .contact, source: source) {
        introducer = copy
      } else if extras.comesLater(.contact, source) {
        return
      }
    }
    let wanted = introduction.body(introducer: introducer)
    if let current {
      let have = RecordKind.ContactPart.introduction(current, today: today)
      if have?.body(introducer: have?.introducer) == wanted { return }
    }
    let request = WriteRequest(.update, RecordKind.path(ofContact: target, .introduction), body: wanted)
    try await send(request, what: "contact #\(target)")
  }

  /// Makes the target's contact the user's own (`POST /me/contact`, routes/api.php:23;
  /// SetMeContact.php:31-52) when the target's user has none; otherwise that one is kept.
  private func makeMe(_ target: Int) async throws(MonicaError) {
    try await readTargetMe()
    switch extras.targetMe {
    case .some(.none):
      let body = JSONObject(["contact_id": .int(target)])
      try await send(WriteRequest(.create, RecordKind.userContactPath, body: body), what: "contact #\(target)")
      extras.targetMe = .some(target)
    default:
      // The target's user keeps its own contact: said by `losses(of:_:)`.
      return
    }
  }

  /// Whether the target's user has the map's copy of `record` (an `is_me` contact) as its own
  /// contact, or has none and will be given it: the target's `/me` is read once.
  func isTargetMe(_ record: JSONObject) async throws(MonicaError) -> Bool {
    try await readTargetMe()
    guard case .some(.some(let me)) = extras.targetMe else { return true }
    guard let source = record["id"]?.intValue, let copy = map.target(of: .contact, source: source) else {
      return false
    }
    return me == copy
  }

  /// Reads the target's user once: its own contact's id, or none.
  private func readTargetMe() async throws(MonicaError) {
    guard extras.targetMe == nil else { return }
    let path = RecordKind.user.path
    let response = try await client.get(path, what: "the \(RecordKind.user.singular)")
    let user = try LineWrite.record(in: response, request: "GET /api\(path)").1
    extras.targetMe = .some(user["me_contact"]?["id"]?.intValue)
  }

  /// The target's contact `id`, as `GET /contacts/{id}` gives it.
  func readContact(_ id: Int) async throws(MonicaError) -> JSONObject {
    let path = RecordKind.contact.path(of: id)
    let response = try await client.get(path, what: "contact #\(id)")
    return try LineWrite.record(in: response, request: "GET /api\(path)").1
  }
}
