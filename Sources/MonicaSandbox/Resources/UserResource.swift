import MonicaKit

/// The user as `/api/me` renders it (app/Http/Resources/Account/User/User.php:23-41).
enum UserResource {
  /// The signed-in user, `me` their own contact (a ContactShortResource, or null).
  static func json(
    id: Int, uuid: String, firstName: String, lastName: String, email: String, me: JSONValue, timezone: String,
    currency: JSONObject, locale: String, created: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string("user"), "first_name": .string(firstName),
      "last_name": .string(lastName), "name": .string("\(firstName) \(lastName)"), "email": .string(email),
      "me_contact": me, "timezone": .string(timezone), "currency": .object(currency), "locale": .string(locale),
      "is_policy_compliant": .bool(true), "account": RecordShapes.accountJSON(1), "created_at": created,
      "updated_at": created,
    ])
  }
}
