import MonicaKit

/// A note as the API renders it (app/Http/Resources/Note/Note.php), for seeding and writing.
enum NoteResource {
  /// A note; favourited when `favoritedAt` is given.
  static func json(
    id: Int, uuid: JSONValue, body: String, favoritedAt: JSONValue?, contact: JSONValue, baseURL: String,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("note"), "body": .string(body),
      "is_favorited": .bool(favoritedAt != nil), "favorited_at": favoritedAt ?? .null,
      "url": .string("\(baseURL)/api/notes/\(id)"), "account": RecordShapes.accountJSON(1), "contact": contact,
      "created_at": created, "updated_at": updated,
    ])
  }
}
