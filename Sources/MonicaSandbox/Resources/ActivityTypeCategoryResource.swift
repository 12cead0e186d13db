import MonicaKit

/// An activity type category as the API renders it
/// (app/Http/Resources/Activity/ActivityTypeCategory.php:21-31), for seeding, writing and the
/// activity types that embed it.
enum ActivityTypeCategoryResource {
  /// A category.
  static func json(id: Int, uuid: JSONValue, name: String?, created: JSONValue, updated: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.activityTypeCategory.object), "name": .string(name),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": updated,
    ])
  }
}

/// CreateActivityTypeCategory and UpdateActivityTypeCategory
/// (app/Services/Account/Activity/ActivityTypeCategory): an optional name. The service answers
/// `ActivityTypeCategory::find($id)` (CreateActivityTypeCategory.php:40): 200.
extension ActivityTypeCategoryResource: WritableResource {
  static let kind = RecordKind.activityTypeCategory
  static let createdStatus = 200

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), name: StoreWriter.text(input["name"]),
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}
