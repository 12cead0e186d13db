extension RecordKind {
  /// Journal entries (routes/api.php:112-113).
  package static let entry = RecordKind(
    object: "entry", name: "journal", table: "entries", singular: "journal entry", routes: .resource, writes: .entry,
    rule: .object(.entry),
    display: KindDisplay(title: "title", date: "date"), seeding: .account,
    losses: [
      MigrationLoss(
        "date of journal entries (only title and post are fillable, app/Models/Journal/Entry.php:34-38; "
          + "the entry shows the time of the migration)")
    ],
    // The web's journal takes an entry without a title (JournalController.php:183-185); the
    // API requires one (ApiJournalController.php:117).
    uncreatable: MigrationLoss(
      "journal entries without a title (POST /api/journal requires one, ApiJournalController.php:117)",
      when: .blank("title")))
}

extension ObjectShape {
  /// A journal entry; `date` is a Carbon date, serialised with microseconds.
  package static let entry = ObjectShape(
    "journal entry", source: "app/Http/Resources/Journal/Entry.php:19-33, app/Models/Journal/Entry.php:56-60",
    fields: head("entry") + [
      FieldRule("title", .optionalString), FieldRule("post", .string), FieldRule("date", .timestamp),
      FieldRule("url", .url),
    ] + stamped,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Journal entries: `ApiJournalController::store` makes the entry from the whole request,
  /// validated as a required `title` (at most 255) and `post` (ApiJournalController.php:57-74,
  /// 113-119); only `title` and `post` are fillable (app/Models/Journal/Entry.php:34-38), so the
  /// record's `date` cannot be sent (an entry made through the API shows its creation time,
  /// Entry.php:56-60).
  static let entry = WriteMapping(
    services: "app/Http/Controllers/Api/ApiJournalController.php", fields: [.same("title"), .same("post")],
    create: WriteRules(
      "app/Http/Controllers/Api/ApiJournalController.php",
      [
        ("title", "required|max:255", "117"),
        ("post", "required|max:1000000", "118"),
      ]))
}
