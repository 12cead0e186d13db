import MonicaKit

/// A journal entry as the API renders it (app/Http/Resources/Journal/Entry.php:21-34), for
/// seeding and writing.
enum JournalEntryResource {
  /// An entry; `date` is the model's `date` attribute as Carbon prints it (with microseconds).
  static func json(
    id: Int, uuid: JSONValue, title: String?, post: String?, date: JSONValue, baseURL: String, created: JSONValue,
    updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("entry"), "title": .string(title), "post": .string(post),
      "date": date, "url": .string("\(baseURL)/api/journal/\(id)"), "account": RecordShapes.accountJSON(1),
      "created_at": created, "updated_at": updated,
    ])
  }
}
