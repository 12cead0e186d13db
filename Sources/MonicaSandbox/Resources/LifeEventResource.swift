import Foundation
import MonicaKit

/// A life event as the API renders it (app/Http/Resources/LifeEvent/LifeEvent.php:23-37): its
/// type embedded (LifeEventTypeResource); for seeding and writing.
enum LifeEventResource {
  /// A life event that happened at `happened` (seconds).
  static func json(
    id: Int, uuid: JSONValue, name: JSONValue, note: String?, happened: Int, type: JSONObject, contact: JSONValue,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.lifeEvent.object), "name": name, "note": .string(note),
      "happened_at": .string(UTCTime.timestamp(happened)), "life_event_type": .object(type),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}

/// One seeded life event of a contact.
extension LifeEventResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.lifeEvent)
    let key = context.random.pick(SeedData.lifeEvents)
    let type = SeedData.lifeEventType(SeedData.lifeEventTypeID(key: key)) ?? JSONObject()
    let happened = UTCTime.seconds(
      year: 2015 + context.random.below(8), month: 1 + context.random.below(12), day: 1 + context.random.below(28))
    let record = json(
      id: id, uuid: .string(context.random.uuid()), name: type["name"] ?? .null,
      note: context.random.chance(40) ? "What a day!" : nil, happened: happened, type: type, contact: context.short,
      created: context.stamp(context.from + 900), updated: context.stamp(context.from + 900))
    context.put(.lifeEvent, id, record)
  }
}

/// A life event type as the API embeds it (app/Http/Resources/LifeEvent/LifeEventType.php:22-35),
/// its category embedded (LifeEventCategory.php:21-33). Monica has no route of their own: only
/// life events show them.
enum LifeEventTypeResource {
  /// One of Monica's default types (`core_monica_data`), of key `key`.
  static func json(id: Int, name: String, key: String, category: JSONObject, created: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(String(format: "00000000-0000-4000-8000-00000000e%03d", id)),
      "object": .string("lifeeventtype"), "name": .string(name), "core_monica_data": .bool(true),
      "default_life_event_type_key": .string(key), "life_event_category": .object(category),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": created,
    ])
  }

  /// One of Monica's default categories, of key `key`.
  static func category(id: Int, name: String, key: String, created: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(String(format: "00000000-0000-4000-8000-00000000d%03d", id)),
      "object": .string("lifeeventcategory"), "name": .string(name), "core_monica_data": .bool(true),
      "default_life_event_category_key": .string(key), "account": RecordShapes.accountJSON(1),
      "created_at": created, "updated_at": created,
    ])
  }
}

/// A life event's create, update and delete (app/Services/Contact/LifeEvent).
///
/// `CreateLifeEvent` (CreateLifeEvent.php:19-68, through ApiLifeEventController.php:55-72): the
/// contact and the type must be the account's (404), the contact active (422); `name` and `note`
/// are read unguarded (lines 57-58), so a body without them is PHP's "Undefined array key", a 500;
/// a reminder follows when `has_reminder` (lines 76-95), its id kept in the event's unprinted
/// `reminder_id` (lines 92-93). The answer is `LifeEvent::find`'s fresh model: 200.
///
/// `UpdateLifeEvent` (UpdateLifeEvent.php:16-55, through lines 81-99 of the controller): no
/// `exists` rule, so an unknown event or type is a 404; the contact must be active; `name` and
/// `note` are read unguarded (lines 50-51). It changes the date, the type, the name and the note,
/// never the contact. 200.
///
/// `DestroyLifeEvent` (DestroyLifeEvent.php:16-44, through `destroy(int $lifeEventId)`, lines
/// 108-120), which catches only the 404: an archived contact's `throwInactive` goes to Laravel's
/// handler; the reminder the event made goes with it (lines 49-54). The id answers as a number.
extension LifeEventResource: WritableResource {
  static let kind = RecordKind.lifeEvent
  static let createdStatus = 200

  static func unnumbered(_ operation: WriteOperation) -> APIResponse? {
    operation == .delete ? StoreWriter.typeError : nil
  }

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let contactID = existing?["contact"]?["id"]?.intValue ?? writer.accountContact(input["contact_id"])
    guard let contactID else { return .stop(.notFound) }
    if writer.isArchived(contactID) { return .stop(StoreWriter.archived) }
    guard let typeID = input["life_event_type_id"]?.intValue, let type = SeedData.lifeEventType(typeID) else {
      return .stop(.notFound)
    }
    if input["name"] == nil || input["note"] == nil { return .stop(.message(500, "Server Error")) }
    let happened = StoreWriter.moment(StoreWriter.text(input["happened_at"]) ?? "") ?? writer.now
    if var event = existing {
      event["name"] = .string(StoreWriter.text(input["name"]))
      event["note"] = .string(StoreWriter.text(input["note"]))
      event["happened_at"] = .string(UTCTime.timestamp(happened))
      event["life_event_type"] = .object(type)
      return .record(writer.touched(event, was: existing))
    }
    if StoreWriter.flag(input["has_reminder"]) {
      let reminder = JSONObject([
        "contact_id": .int(contactID), "initial_date": .string(UTCTime.date(happened)),
        "frequency_type": .string("year"), "frequency_number": .int(1), "title": type["name"] ?? .null,
      ])
      let made = writer.create(.reminder, reminder)
      writer.contents.lifeEventReminders[id] = (try? JSONValue(parsing: made.body))?["data"]?["id"]?.intValue
    }
    return .record(
      json(
        id: id, uuid: .string(writer.random.uuid()), name: .string(StoreWriter.text(input["name"])),
        note: StoreWriter.text(input["note"]), happened: happened, type: type, contact: writer.short(contactID),
        created: writer.stamp, updated: writer.stamp))
  }

  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse {
    if writer.isArchived(record["contact"]?["id"]?.intValue) { return StoreWriter.archivedUncaught }
    if let reminder = writer.contents.lifeEventReminders.removeValue(forKey: id) {
      writer.contents[.reminder].remove(reminder)
    }
    writer.contents[kind].remove(id)
    return writer.deleted(.int(id))
  }
}
