import MonicaKit

/// A note as the API renders it (app/Http/Resources/Note/Note.php), for seeding and writing.
enum NoteResource {
  /// A note; favourited when `favoritedAt` is given.
  static func json(
    id: Int, uuid: JSONValue, body: String, favoritedAt: JSONValue?, contact: JSONValue, baseURL: String,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.note.object), "body": .string(body),
      "is_favorited": .bool(favoritedAt != nil), "favorited_at": favoritedAt ?? .null,
      "url": .string(baseURL + "/api" + RecordKind.note.path(of: id)), "account": RecordShapes.accountJSON(1),
      "contact": contact,
      "created_at": created, "updated_at": updated,
    ])
  }
}

/// One seeded note of a contact, counted in its statistics.
extension NoteResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.note)
    let created = context.from + context.random.below(86_400 * 300)
    let favorited = context.random.chance(30)
    let record = json(
      id: id, uuid: .string(context.random.uuid()), body: context.random.pick(SeedData.noteBodies),
      favoritedAt: favorited ? context.stamp(created + 600) : nil, contact: context.short,
      baseURL: context.baseURL, created: context.stamp(created),
      updated: context.stamp(favorited ? created + 600 : created))
    context.put(.note, id, record)
    context.statistics["number_of_notes", default: 0] += 1
  }
}

/// ApiNoteController::store and update (ApiNoteController.php:60-123): the note's contact must be
/// the account's (404); every write of a favourite sets `favorited_at` to now (lines 74-76,110-114).
extension NoteResource: WritableResource {
  static let kind = RecordKind.note

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    guard let contactID = writer.accountContact(input["contact_id"]) else { return .stop(.notFound) }
    let favorited = StoreWriter.flag(input["is_favorited"])
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), body: StoreWriter.text(input["body"]) ?? "",
        favoritedAt: favorited ? writer.stamp : nil, contact: writer.short(contactID), baseURL: writer.baseURL,
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }

  /// favorited_at is a date column (database/migrations/2017_12_01_113748_update_notes.php:18):
  /// the row keeps the day, while the answer shows the in-memory model's time. The counts of the
  /// note's contact, and of the one it had, follow.
  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    guard let id = record["id"]?.intValue, let contactID = record["contact"]?["id"]?.intValue else { return }
    if record["is_favorited"] == .bool(true), let text = record["favorited_at"]?.stringValue {
      var stored = record
      stored["favorited_at"] = .string(text.prefix(10) + "T00:00:00Z")
      writer.contents[kind].put(id, stored)
    }
    writer.refreshContact(contactID)
    if let previous = existing?["contact"]?["id"]?.intValue, previous != contactID { writer.refreshContact(previous) }
  }
}
