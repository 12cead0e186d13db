import MonicaKit

/// An activity type category as the API renders it
/// (app/Http/Resources/Activity/ActivityTypeCategory.php:21-31), for seeding, writing and the
/// activity types that embed it.
enum ActivityTypeCategoryResource {
  /// A category.
  static func json(id: Int, uuid: JSONValue, name: String?, created: JSONValue, updated: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("activityTypeCategory"), "name": .string(name),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": updated,
    ])
  }
}
