extension RecordKind {
  /// Tags (routes/api.php:62-63).
  package static let tag = RecordKind(
    object: "tag", name: "tags", routes: .resource, writes: .tag, rule: .object(.tag),
    display: KindDisplay(title: "name"), seeding: .account, deletesWithStringID: true,  // ApiTagController.php:118,131
    matching: .byName)
}

extension ObjectShape {
  /// A tag: no `uuid`; `name` required by CreateTag.
  package static let tag = ObjectShape(
    "tag", source: "app/Http/Resources/Tag/Tag.php:184-197, app/Services/Contact/Tag/CreateTag.php:21",
    shared: true,
    fields: [
      FieldRule("id", .id), FieldRule("object", .text(.literal("tag"))), FieldRule("name", .text(.nonEmpty)),
      FieldRule("name_slug", .string), FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Tags: `CreateTag` and `UpdateTag` (app/Services/Contact/Tag) take a name; the slug follows.
  static let tag = WriteMapping(
    services: "app/Services/Contact/Tag/CreateTag.php, UpdateTag.php",
    fields: [.same("name")],
    create: WriteRules(
      "app/Services/Contact/Tag/CreateTag.php",
      [
        ("name", "required|string", "21")
      ]),
    update: WriteRules(
      "app/Services/Contact/Tag/UpdateTag.php",
      [
        ("name", "required|string", "22")
      ]))
}
