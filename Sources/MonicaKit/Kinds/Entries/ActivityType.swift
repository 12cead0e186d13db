extension RecordKind {
  /// Activity types (routes/api.php:116).
  package static let activityType = RecordKind(
    object: "activityType", name: "activitytypes", table: "activity_types", singular: "activity type",
    routes: .resource,
    references: [KindReference("activity_type_category.id", to: "activityTypeCategory")], writes: .activityType,
    rule: .object(.activityType), display: KindDisplay(title: "name"), seeding: .reference, matching: .byName,
    losses: [
      MigrationLoss(
        "location_type of activity types (CreateActivityType.php:16-24 takes none)", when: .given("location_type"))
    ],
    deleteRules: WriteRules(
      "app/Services/Account/Activity/ActivityType/DestroyActivityType.php",
      [("activity_type_id", "required|integer|exists:activity_types,id", "19")], route: ["activity_type_id"]))
}

extension ObjectShape {
  /// An activity's type and its category.
  package static let activityType = ObjectShape(
    "activity type", source: "app/Http/Resources/Activity/ActivityType.php:21-35",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("activityType"))),
      FieldRule("name", .string), FieldRule("location_type", .optionalString),
      FieldRule("activity_type_category", .nullable(.object(.activityTypeCategory))),
      FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Activity types: `CreateActivityType` (app/Services/Account/Activity/ActivityType/
  /// CreateActivityType.php:16-24) takes a name and one of the account's categories; it has no
  /// `location_type`, which the record prints (app/Http/Resources/Activity/ActivityType.php).
  static let activityType = WriteMapping(
    services: "app/Services/Account/Activity/ActivityType/CreateActivityType.php",
    fields: [.same("name"), WriteField("activity_type_category_id", .value(FieldPath.activityTypeCategoryID))],
    create: WriteRules(
      "app/Services/Account/Activity/ActivityType/CreateActivityType.php",
      [
        ("activity_type_category_id", "required|integer|exists:activity_type_categories,id", "20"),
        ("name", "nullable|string|max:255", "21"),
      ]),
    update: WriteRules(
      "app/Services/Account/Activity/ActivityType/UpdateActivityType.php",
      [
        ("activity_type_category_id", "required|integer|exists:activity_type_categories,id", "20"),
        ("activity_type_id", "required|integer|exists:activity_types,id", "21"),
        ("name", "nullable|string|max:255", "22"),
      ], route: ["activity_type_id"]))
}
