import Foundation
import MonicaKit

/// One write applied to a copy of the state, Monica's validation first.
struct StoreWriter {
  var state: RecordStore.State
  let baseURL: String
  let now: Int
  var random: SplitMix64
  /// Whether a document's link is a public `/storage/` URL (SandboxAPI.publicStorage).
  var publicStorage = false

  init(state: RecordStore.State, baseURL: String, now: Int) {
    self.state = state
    self.baseURL = baseURL
    self.now = now
    var system = SystemRandomNumberGenerator()
    random = SplitMix64(seed: system.next())
  }

  var contents: StoreContents {
    get { state.contents }
    set { state.contents = newValue }
  }
  var stamp: JSONValue { .string(UTCTime.timestamp(now)) }

  mutating func perform(_ route: Route, _ input: JSONObject, upload: (bytes: [UInt8], filename: String)?) -> APIResponse
  {
    if let failure = missingRouteID(route, input) { return failure }
    switch route {
    case .create(.contact): return saveContact(nil, input)
    case .update(.contact, let id): return Int(id).map { saveContact($0, input) } ?? .notFound
    case .delete(.contact, let id): return deleteContact(id)
    case .create(.note): return saveNote(nil, input)
    case .update(.note, let id): return Int(id).map { saveNote($0, input) } ?? .notFound
    case .create(.task): return saveTask(nil, input)
    case .update(.task, let id): return Int(id).map { saveTask($0, input) } ?? .notFound
    case .create(.gift): return saveGift(nil, input)
    case .update(.gift, let id): return Int(id).map { saveGift($0, input) } ?? .notFound
    case .create(.activity): return saveActivity(nil, input)
    case .update(.activity, let id): return Int(id).map { saveActivity($0, input) } ?? .notFound
    case .create(.tag): return saveTag(nil, input)
    case .update(.tag, let id): return Int(id).map { saveTag($0, input) } ?? .notFound
    case .create(.photo): return savePhoto(input, upload: upload)
    case .create(.document): return saveDocument(input, upload: upload)
    case .delete(let kind, let id) where !Self.deletedByService.contains(kind): return delete(kind, id)
    case .setTags(let id): return setTags(id, input)
    case .unsetTag(let id): return unsetTags(id, input, all: false)
    case .unsetTags(let id): return unsetTags(id, input, all: true)
    case .avatar(let id): return setAvatar(id, input)
    default: return performContactExtra(route, input) ?? performAccountKind(route, input)
    }
  }

  // MARK: - Helpers

  /// What Monica answers when a service calls `throwInactive` on an archived contact
  /// (Contact.php:1570-1576, resources/lang/en/people.php:45).
  static let archivedMessage = "Archived contact can’t be edited, please unarchive it first."

  /// The same through a controller that catches the ValidationException (code 32).
  static let archived = APIResponse.error(422, 32, .array([.string(archivedMessage)]))

  /// The same uncaught, as Laravel's handler renders it (ApiContactTagController has no catch).
  static let archivedUncaught = APIResponse.json(
    422,
    .object(
      JSONObject([
        "message": .string(archivedMessage),
        "errors": .object(JSONObject(["0": .array([.string(archivedMessage)])])),
      ])))

  func isArchived(_ contactID: Int?) -> Bool {
    contactID.flatMap { contents[.contact].records[$0]?["is_active"]?.boolValue } == false
  }

  func data(_ status: Int, _ record: JSONObject) -> APIResponse {
    .json(status, .object(JSONObject(["data": .object(record)])))
  }

  func short(_ contactID: Int) -> JSONValue {
    guard let full = contents[.contact].records[contactID] else { return .null }
    return RecordShapes.shortContact(fromFull: full, avatar: contents.partialAvatars[contactID])
  }

  func contactExists(_ value: JSONValue?) -> Bool {
    value?.intValue.map { contents[.contact].records[$0] != nil } ?? false
  }

