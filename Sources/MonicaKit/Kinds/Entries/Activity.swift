extension RecordKind {
  /// Activities with their attendees (routes/api.php:88-90).
  package static let activity = RecordKind(
    object: "activity", name: "activities", routes: KindRoutes.resource.union(.nested),
    references: [
      KindReference("attendees.contacts[].id", to: "contact"), KindReference("activity_type.id", to: "activityType"),
    ],
    writes: .activity, rule: .object(.activity),
    display: KindDisplay(title: "summary", date: "happened_at"), seeding: .perContact(below: 3),
    deletesWithStringID: true,  // ApiActivitiesController.php:119,132
    listing: ListingShape(yearlyStatistics: "happened_at"),
    deleteRules: WriteRules(
      "app/Services/Account/Activity/Activity/DestroyActivity.php",
      [("activity_id", "required|integer|exists:activities,id", "19")], route: ["activity_id"]))
}

extension ObjectShape {
  /// An activity; `summary` and `happened_at` as CreateActivity requires them.
  package static let activity = ObjectShape(
    "activity",
    source:
      "app/Http/Resources/Activity/Activity.php:21-43, app/Services/Account/Activity/Activity/CreateActivity.php:24-26",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("activity"))),
      FieldRule("summary", .text(.nonEmpty)), FieldRule("description", .optionalString),
      FieldRule("happened_at", .text(.date)), FieldRule("activity_type", .nullable(.object(.activityType))),
      FieldRule(
        "attendees",
        .object(
          ObjectShape(
            "attendees", source: "app/Http/Resources/Activity/Activity.php:31-34",
            fields: [FieldRule("total", .count), FieldRule("contacts", .array(.object(.shortContact)))],
            checks: [.attendeesTotal]))),
      FieldRule("emotions", .array(.object(.emotion))), FieldRule("url", .url),
      FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Activities: `CreateActivity` and `UpdateActivity` (app/Services/Account/Activity/Activity).
  /// `contacts` is the whole list of attendees (synced, AttachContactToActivity.php:337);
  /// `emotions` replaces the emotions only when not empty (UpdateActivity.php:237).
  static let activity = WriteMapping(
    services: "app/Services/Account/Activity/Activity/CreateActivity.php, UpdateActivity.php",
    fields: [
      .same("summary"), .same("description"), .same("happened_at"),
      WriteField("activity_type_id", .value(FieldPath.activityTypeID)),
      WriteField("emotions", .ids(FieldPath.emotions)),
      WriteField("contacts", .ids(FieldPath.attendees)),
    ],
    create: WriteRules(
      "app/Services/Account/Activity/Activity/CreateActivity.php",
      [
        ("activity_type_id", "nullable|integer|exists:activity_types,id", "23"),
        ("summary", "required|string:255", "24"),
        ("description", "nullable|string:1000000", "25"),
        ("happened_at", "required|date|date_format:Y-m-d", "26"),
        ("emotions", "nullable|array", "27"),
        ("contacts", "required|array", "28"),
      ]),
    update: WriteRules(
      "app/Services/Account/Activity/Activity/UpdateActivity.php",
      [
        ("activity_id", "required|integer|exists:activities,id", "23"),
        ("activity_type_id", "nullable|integer|exists:activity_types,id", "24"),
        ("summary", "required|string:255", "25"),
        ("description", "nullable|string:1000000", "26"),
        ("happened_at", "required|date|date_format:Y-m-d", "27"),
        ("emotions", "nullable|array", "28"),
        ("contacts", "required|array", "29"),
      ], route: ["activity_id"]))
}
