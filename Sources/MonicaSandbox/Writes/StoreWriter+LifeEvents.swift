import Foundation
import MonicaKit

/// A life event's create, update and delete (app/Services/Contact/LifeEvent).
extension StoreWriter {
  /// `ApiLifeEventController::store` (Contact/ApiLifeEventController.php:55-72) runs
  /// `CreateLifeEvent` (app/Services/Contact/LifeEvent/CreateLifeEvent.php:19-68): the contact and
  /// the type must be the account's (404), the contact active (422); `name` and `note` are read
  /// unguarded (lines 57-58), so a body without them is PHP's "Undefined array key", a 500; a
  /// reminder follows when `has_reminder` (lines 76-95). The answer is `LifeEvent::find`'s fresh
  /// model, not one just created: 200.
  mutating func createLifeEvent(_ input: JSONObject) -> APIResponse {
    let check = validation(.lifeEvent, updating: false, input)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contents[.contact].records[contactID] != nil else {
      return .notFound
    }
    if isArchived(contactID) { return Self.archived }
    guard let typeID = input["life_event_type_id"]?.intValue, let type = SeedData.lifeEventType(typeID) else {
      return .notFound
    }
    if input["name"] == nil || input["note"] == nil { return .message(500, "Server Error") }
    let happened = Self.moment(Self.text(input["happened_at"]) ?? "") ?? now
    let id = contents[.lifeEvent].nextID
    if Self.flag(input["has_reminder"]) {
      let reminder = JSONObject([
        "contact_id": .int(contactID), "initial_date": .string(UTCTime.date(happened)),
        "frequency_type": .string("year"), "frequency_number": .int(1), "title": type["name"] ?? .null,
      ])
      let made = saveReminder(nil, reminder)
      // `$lifeEvent->reminder_id = $reminder->id` (CreateLifeEvent.php:92-93), a column not printed.
      contents.lifeEventReminders[id] = (try? JSONValue(parsing: made.body))?["data"]?["id"]?.intValue
    }
    let record = LifeEventResource.json(
      id: id, uuid: .string(random.uuid()), name: .string(Self.text(input["name"])), note: Self.text(input["note"]),
      happened: happened, type: type, contact: short(contactID), created: stamp, updated: stamp)
    contents[.lifeEvent].put(id, record)
    return data(200, record)
  }

  /// `UpdateLifeEvent` (app/Services/Contact/LifeEvent/UpdateLifeEvent.php:16-55) through
  /// `ApiLifeEventController::update` (Contact/ApiLifeEventController.php:81-99): no `exists`
  /// rule, so an unknown event or type is a 404; the contact must be active; `name` and `note`
  /// are read unguarded (lines 50-51), so leaving one out is a 500. It changes the date, the type,
  /// the name and the note, never the contact. 200.
  mutating func updateLifeEvent(_ id: String, _ input: JSONObject) -> APIResponse {
    var check = Validation(JSONObject(["life_event_id": .string(id)]).merging(input, nil))
    check.integer("life_event_id", required: true)
    apply(RecordKind.lifeEvent.writes?.updateRules, to: &check)
    if let failure = check.failure { return failure }
    guard let number = Int(id), var event = contents[.lifeEvent].records[number] else { return .notFound }
    if isArchived(event["contact"]?["id"]?.intValue) { return Self.archived }
    guard let typeID = input["life_event_type_id"]?.intValue, let type = SeedData.lifeEventType(typeID) else {
      return .notFound
    }
    if input["name"] == nil || input["note"] == nil { return .message(500, "Server Error") }
    let before = event
    let happened = Self.moment(Self.text(input["happened_at"]) ?? "") ?? now
    event["name"] = .string(Self.text(input["name"]))
    event["note"] = .string(Self.text(input["note"]))
    event["happened_at"] = .string(UTCTime.timestamp(happened))
    event["life_event_type"] = .object(type)
    return saveUpdate(.lifeEvent, number, event, was: before)
  }

  /// `DestroyLifeEvent` (app/Services/Contact/LifeEvent/DestroyLifeEvent.php:16-44) through
  /// `ApiLifeEventController::destroy(int $lifeEventId)` (lines 108-120), which catches only the
  /// 404: an archived contact's `throwInactive` goes to Laravel's handler; the reminder the event
  /// made goes with it. The id answers as a number.
  mutating func deleteLifeEvent(_ id: Int) -> APIResponse {
    guard let event = contents[.lifeEvent].records[id] else { return .notFound }
    if isArchived(event["contact"]?["id"]?.intValue) { return Self.archivedUncaught }
    // The reminder it made goes too (DestroyLifeEvent.php:49-54).
    if let reminder = contents.lifeEventReminders.removeValue(forKey: id) { contents[.reminder].remove(reminder) }
    contents[.lifeEvent].remove(id)
    return deleted(.int(id))
  }
}
