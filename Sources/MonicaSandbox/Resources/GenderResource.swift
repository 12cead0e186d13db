import MonicaKit

/// A gender as the API renders it (app/Http/Resources/Gender/Gender.php:21-31), for seeding and
/// writing.
enum GenderResource {
  /// A gender of type `M`, `F` or `O`.
  static func json(id: Int, name: String?, type: String?, created: JSONValue, updated: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string("gender"), "name": .string(name), "type": .string(type),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": updated,
    ])
  }
}
