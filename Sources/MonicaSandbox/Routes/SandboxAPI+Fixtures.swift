import Foundation
import MonicaKit

/// The fixture routes, served only with `--fixture-routes` (on 127.0.0.1, as everything): what
/// Monica's own tests do through factories and Carbon, for Tests/ConformanceTests.
///
/// - `POST /sandbox/accounts/2/<route>`: a row of a second account in the kind's table. Monica's
///   tables hold every account's rows under one auto-increment; a row of another account has an
///   id that `exists:<table>,id` finds (the services' rules, e.g. UpdateGift.php:22), while every
///   look-up is scoped to the signed-in account (`Gift::where('account_id', ...)->findOrFail`,
///   UpdateGift.php:40), so it answers 404. The sandbox keeps such a row as its id alone: the
///   auto-increment skips it, `exists` finds it, no read or listing ever sees it. Answers
///   `{"id": N}` (201).
/// - `POST /sandbox/clock` `{"now": "2018-01-01T07:00:00Z"}` (or `null`): the instant the sandbox
///   takes as now for what it writes and computes, as `Carbon::setTestNow` does. Answers 200.
/// - `POST /sandbox/config` `{"monica.allow_statistics_through_public_api_access": true}`: Monica's
///   configuration as `config([...])` changes it. Answers 200.
/// - `POST /sandbox/terms` `{"term_version": ..., ...}`: a compliance term as `factory(Term::class)`
///   makes one (database/factories/SettingsFactory.php:3-10), created now. Answers 201 with it.
/// - `POST /sandbox/terms/{id}/users`: the user signs that term without an IP address, as
///   `$user->terms()->syncWithoutDetaching([$term->id => [...]])` does. Answers 201.
/// - `GET /sandbox/rows/contacts/{id}`: the columns of a contact the API never prints
///   (`first_met_reminder_id`, the ids of its special dates), as `Contact::find($id)` reads them.
/// - `GET /sandbox/rows/special_dates[/{id}]`: the account's rows of `special_dates` (a contact's
///   birthdate, date of death and first-met date, each with its contact), which the API prints
///   only inside the contact.
extension SandboxAPI {
  /// The answer to a fixture route, or nil when `path` is not one.
  func fixture(method: String, path: String, body: [UInt8]) -> APIResponse? {
    guard path.hasPrefix("/sandbox/") else { return nil }
    let rest = path.dropFirst("/sandbox/".count)
    if rest.hasPrefix("rows/contacts/"), method == "GET" { return hiddenColumns(String(rest.dropFirst(14))) }
    if rest.hasPrefix("rows/special_dates"), method == "GET" {
      return specialDates(rest.split(separator: "/").dropFirst(2).first.map(String.init))
    }
    guard method == "POST" else {
      return .message(405, "The \(method) method is not supported for this route. Supported methods: POST.")
    }
    if rest == "clock" { return setClock(body) }
    if rest == "config" { return setConfiguration(body) }
    if rest == "terms" { return makeTerm(body) }
    if rest.hasPrefix("terms/"), rest.hasSuffix("/users") { return signTerm(String(rest.dropFirst(6).dropLast(6))) }
    if rest.hasPrefix("accounts/2/") { return reserveOtherAccountRow(String(rest.dropFirst("accounts/2/".count))) }
    return .message(404, "The route \(path.dropFirst()) could not be found.")
  }

  private func setConfiguration(_ body: [UInt8]) -> APIResponse {
    let key = "monica.allow_statistics_through_public_api_access"
    guard let value = try? JSONValue(parsing: body), let flag = value[key]?.boolValue else {
      return .message(422, "Expected {\"\(key)\": true or false}")
    }
    settings.allowsPublicStatistics = flag
    return .json(200, value)
  }

  private func makeTerm(_ body: [UInt8]) -> APIResponse {
    let given = (try? JSONValue(parsing: body))?.objectValue ?? JSONObject()
    func text(_ key: String) -> String { given[key].map { $0.stringValue ?? $0.displayText } ?? "Lorem ipsum" }
    let now = JSONValue.string(UTCTime.timestamp(clock.now()))
    return store.withState { state in
      let id = (state.contents.terms.compactMap { $0["id"]?.intValue }.max() ?? 0) + 1
      let term = ComplianceResource.json(
        id: id, termVersion: text("term_version"), termContent: text("term_content"),
        privacyVersion: text("privacy_version"), privacyContent: text("privacy_content"), created: now, updated: now)
      state.contents.terms.append(term)
      state.invalidate()
      return .json(201, .object(JSONObject(["data": .object(term)])))
    }
  }

  private func signTerm(_ id: String) -> APIResponse {
    let now = clock.now()
    return store.withState { state in
      guard let termID = state.contents.term(id)?["id"]?.intValue else { return .notFound }
      if state.contents.signatures[termID] == nil {
        state.contents.signatures[termID] = StoreContents.Signature(ipAddress: nil, at: now)
      }
      state.invalidate()
      return .json(201, .object(JSONObject()))
    }
  }

  private func hiddenColumns(_ id: String) -> APIResponse {
    store.withState { state in
      guard let number = Int(id), let contact = state.contents[.contact].records[number] else { return .notFound }
      let reminder = state.contents.firstMetReminders[number]
      var row = JSONObject(["id": .int(number), "first_met_reminder_id": reminder.map(JSONValue.int) ?? .null])
      for date in Self.specialDates(of: contact) { row[date.column] = .int(date.id) }
      return .json(200, .object(row))
    }
  }

