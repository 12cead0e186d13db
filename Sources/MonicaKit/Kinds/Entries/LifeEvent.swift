extension RecordKind {
  /// Life events (routes/api.php:128): no route per contact; a delete answers the id as a number
  /// (`destroy(int $lifeEventId)`).
  package static let lifeEvent = RecordKind(
    object: "lifeevent", name: "lifeevents", table: "life_events", singular: "life event", routes: .resource,
    references: [KindReference("contact.id", to: "contact")], writes: .lifeEvent, rule: .object(.lifeEvent),
    display: KindDisplay(title: "name", contact: "contact", date: "happened_at"), seeding: .perContact(below: 2),
    deletesWithStringID: false,
    // The LifeEvent resource prints neither whether the month or the day of its date was unknown
    // nor its reminder (app/Http/Resources/LifeEvent/LifeEvent.php:21-37; the columns are at
    // app/Models/Contact/LifeEvent.php:34-37), so the copy's date is taken as known, and the
    // reminder, carried as a reminder of its own, is not linked to it.
    losses: [
      MigrationLoss(
        "whether the month or day of life events was unknown (the API does not print it, LifeEvent.php:21-37)"),
      MigrationLoss(
        "the link of life events to their reminder (the API does not print reminder_id, LifeEvent.php:21-37)"),
    ])
}

extension ObjectShape {
  /// A life event's category.
  package static let lifeEventCategory = ObjectShape(
    "life event category", source: "app/Http/Resources/LifeEvent/LifeEventCategory.php:19-31",
    fields: head("lifeeventcategory") + [
      FieldRule("name", .optionalString), FieldRule("core_monica_data", .boolean),
      FieldRule("default_life_event_category_key", .optionalString),
    ] + stamped,
    checks: [.timestampsInOrder])

  /// A life event's type.
  package static let lifeEventType = ObjectShape(
    "life event type", source: "app/Http/Resources/LifeEvent/LifeEventType.php:20-33",
    fields: head("lifeeventtype") + [
      FieldRule("name", .optionalString), FieldRule("core_monica_data", .boolean),
      FieldRule("default_life_event_type_key", .optionalString),
      FieldRule("life_event_category", .object(.lifeEventCategory)),
    ] + stamped,
    checks: [.timestampsInOrder])

  /// A life event (a new job, a move, a wedding...).
  package static let lifeEvent = ObjectShape(
    "life event", source: "app/Http/Resources/LifeEvent/LifeEvent.php:21-35",
    fields: head("lifeevent") + [
      FieldRule("name", .optionalString), FieldRule("note", .optionalString), FieldRule("happened_at", .timestamp),
      FieldRule("life_event_type", .object(.lifeEventType)),
    ] + aboutContact,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Life events: `CreateLifeEvent` (app/Services/Contact/LifeEvent/CreateLifeEvent.php:19-31)
  /// requires the contact, the type, the date and three booleans, and reads `name` and `note`
  /// unguarded (lines 57-58), so they are always sent. The record prints neither whether the
  /// month or day was unknown nor its reminder (app/Http/Resources/LifeEvent/LifeEvent.php:21-37):
  /// both go as false, the reminder being a record of its own in an account's stream.
  /// `UpdateLifeEvent` (UpdateLifeEvent.php:16-52) changes the date, the type, the name and the
  /// note, reading the last two unguarded too, and never the contact or the reminder.
  static let lifeEvent = WriteMapping(
    services: "app/Services/Contact/LifeEvent/CreateLifeEvent.php, UpdateLifeEvent.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)),
      WriteField("life_event_type_id", .value(FieldPath(dotted: "life_event_type.id"))),
      .same("happened_at"), .same("name", fallback: .null), .same("note", fallback: .null),
      WriteField("has_reminder", .writeName, fallback: .bool(false), onUpdate: false),
      WriteField("happened_at_month_unknown", .writeName, fallback: .bool(false), onUpdate: false),
      WriteField("happened_at_day_unknown", .writeName, fallback: .bool(false), onUpdate: false),
    ],
    fixedOnUpdate: ["contact_id"],
    create: WriteRules(
      "app/Services/Contact/LifeEvent/CreateLifeEvent.php",
      [
        ("contact_id", "required|integer", "23"),
        ("life_event_type_id", "required|integer", "24"),
        ("happened_at", "required|date", "25"),
        ("name", "nullable|string", "26"),
        ("note", "nullable|string", "27"),
        ("has_reminder", "required|boolean", "28"),
        ("happened_at_month_unknown", "required|boolean", "29"),
        ("happened_at_day_unknown", "required|boolean", "30"),
      ]),
    update: WriteRules(
      "app/Services/Contact/LifeEvent/UpdateLifeEvent.php",
      [
        ("life_event_id", "required|integer", "20"),
        ("life_event_type_id", "required|integer", "21"),
        ("happened_at", "required|date", "22"),
        ("name", "nullable|string", "23"),
        ("note", "nullable|string", "24"),
      ], route: ["life_event_id"]))
}
