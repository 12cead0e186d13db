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
      "id": .int(id), "uuid": uuid, "object": .string("lifeevent"), "name": name, "note": .string(note),
      "happened_at": .string(UTCTime.timestamp(happened)), "life_event_type": .object(type),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created, "updated_at": updated,
    ])
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