  /// The `special_dates` rows of the account's contacts, or the one of id `id`.
  private func specialDates(_ id: String?) -> APIResponse {
    store.withState { state in
      let rows = state.contents[.contact].all.flatMap { Self.specialDates(of: $0).map(\.row) }
      if let id {
        guard let row = rows.first(where: { $0["id"]?.intValue == Int(id) }) else { return .notFound }
        return .json(200, .object(JSONObject(["data": .object(row)])))
      }
      return .json(200, .object(JSONObject(["data": .array(rows.map(JSONValue.object))])))
    }
  }

  /// A contact's special dates as `special_dates` rows, each with the contact's column that
  /// points at it; a row's id is the sandbox's own (the contact's id and the date's place).
  static func specialDates(of contact: JSONObject) -> [(column: String, id: Int, row: JSONObject)] {
    guard let contactID = contact["id"]?.intValue else { return [] }
    let dates: [(String, JSONValue?)] = [
      ("birthday_special_date_id", contact["information"]?["dates"]?["birthdate"]),
      ("deceased_special_date_id", contact["information"]?["dates"]?["deceased_date"]),
      ("first_met_special_date_id", contact["information"]?["how_you_met"]?["first_met_date"]),
    ]
    return dates.enumerated().compactMap { index, pair in
      guard let date = pair.1?["date"]?.stringValue else { return nil }
      let id = contactID * 10 + index + 1
      let row = JSONObject([
        "id": .int(id), "account_id": .int(1), "contact_id": .int(contactID), "date": .string(String(date.prefix(10))),
        "is_age_based": pair.1?["is_age_based"] ?? .null, "is_year_unknown": pair.1?["is_year_unknown"] ?? .null,
      ])
      return (pair.0, id, row)
    }
  }

  private func reserveOtherAccountRow(_ route: String) -> APIResponse {
    // Contact fields live by contact (StoreContents.contactFields): no table keeps a reserved id.
    guard let kind = RecordKind.routed(route), kind != .contactField else {
      return .message(404, "No table of another account's rows for \(route)")
    }
    return store.withState { state in
      let id = state.contents[kind].nextID
      state.contents[kind].otherAccountIDs.insert(id)
      state.invalidate()
      return .json(201, .object(JSONObject(["id": .int(id)])))
    }
  }

  private func setClock(_ body: [UInt8]) -> APIResponse {
    guard let value = try? JSONValue(parsing: body), let instant = value["now"] else {
      return .message(422, "Expected {\"now\": \"YYYY-MM-DDTHH:MM:SSZ\"} or {\"now\": null}")
    }
    if instant == .null {
      clock.freeze(at: nil)
    } else {
      guard let text = instant.stringValue, let seconds = Self.instant(text) else {
        return .message(422, "Expected {\"now\": \"YYYY-MM-DDTHH:MM:SSZ\"} or {\"now\": null}")
      }
      clock.freeze(at: seconds)
    }
    return .json(200, .object(JSONObject(["now": instant])))
  }
}

extension SandboxAPI {
  /// `YYYY-MM-DDTHH:MM:SSZ` as seconds since 1970, UTC.
  static func instant(_ text: String) -> Int? {
    guard text.count == 20, text.hasSuffix("Z"), let day = UTCTime.parseDate(text) else { return nil }
    let clock = text.dropFirst(11).prefix(8).split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3, clock[0] < 24, clock[1] < 60, clock[2] < 60 else { return nil }
    return day + clock[0] * 3600 + clock[1] * 60 + clock[2]
  }
}

extension RecordTable {
  /// Whether `exists:<table>,id` finds the id: a row of the signed-in account, or of another
  /// account (`--fixture-routes`), which no account-scoped look-up finds.
  package func exists(_ id: Int) -> Bool { records[id] != nil || otherAccountIDs.contains(id) }
}

extension StoreContents {
  /// The input attributes that name a row, and its table: every service looks each of them up
  /// within the signed-in account after its rules (`Contact::where('account_id', ...)->findOrFail`,
  /// e.g. CreateGift.php:47-52, UpdateAvatar.php:43, SetMeContact.php:40, CreateActivity.php:70-85).
  static let rowReferences: [String: RecordKind] = [
    "contact_id": .contact, "recipient_id": .contact, "contact_is": .contact, "of_contact": .contact,
    "met_through_contact_id": .contact, "contacts": .contact, "gender_id": .gender,
    "relationship_type_id": .relationshipType, "activity_type_id": .activityType,
    "activity_type_category_id": .activityTypeCategory, "company_id": .company, "place_id": .place,
    "contact_field_type_id": .contactFieldType, "photo_id": .photo, "gift_id": .gift,
  ]

  /// Whether a write names a row of another account (`--fixture-routes`), by its route's id or
  /// an input attribute: Monica's scoped look-up of it is a 404 (`ModelNotFoundException`).
  func namesOtherAccount(_ route: Route, _ input: JSONObject) -> Bool {
    func other(_ kind: RecordKind, _ value: JSONValue?) -> Bool {
      let ids = value?.arrayValue?.compactMap(\.intValue) ?? value?.intValue.map { [$0] } ?? []
      return ids.contains { self[kind].otherAccountIDs.contains($0) }
    }
    if Self.rowReferences.contains(where: { other($0.value, input[$0.key]) }) { return true }
    switch route {
    case .update(let kind, let id), .delete(let kind, let id): return other(kind, Int(id).map(JSONValue.int))
    case .contactPart(let id, _), .setTags(let id), .unsetTag(let id), .unsetTags(let id):
      return other(.contact, Int(id).map(JSONValue.int))
    default: return false
    }
  }
}
