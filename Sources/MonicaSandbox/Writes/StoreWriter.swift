import Foundation
import MonicaKit

/// One write applied to a copy of the state: the generic create, update and delete
/// (StoreWriter+Records.swift) with Monica's rules (StoreWriter+Rules.swift), the kinds'
/// resources, and the routes below a record; what they share is here.
struct StoreWriter {
  var state: RecordStore.State

  let baseURL: String

  let now: Int

  var random: SplitMix64

  /// Whether a document's link is a public `/storage/` URL (SandboxAPI.publicStorage).
  var publicStorage = false

  /// Where photos' links and default avatars point: `BASE/store`; seeding with public storage
  /// (SeedData.addingDuplicates) makes them `BASE/storage`, as the seeded ones are.
  var filesURL: String

  init(state: RecordStore.State, baseURL: String, now: Int) {
    self.state = state
    self.baseURL = baseURL
    filesURL = baseURL + "/store"
    self.now = now
    var system = SystemRandomNumberGenerator()
    random = SplitMix64(seed: system.next())
  }

  var contents: StoreContents {
    get { state.contents }
    set { state.contents = newValue }
  }

  var stamp: JSONValue { .string(UTCTime.timestamp(now)) }

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
    return ContactShortResource.json(fromFull: full, avatar: contents.partialAvatars[contactID])
  }

  /// The contact a write names, as a service looks it up after its rules
  /// (`Contact::where('account_id', ...)->findOrFail`, e.g. CreateGift.php:50-51): nil, a 404, for
  /// no contact of the account, and for a soft-deleted one, which `exists:contacts,id` still finds
  /// (`StoreContents.rowExists`) but the model's SoftDeletes scope leaves out (Contact.php:49).
  func accountContact(_ value: JSONValue?) -> Int? {
    value?.intValue.flatMap { contents[.contact].records[$0] != nil ? $0 : nil }
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

  /// A date or a date and time (`2021-03-04`, `2021-03-04T10:20:30Z`, `2021-03-04 10:20:30`)
  /// as seconds since the epoch, as Carbon parses what the `date` rule lets through.
  static func moment(_ text: String) -> Int? {
    guard let day = UTCTime.parseDate(text) else { return nil }
    let rest = text.dropFirst(10)
    guard rest.count >= 9, rest.first == "T" || rest.first == " " else { return day }
    let clock = rest.dropFirst().prefix(8).split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3 else { return day }
    return day + clock[0] * 3_600 + clock[1] * 60 + clock[2]
  }

  /// A route id that is no number given to a controller that declares it `int`: PHP's TypeError,
  /// which Laravel renders as a bare 500.
  static let typeError = APIResponse.message(500, "Server Error")

  /// `{"deleted": true, "id": ...}` (JsonRespondController.php:186-192): the id as the controller
  /// got it, a string from an untyped parameter, a number from an `int` one.
  func deleted(_ id: JSONValue) -> APIResponse {
    .json(200, .object(JSONObject(["deleted": .bool(true), "id": id])))
  }

  /// A record an update wrote: `updated_at` moves only when something changed, as Eloquent saves
  /// no clean model.
  func touched(_ record: JSONObject, was before: JSONObject?) -> JSONObject {
    var record = record
    if record != before { record["updated_at"] = stamp }
    return record
  }
}
