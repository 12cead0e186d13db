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
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.activityType.object), "name": .string(name),
      "location_type": locationType, "activity_type_category": category, "account": RecordShapes.accountJSON(1),
      "created_at": created, "updated_at": updated,
    ])
  }
}

/// CreateActivityType and UpdateActivityType (app/Services/Account/Activity/ActivityType): one of
/// the account's categories (`exists`, then `findOrFail`), no location type. The service answers
/// `ActivityType::find($id)` (CreateActivityType.php:46): 200. Deleting a type leaves its
/// activities, their type null: the foreign key is `onDelete('set null')`
/// (database/migrations/2019_01_11_142944_add_foreign_keys_to_activities.php:37).
extension ActivityTypeResource: WritableResource {
  static let kind = RecordKind.activityType
  static let createdStatus = 200

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let categoryID = input["activity_type_category_id"]?.intValue
    guard let category = categoryID.flatMap({ writer.contents[.activityTypeCategory].records[$0] }) else {
      return .stop(.notFound)
    }
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), name: StoreWriter.text(input["name"]),
        locationType: existing?["location_type"] ?? .null, category: .object(category),
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }

  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse {
    let answer = writer.removeRow(kind, id, route: route)
    for var activity in writer.contents[.activity].all where activity["activity_type"]?["id"]?.intValue == id {
      guard let activityID = activity["id"]?.intValue else { continue }
      activity["activity_type"] = .null
      writer.contents[.activity].put(activityID, activity)
    }
    return answer
  }
}
