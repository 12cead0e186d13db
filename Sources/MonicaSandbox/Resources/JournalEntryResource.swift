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
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.entry.object), "title": .string(title),
      "post": .string(post),
      "date": date, "url": .string(baseURL + "/api" + RecordKind.entry.path(of: id)),
      "account": RecordShapes.accountJSON(1),
      "created_at": created, "updated_at": updated,
    ])
  }
}

/// ApiJournalController::store and update (ApiJournalController.php:57-126): the update changes
/// only the title and the post (line 99). An entry made through the API has no journal_entries
/// row, so its `date` is its creation time (app/Models/Journal/Entry.php:56-60), which Carbon
/// prints with microseconds.
extension JournalEntryResource: WritableResource {
  static let kind = RecordKind.entry

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), title: StoreWriter.text(input["title"]),
        post: StoreWriter.text(input["post"]), date: existing?["date"] ?? .string(UTCTime.microseconds(writer.now)),
        baseURL: writer.baseURL, created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}