  static func text(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: text.isEmpty ? nil : text
    case .number(let text)?: text
    default: nil
    }
  }

  static func flag(_ value: JSONValue?) -> Bool {
    switch value {
    case .bool(let flag)?: flag
    case .number(let text)?, .string(let text)?: text == "1" || text == "true"
    default: false
    }
  }

  /// Recounts a contact's items and its last activity after a child changed.
  mutating func refreshContact(_ id: Int) {
    guard var record = contents[.contact].records[id], var statistics = record["statistics"]?.objectValue else {
      return
    }
    let counts: [(String, RecordKind)] = [
      ("number_of_notes", .note), ("number_of_activities", .activity), ("number_of_tasks", .task),
      ("number_of_gifts", .gift),
    ]
    for (key, kind) in counts { statistics[key] = .int(state.children(of: id, kind: kind).count) }
    record["statistics"] = .object(statistics)
    if record["last_activity_together"] != nil {
      let latest = state.children(of: id, kind: .activity).compactMap { $0["happened_at"]?.stringValue }.max()
      record["last_activity_together"] = latest.map { .string("\($0)T00:00:00.000000Z") } ?? .null
    }
    contents[.contact].put(id, record)
  }

  /// Replaces the embedded short copies of a contact after it changed.
  mutating func propagate(_ id: Int) {
    let fresh = short(id)
    for kind in [RecordKind.note, .task, .gift, .photo] {
      for var record in contents[kind].all {
        var changed = false
        if record["contact"]?["id"]?.intValue == id { record["contact"] = fresh; changed = true }
        if kind == .gift, record["recipient"]?["id"]?.intValue == id { record["recipient"] = fresh; changed = true }
        if changed, let recordID = record["id"]?.intValue { contents[kind].put(recordID, record) }
      }
    }
    for var activity in contents[.activity].all {
      guard var attendees = activity["attendees"]?.objectValue, let list = attendees["contacts"]?.arrayValue,
        list.contains(where: { $0["id"]?.intValue == id })
      else { continue }
      attendees["contacts"] = .array(list.map { $0["id"]?.intValue == id ? fresh : $0 })
      activity["attendees"] = .object(attendees)
      if let activityID = activity["id"]?.intValue { contents[.activity].put(activityID, activity) }
    }
    if contents.user["me_contact"]?["id"]?.intValue == id { contents.user["me_contact"] = fresh }
  }

  func specialDate(_ input: JSONObject, prefix: String) -> SpecialDate? {
    // SpecialDate::createFromAge: 1 January of the year now minus the age.
    if Self.flag(input["\(prefix)_is_age_based"]) {
      guard let age = input["\(prefix)_age"]?.intValue else { return nil }
      return SpecialDate(isAgeBased: true, date: UTCTime.seconds(year: UTCTime.civil(now).year - age, month: 1, day: 1))
    }
    guard let month = input["\(prefix)_month"]?.intValue, let day = input["\(prefix)_day"]?.intValue else { return nil }
    let year = input["\(prefix)_year"]?.intValue ?? 0
    if year == 0 {
      return SpecialDate(
        isYearUnknown: true, date: UTCTime.seconds(year: UTCTime.civil(now).year, month: month, day: day))
    }
    return SpecialDate(date: UTCTime.seconds(year: year, month: month, day: day))
  }

  // MARK: - Items

  mutating func saveNote(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.note].records[id] == nil { return .notFound }
    var check = Validation(input)
    check.string("body", required: true, max: 100_000)
    check.integer("contact_id", required: true)
    check.boolean("is_favorited")
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else { return .notFound }
    let existing = id.flatMap { contents[.note].records[$0] }
    let newID = id ?? contents[.note].nextID
    let favorited = Self.flag(input["is_favorited"])
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("note"),
      "body": .string(Self.text(input["body"]) ?? ""), "is_favorited": .bool(favorited),
      // Every write of a favourite sets favorited_at to now (ApiNoteController.php:74-76,110-114).
      "favorited_at": favorited ? stamp : .null,
      "url": .string("\(baseURL)/api/notes/\(newID)"), "account": RecordShapes.accountJSON(1),
      "contact": short(contactID), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    let previousOwner = existing?["contact"]?["id"]?.intValue
    contents[.note].put(newID, record)
    refreshContact(contactID)
    if let previousOwner, previousOwner != contactID { refreshContact(previousOwner) }
    return data(id == nil ? 201 : 200, record)
  }

  mutating func saveTask(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.task].records[id] == nil { return .notFound }
    var check = Validation(input)
    check.integer("contact_id")
    check.string("title", required: true)
    check.string("description")
    if id != nil { check.boolean("completed", required: true) }
    if let failure = check.failure { return failure }
    let existing = id.flatMap { contents[.task].records[$0] }
    var contact: JSONValue = existing?["contact"] ?? .null
    let givenContact = Self.text(input["contact_id"]).flatMap(Int.init).flatMap { $0 == 0 ? nil : $0 }
    if let existing {
      // UpdateTask finds the task through a given contact_id and never changes the contact
      // (UpdateTask.php:82-98).
      if let givenContact, existing["contact"]?["id"]?.intValue != givenContact { return .notFound }
    } else if let givenContact {
      guard contactExists(.int(givenContact)) else { return .notFound }
      contact = short(givenContact)
    }
    let newID = id ?? contents[.task].nextID
    // CreateTask is given contact_id, title and description only (ApiTaskController.php store);
    // UpdateTask sets completed_at to now whenever completed is true (UpdateTask.php:97).
    let completed = existing != nil && Self.flag(input["completed"])
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("task"),
      "title": .string(Self.text(input["title"]) ?? ""), "description": .string(Self.text(input["description"])),
      "completed": .bool(completed), "completed_at": completed ? stamp : .null,
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": existing?["created_at"] ?? stamp,
      "updated_at": stamp,
    ])
    contents[.task].put(newID, record)
    for owner in [contact["id"]?.intValue, existing?["contact"]?["id"]?.intValue].compactMap({ $0 }) {
      refreshContact(owner)
    }
    // Monica's CreateTask answers 200, not 201.
    return data(200, record)
  }

  mutating func saveGift(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.gift].records[id] == nil { return .notFound }
    var check = Validation(input)
    check.integer("contact_id", required: true)
    check.exists("contact_id", contactExists(input["contact_id"]))
    check.string("name", required: true, max: 255)
    check.oneOf("status", ["idea", "offered", "received"], required: true)
    check.string("comment", max: 1_000_000)
    check.string("url", max: 1_000_000)
    check.numeric("amount")
    check.date("date")
    check.integer("recipient_id")
    check.exists("recipient_id", contactExists(input["recipient_id"]))
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue else { return .notFound }
    if isArchived(contactID) { return Self.archived }  // CreateGift.php:53, UpdateGift.php:137
    let existing = id.flatMap { contents[.gift].records[$0] }
    let newID = id ?? contents[.gift].nextID
    let amount = Self.text(input["amount"]).flatMap(Double.init).map { Int(($0 * 100).rounded()) }
    var record = SeedData.gift(
      id: newID, uuid: existing?["uuid"]?.stringValue ?? random.uuid(), name: Self.text(input["name"]) ?? "",
      comment: Self.text(input["comment"]), url: Self.text(input["url"]), cents: amount == 0 ? nil : amount,
      status: Self.text(input["status"]) ?? "idea", date: Self.text(input["date"]).map { String($0.prefix(10)) },
      recipient: input["recipient_id"]?.intValue.map(short) ?? .null, contact: short(contactID), created: now)
    if let created = existing?["created_at"] { record["created_at"] = created }
    // An update leaves the gift's photos (UpdateGift.php:64-83 writes columns, never gift_photo).
    if let photos = existing?["photos"] { record["photos"] = photos }
    contents[.gift].put(newID, record)
    refreshContact(contactID)
    return data(id == nil ? 201 : 200, record)
  }

  mutating func saveActivity(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.activity].records[id] == nil { return .notFound }
    var check = Validation(input)
    check.integer("activity_type_id")
    check.string("summary", required: true)
    check.string("description")
    check.date("happened_at", required: true, format: true)
    check.array("emotions")
    check.array("contacts", required: true)
    if let failure = check.failure { return failure }
    let attendeeIDs = input["contacts"]?.arrayValue?.compactMap(\.intValue) ?? []
    guard attendeeIDs.allSatisfy({ contents[.contact].records[$0] != nil }) else { return .notFound }
    let existing = id.flatMap { contents[.activity].records[$0] }
    let newID = id ?? contents[.activity].nextID
    let typeID = input["activity_type_id"]?.intValue
    var emotions = (input["emotions"]?.arrayValue ?? []).compactMap(\.intValue).map {
      ($0, ["adoration", "joy", "relief", "nostalgia"][($0 - 1) % 4 < 0 ? 0 : ($0 - 1) % 4])
    }
    // Emotions are synced only when some are given (UpdateActivity.php:237): none keeps them.
    if emotions.isEmpty, let kept = existing?["emotions"]?.arrayValue {
      emotions = kept.compactMap { emotion in
        emotion["id"]?.intValue.map { ($0, emotion["name"]?.stringValue ?? "") }
      }
    }
    var record = SeedData.activity(
      id: newID, uuid: existing?["uuid"]?.stringValue ?? random.uuid(), summary: Self.text(input["summary"]) ?? "",
      description: Self.text(input["description"]),
      happened: UTCTime.parseDate(Self.text(input["happened_at"]) ?? "") ?? now,
      type: typeID.map { contents[.activityType].records[$0].map(JSONValue.object) ?? SeedData.activityType($0) }
        ?? .null, attendees: attendeeIDs.map(short), emotions: emotions,
      baseURL: baseURL, created: now)
    if let created = existing?["created_at"] { record["created_at"] = created }
    let previous = existing.map { RecordStore.State.contactIDs(of: $0, kind: .activity) } ?? []
    contents[.activity].put(newID, record)
    for owner in Set(attendeeIDs + previous) { refreshContact(owner) }
    return data(id == nil ? 201 : 200, record)
  }

  mutating func saveTag(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.tag].records[id] == nil { return .notFound }
    var check = Validation(input)
    check.string("name", required: true)
    if let failure = check.failure { return failure }
    let name = Self.text(input["name"]) ?? ""
    let record = makeTag(
      id: id ?? contents[.tag].nextID, name: name, created: id.flatMap { contents[.tag].records[$0]?["created_at"] })
    contents[.tag].put(record.id, record.json)
    if id != nil { replaceTagInContacts(record.id, with: record.json) }
    return data(id == nil ? 201 : 200, record.json)
  }

  func makeTag(id: Int, name: String, created: JSONValue?) -> (id: Int, json: JSONObject) {
    (
      id,
      JSONObject([
        "id": .int(id), "object": .string("tag"), "name": .string(name), "name_slug": .string(RecordShapes.slug(name)),
        "account": RecordShapes.accountJSON(1), "created_at": created ?? stamp, "updated_at": stamp,
      ])
    )
  }

  mutating func replaceTagInContacts(_ tagID: Int, with tag: JSONObject?) {
    for var contact in contents[.contact].all {
      guard let tags = contact["tags"]?.arrayValue, tags.contains(where: { $0["id"]?.intValue == tagID }),
        let contactID = contact["id"]?.intValue
      else { continue }
      contact["tags"] = .array(tags.compactMap { $0["id"]?.intValue == tagID ? tag.map(JSONValue.object) : $0 })
      contents[.contact].put(contactID, contact)
    }
  }

  mutating func savePhoto(_ input: JSONObject, upload: (bytes: [UInt8], filename: String)?) -> APIResponse {
    var check = Validation(input)
    check.integer("contact_id", required: true)
    check.exists("contact_id", contactExists(input["contact_id"]))
    var bytes: [UInt8]?
    var original = "upload"
    if let upload {
      bytes = upload.bytes
      original = upload.filename
      if TinyImage.kind(of: upload.bytes) == nil { check.add("The photo must be an image.") }
    } else if let text = Self.text(input["data"]) {
      let payload =
        text.hasPrefix("data:") ? String(text[(text.range(of: ",")?.upperBound ?? text.startIndex)...]) : text
      bytes = Data(base64Encoded: payload, options: .ignoreUnknownCharacters).map(Array.init)
      if bytes.map({ TinyImage.kind(of: $0) == nil }) ?? true { check.add("The data must be a valid photo.") }
    } else {
      check.add("The photo field is required when data is not present.")
      check.add("The data field is required when photo is not present.")
    }
    if let failure = check.failure { return failure }
    guard let bytes, let kind = TinyImage.kind(of: bytes), let contactID = input["contact_id"]?.intValue else {
      return .notFound
    }
    let newID = contents[.photo].nextID
    let fileExtension = Self.text(input["extension"]) ?? kind.fileExtension
    if upload == nil { original = "photo.\(fileExtension)" }
    let record = SeedData.photo(
      id: newID, uuid: random.uuid(), originalName: original, newName: "photos/\(random.hex(40)).\(fileExtension)",
      bytes: bytes, mimeType: kind.mimeType, contact: short(contactID), baseURL: baseURL, created: now)
    contents[.photo].put(newID, record)
    return data(201, record)
  }

  mutating func delete(_ kind: RecordKind, _ id: String) -> APIResponse {
    guard let number = Int(id), let record = contents[kind].records[number] else { return .notFound }
    contents[kind].remove(number)
    if kind == .tag { replaceTagInContacts(number, with: nil) }
    if kind == .activityType { clearActivityType(number) }
    for owner in RecordStore.State.contactIDs(of: record, kind: kind) { refreshContact(owner) }
    return .json(
      200,
      .object(JSONObject(["deleted": .bool(true), "id": Self.deletesWithStringID(kind) ? .string(id) : .int(number)])))
  }
}
