import Foundation
import MonicaKit

/// A journal entry's create and update (ApiJournalController.php).
extension StoreWriter {
  /// `ApiJournalController::store` / `update` (ApiJournalController.php:57-126): a required title of
  /// at most 255 characters and a post; the update changes only those two (line 99). An entry
  /// made through the API has no journal_entries row, so its `date` is its creation time
  /// (app/Models/Journal/Entry.php:56-60), which Carbon prints with microseconds.
  mutating func saveEntry(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.entry].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.entry, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.entry].nextID
    let record = JournalEntryResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), title: Self.text(input["title"]),
      post: Self.text(input["post"]), date: existing?["date"] ?? .string(UTCTime.microseconds(now)), baseURL: baseURL,
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.entry].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
