extension RecordKind {
  /// Reminders (routes/api.php:93-96); `reminders/upcoming/{month}` lists the reminders due.
  package static let reminder = RecordKind(
    object: "reminder", name: "reminders", routes: KindRoutes.resource.union(.nested),
    references: [KindReference("contact.id", to: "contact")], writes: .reminder,
    rule: .choice(
      ShapeChoice(name: "reminder or upcoming reminder", shapes: [.reminder, .reminderOutbox]) { value in
        value.member("reminder_id") != nil ? .reminderOutbox : .reminder
      }),
    display: KindDisplay(title: "title", contact: "contact", date: "initial_date"), seeding: .perContact(below: 2),
    deleteRules: WriteRules(
      "app/Services/Contact/Reminder/DestroyReminder.php",
      [("reminder_id", "required|integer|exists:reminders,id", "19")], route: ["reminder_id"]))
}

extension ObjectShape {
  /// A reminder's own fields, which its outbox entry repeats; `frequency_type` as CreateReminder
  /// accepts it (app/Models/Contact/Reminder.php:50-52).
  private static let reminderFields: [FieldRule] = [
    FieldRule("title", .text(.nonEmpty)), FieldRule("description", .optionalString),
    FieldRule("frequency_type", .text(.oneOf(["one_time", "week", "month", "year"]))),
    FieldRule("frequency_number", .nullable(.count)), FieldRule("initial_date", .timestamp),
    FieldRule("delible", .boolean),
  ]

  /// A reminder.
  package static let reminder = ObjectShape(
    "reminder", source: "app/Http/Resources/Reminder/Reminder.php:20-37",
    fields: head("reminder") + reminderFields + aboutContact, checks: [.timestampsInOrder])

  /// A reminder as `reminders/upcoming/{month}` lists it: its outbox entry, the reminder's
  /// fields, and the day it is planned for (ReminderOutbox.php:20-40, `planned_date` a Carbon
  /// date, app/Models/Contact/ReminderOutbox.php:38-40).
  package static let reminderOutbox = ObjectShape(
    "upcoming reminder", source: "app/Http/Resources/Reminder/ReminderOutbox.php:20-40",
    fields: [
      FieldRule("id", .id), FieldRule("reminder_id", .id), FieldRule("object", .text(.literal("reminder"))),
      FieldRule("planned_date", .timestamp),
    ] + reminderFields + aboutContact,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Reminders: `CreateReminder` and `UpdateReminder` (app/Services/Contact/Reminder) require
  /// `initial_date` as `Y-m-d` (the record prints a timestamp), the frequency and the title
  /// (CreateReminder.php:18-31); the update finds the reminder through `contact_id` and never
  /// moves it (UpdateReminder.php:45-48), as a task's.
  static let reminder = WriteMapping(
    services: "app/Services/Contact/Reminder/CreateReminder.php, UpdateReminder.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)), .same("title"), .same("description"),
      WriteField("initial_date", .day(FieldPath(dotted: "initial_date"))), .same("frequency_type"),
      .same("frequency_number"), .same("delible"),
    ],
    fixedOnUpdate: ["contact_id"],
    create: WriteRules(
      "app/Services/Contact/Reminder/CreateReminder.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "21"),
        ("initial_date", "required|date_format:Y-m-d", "22"),
        ("frequency_type", "required|in:one_time,week,month,year", "23-26"),
        ("frequency_number", "required|integer", "27"),
        ("title", "required|string|max:100000", "28"),
        ("description", "nullable|max:1000000", "29"),
        ("delible", "nullable|boolean", "30"),
      ]),
    update: WriteRules(
      "app/Services/Contact/Reminder/UpdateReminder.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "21"),
        ("reminder_id", "required|integer|exists:reminders,id", "22"),
        ("initial_date", "required|date_format:Y-m-d", "23"),
        ("frequency_type", "required|in:one_time,week,month,year", "24-27"),
        ("frequency_number", "nullable|integer", "28"),
        ("title", "required|string|max:100000", "29"),
        ("description", "nullable|max:1000000", "30"),
        ("delible", "nullable|boolean", "31"),
      ], route: ["reminder_id"]))
}
