extension RecordKind {
  /// Notes (routes/api.php:72-74); `favorited_at` is a column of `notes`.
  package static let note = RecordKind(
    object: "note", name: "notes", routes: KindRoutes.resource.union(.nested), sortColumns: ["favorited_at"],
    references: [KindReference("contact.id", to: "contact")], writes: .note, rule: .object(.note),
    display: KindDisplay(title: "body", contact: "contact", date: "updated_at"), seeding: .perContact(below: 3),
    deletesWithStringID: false,
    losses: [MigrationLoss("favorited_at of notes (set to the time of the migration)", when: .given("is_favorited"))])
}

extension ObjectShape {
  /// A note; `body` is required by the API's validator.
  package static let note = ObjectShape(
    "note", source: "app/Http/Resources/Note/Note.php:64-81, app/Http/Controllers/Api/ApiNoteController.php:130",
    shared: true,
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("note"))),
      FieldRule("body", .text(.nonEmpty)), FieldRule("is_favorited", .boolean),
      FieldRule("favorited_at", .nullable(.timestamp)), FieldRule("url", .url), FieldRule("account", .object(.account)),
      FieldRule("contact", .nullable(.object(.shortContact))), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.noteFavourite, .timestampsInOrder])
}

extension WriteMapping {
  /// Notes: `ApiNoteController` writes the model itself, `store` from the whole request and
  /// `update` from `body`, `contact_id` and `is_favorited` only (ApiNoteController.php:66,105);
  /// its rules require `body` and `contact_id` (ApiNoteController.php:129-133).
  static let note = WriteMapping(
    services: "app/Http/Controllers/Api/ApiNoteController.php",
    fields: [.same("body"), WriteField("contact_id", .value(FieldPath.contactID)), .same("is_favorited")],
    create: WriteRules(
      "app/Http/Controllers/Api/ApiNoteController.php",
      [
        ("body", "required|max:100000", "130"),
        ("contact_id", "required|integer", "131"),
        ("is_favorited", "boolean", "132"),
      ]))
}
