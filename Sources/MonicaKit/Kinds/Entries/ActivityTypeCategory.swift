extension RecordKind {
  /// Activity type categories (routes/api.php:119).
  package static let activityTypeCategory = RecordKind(
    object: "activityTypeCategory", name: "activitytypecategories", table: "activity_type_categories",
    singular: "activity type category",
    routes: .resource, writes: .activityTypeCategory, rule: .object(.activityTypeCategory),
    display: KindDisplay(title: "name"),
    seeding: .reference, matching: .byName,
    deleteRules: WriteRules(
      "app/Services/Account/Activity/ActivityTypeCategory/DestroyActivityTypeCategory.php",
      [("activity_type_category_id", "required|integer|exists:activity_type_categories,id", "19")],
      route: ["activity_type_category_id"]))
}

extension ObjectShape {
  /// A category of activity types.
  package static let activityTypeCategory = ObjectShape(
    "activity type category", source: "app/Http/Resources/Activity/ActivityTypeCategory.php:21-33",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)),
      FieldRule("object", .text(.literal("activityTypeCategory"))), FieldRule("name", .string),
      FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Activity type categories: `CreateActivityTypeCategory` (app/Services/Account/Activity/
  /// ActivityTypeCategory/CreateActivityTypeCategory.php:15-22) takes a name.
  static let activityTypeCategory = WriteMapping(
    services: "app/Services/Account/Activity/ActivityTypeCategory/CreateActivityTypeCategory.php",
    fields: [.same("name")],
    create: WriteRules(
      "app/Services/Account/Activity/ActivityTypeCategory/CreateActivityTypeCategory.php",
      [
        ("name", "nullable|string|max:255", "19")
      ]),
    update: WriteRules(
      "app/Services/Account/Activity/ActivityTypeCategory/UpdateActivityTypeCategory.php",
      [
        ("activity_type_category_id", "required|integer|exists:activity_type_categories,id", "19"),
        ("name", "nullable|string|max:255", "20"),
      ], route: ["activity_type_category_id"]))
}
