import MonicaKit

/// The user as `/api/me` renders it (app/Http/Resources/Account/User/User.php:23-41).
enum UserResource {
  /// The signed-in user, `me` their own contact (a ContactShortResource, or null).
  static func json(
    id: Int, uuid: String, firstName: String, lastName: String, email: String, me: JSONValue, timezone: String,
    currency: JSONObject, locale: String, created: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string(RecordKind.user.object),
      "first_name": .string(firstName),
      "last_name": .string(lastName), "name": .string("\(firstName) \(lastName)"), "email": .string(email),
      "me_contact": me, "timezone": .string(timezone), "currency": .object(currency), "locale": .string(locale),
      "is_policy_compliant": .bool(true), "account": RecordShapes.accountJSON(1), "created_at": created,
      "updated_at": created,
    ])
  }
}

/// The user's own contact (app/Services/Contact/Contact/SetMeContact.php, DeleteMeContact.php).
extension StoreWriter {
  /// ApiMeController::store (ApiMeController.php:31-47) and SetMeContact (SetMeContact.php:16-52):
  /// `contact_id` required, an integer, of an existing contact; answers `["true"]`.
  mutating func setMe(_ input: JSONObject) -> APIResponse {
    if let refusal = refusal(RecordKind.userContactRules, input) { return refusal }
    guard let contactID = accountContact(input["contact_id"]) else { return .notFound }  // SetMeContact.php:45-46
    setMeContact(contactID)
    return .json(200, .array([.string("true")]))
  }

  /// ApiMeController::destroy and DeleteMeContact (DeleteMeContact.php:31-40): no contact is the
  /// user's own any more; answers `["true"]`.
  mutating func unsetMe() -> APIResponse {
    setMeContact(nil)
    return .json(200, .array([.string("true")]))
  }

  /// Makes `id` (or none) the user's own contact: `is_me` compares with the user's
  /// me_contact_id (Contact.php:484-487), so both contacts change, and every copy of them.
  private mutating func setMeContact(_ id: Int?) {
    let previous = contents.user["me_contact"]?["id"]?.intValue
    for (contactID, isMe) in [(previous, false), (id, true)] {
      guard let contactID, var contact = contents[.contact].records[contactID] else { continue }
      contact["is_me"] = .bool(isMe)
      contents[.contact].put(contactID, contact)
      propagate(contactID)
      refreshIntroducer(contactID)
    }
    contents.user["me_contact"] = id.map(short) ?? .null
  }

  /// Replaces the copies of contact `id` embedded as another contact's introducer.
  private mutating func refreshIntroducer(_ id: Int) {
    let fresh = short(id)
    for var contact in contents[.contact].all {
      guard contact["information"]?["how_you_met"]?["first_met_through_contact"]?["id"]?.intValue == id,
        let contactID = contact["id"]?.intValue, var information = contact["information"]?.objectValue,
        var met = information["how_you_met"]?.objectValue
      else { continue }
      met["first_met_through_contact"] = fresh
      information["how_you_met"] = .object(met)
      contact["information"] = .object(information)
      contents[.contact].put(contactID, contact)
    }
  }
}
