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
extension SandboxAPI {
  /// The answer to a fixture route, or nil when `path` is not one.
  func fixture(method: String, path: String, body: [UInt8]) -> APIResponse? {
    guard path.hasPrefix("/sandbox/") else { return nil }
    let rest = path.dropFirst("/sandbox/".count)
    guard method == "POST" else {
      return .message(405, "The \(method) method is not supported for this route. Supported methods: POST.")
    }
    if rest == "clock" { return setClock(body) }
    if rest.hasPrefix("accounts/2/") { return reserveOtherAccountRow(String(rest.dropFirst("accounts/2/".count))) }
    return .message(404, "The route \(path.dropFirst()) could not be found.")
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
