import MonicaKit

/// A task as the API renders it (app/Http/Resources/Task/Task.php), for seeding and writing.
enum TaskResource {
  /// A task; completed when `completedAt` is given.
  static func json(
    id: Int, uuid: JSONValue, title: String, description: String?, completedAt: JSONValue?, contact: JSONValue,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("task"), "title": .string(title),
      "description": .string(description), "completed": .bool(completedAt != nil),
      "completed_at": completedAt ?? .null, "account": RecordShapes.accountJSON(1), "contact": contact,
      "created_at": created, "updated_at": updated,
    ])
  }
}
