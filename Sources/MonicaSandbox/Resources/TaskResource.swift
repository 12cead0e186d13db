import MonicaKit

/// A task as the API renders it (app/Http/Resources/Task/Task.php), for seeding and writing.
enum TaskResource {
  /// A task; completed when `completedAt` is given.
  static func json(
    id: Int, uuid: JSONValue, title: String, description: String?, completedAt: JSONValue?, contact: JSONValue,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.task.object), "title": .string(title),
      "description": .string(description), "completed": .bool(completedAt != nil),
      "completed_at": completedAt ?? .null, "account": RecordShapes.accountJSON(1), "contact": contact,
      "created_at": created, "updated_at": updated,
    ])
  }
}

/// One seeded task of a contact, counted in its statistics.
extension TaskResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.task)
    let created = context.from + context.random.below(86_400 * 300)
    let completed = context.random.chance(50)
    let record = json(
      id: id, uuid: .string(context.random.uuid()), title: context.random.pick(SeedData.taskTitles),
      description: context.random.chance(50) ? "Before the end of the month" : nil,
      completedAt: completed ? context.stamp(created + 86_400) : nil, contact: context.short,
      created: context.stamp(created), updated: context.stamp(completed ? created + 86_400 : created))
    context.put(.task, id, record)
    context.statistics["number_of_tasks", default: 0] += 1
  }
}

/// CreateTask and UpdateTask (app/Services/Task): ApiTaskController's store gives CreateTask the
/// contact, title and description only; UpdateTask finds the task through a given `contact_id`
/// and never changes its contact (UpdateTask.php:82-98), and sets `completed_at` to now whenever
/// `completed` is true (line 97). Monica's create answers 200, not 201.
extension TaskResource: WritableResource {
  static let kind = RecordKind.task
  static let createdStatus = 200

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    var contact: JSONValue = existing?["contact"] ?? .null
    let given = StoreWriter.text(input["contact_id"]).flatMap(Int.init).flatMap { $0 == 0 ? nil : $0 }
    if let existing {
      if let given, existing["contact"]?["id"]?.intValue != given { return .stop(.notFound) }
    } else if let given {
      guard writer.accountContact(.int(given)) != nil else { return .stop(.notFound) }
      contact = writer.short(given)
    }
    let completed = existing != nil && StoreWriter.flag(input["completed"])
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), title: StoreWriter.text(input["title"]) ?? "",
        description: StoreWriter.text(input["description"]), completedAt: completed ? writer.stamp : nil,
        contact: contact, created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }

  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    for owner in [record["contact"]?["id"]?.intValue, existing?["contact"]?["id"]?.intValue].compactMap({ $0 }) {
      writer.refreshContact(owner)
    }
  }
}
