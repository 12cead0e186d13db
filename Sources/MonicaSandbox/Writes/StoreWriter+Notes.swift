import Foundation
import MonicaKit

/// A note's create and update (ApiNoteController.php).
extension StoreWriter {
  mutating func saveNote(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.note].records[id] == nil { return .notFound }
    let check = validation(.note, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else { return .notFound }
    let existing = id.flatMap { contents[.note].records[$0] }
    let newID = id ?? contents[.note].nextID
    let favorited = Self.flag(input["is_favorited"])
    // Every write of a favourite sets favorited_at to now (ApiNoteController.php:74-76,110-114).
    let record = NoteResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), body: Self.text(input["body"]) ?? "",
      favoritedAt: favorited ? stamp : nil, contact: short(contactID), baseURL: baseURL,
      created: existing?["created_at"] ?? stamp, updated: stamp)
    let previousOwner = existing?["contact"]?["id"]?.intValue
    // favorited_at is a date column (database/migrations/2017_12_01_113748_update_notes.php:18):
    // the row keeps the day, while the answer shows the in-memory model's time.
    var stored = record
    if favorited, let text = stamp.stringValue { stored["favorited_at"] = .string(text.prefix(10) + "T00:00:00Z") }
    contents[.note].put(newID, stored)
    refreshContact(contactID)
    if let previousOwner, previousOwner != contactID { refreshContact(previousOwner) }
    return data(id == nil ? 201 : 200, record)
  }
}
