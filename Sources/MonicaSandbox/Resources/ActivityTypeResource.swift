import MonicaKit

/// An activity type as the API renders it (app/Http/Resources/Activity/ActivityType.php:22-34):
/// its category embedded; for seeding, writing and the activities that embed it.
enum ActivityTypeResource {
  /// A type of `category` (an ActivityTypeCategoryResource).
  static func json(
    id: Int, uuid: JSONValue, name: String?, locationType: JSONValue, category: JSONValue, created: JSONValue,
    updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("activityType"), "name": .string(name),
      "location_type": locationType, "activity_type_category": category, "account": RecordShapes.accountJSON(1),
      "created_at": created, "updated_at": updated,
    ])
  }
}
