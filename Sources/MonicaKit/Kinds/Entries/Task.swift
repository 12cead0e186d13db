extension RecordKind {
  /// Tasks (routes/api.php:99-100); `completed_at` is a column of `tasks`.
  package static let task = RecordKind(
    object: "task", name: "tasks", routes: KindRoutes.resource.union(.nested), sortColumns: ["completed_at"],
    references: [KindReference("contact.id", to: "contact")], writes: .task, rule: .object(.task),
    display: KindDisplay(title: "title", contact: "contact", date: "updated_at"), seeding: .perContact(below: 2),
    deletesWithStringID: true,  // ApiTaskController.php:112,125
    losses: [MigrationLoss("completed_at of tasks (set to the time of the migration)", when: .given("completed"))])
}

extension ObjectShape {
  /// A task. Tasks have no HasUuid (app/Models/Contact/Task.php) and CreateTask sets none, so
  /// a task made through the API has a null `uuid`; its contact is optional (CreateTask.php:20).
  package static let task = ObjectShape(
    "task", source: "app/Http/Resources/Task/Task.php:102-119, app/Services/Task/CreateTask.php:18-23",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .nullable(.text(.uuid))), FieldRule("object", .text(.literal("task"))),
      FieldRule("title", .text(.nonEmpty)), FieldRule("description", .optionalString),
      FieldRule("completed", .boolean), FieldRule("completed_at", .nullable(.timestamp)),
      FieldRule("account", .object(.account)), FieldRule("contact", .nullable(.object(.shortContact))),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.taskCompletion, .timestampsInOrder])
}

extension WriteMapping {
  /// Tasks: `CreateTask` reads only `contact_id`, `title` and `description` (ApiTaskController.php
  /// store), so a completed task takes a follow-up update; `UpdateTask` requires `completed`,
  /// finds the task through `contact_id` and never changes its contact (UpdateTask.php:80-98).
  static let task = WriteMapping(
    services: "app/Services/Task/CreateTask.php, UpdateTask.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)), .same("title"), .same("description"),
      WriteField("completed", .value(FieldPath.completed), fallback: .bool(false), onCreate: false),
    ],
    setAfterCreate: ["completed"], fixedOnUpdate: ["contact_id"],
    create: WriteRules(
      "app/Services/Task/CreateTask.php",
      [
        ("contact_id", "nullable|integer", "20"),
        ("title", "required|string:255", "21"),
        ("description", "nullable|string:400000000", "22"),
      ]),
    update: WriteRules(
      "app/Services/Task/UpdateTask.php",
      [
        ("contact_id", "nullable|integer", "19"),
        ("task_id", "required|integer|exists:tasks,id", "20"),
        ("title", "required|string:255", "21"),
        ("description", "nullable|string:400000000", "22"),
        ("completed", "required|boolean", "23"),
      ], route: ["task_id"]))
}
