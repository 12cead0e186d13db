import Foundation
import MonicaKit

/// A reminder's create and update (app/Services/Contact/Reminder).
extension StoreWriter {
  /// `CreateReminder` / `UpdateReminder` (app/Services/Contact/Reminder, rules at
  /// CreateReminder.php:18-31, Reminder.php:50-52): the update finds the reminder through `contact_id`
  /// (UpdateReminder.php:45-48); `delible` is true unless given.
  mutating func saveReminder(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.reminder].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.reminder, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = accountContact(input["contact_id"]) else { return .notFound }  // CreateReminder.php:44
    if let existing, existing["contact"]?["id"]?.intValue != contactID { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let newID = id ?? contents[.reminder].nextID
    let initial = UTCTime.parseDate(Self.text(input["initial_date"]) ?? "") ?? now
    let record = ReminderResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), title: Self.text(input["title"]) ?? "",
      description: Self.text(input["description"]), frequencyType: Self.text(input["frequency_type"]) ?? "one_time",
      frequencyNumber: input["frequency_number"]?.intValue, initialDate: .string(UTCTime.timestamp(initial)),
      delible: input["delible"].map { Self.flag($0) } ?? true, contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.reminder].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
