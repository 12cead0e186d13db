import MonicaKit

/// A tag as the API renders it (app/Http/Resources/Tag/Tag.php): no uuid; for seeding and writing.
enum TagResource {
  /// A tag named `name`, its slug `slug`.
  static func json(id: Int, name: String, slug: String, created: JSONValue, updated: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string("tag"), "name": .string(name), "name_slug": .string(slug),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": updated,
    ])
  }
}
