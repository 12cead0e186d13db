extension RecordKind {
  /// Documents (routes/api.php:131-133): no update route.
  package static let document = RecordKind(
    object: "document", name: "documents", routes: [.list, .show, .create, .delete, .nested],
    references: [KindReference("contact.id", to: "contact")], rule: .object(.document),
    display: KindDisplay(title: "original_filename", contact: "contact", date: "created_at"),
    seeding: .perContact(below: 2),
    uploadRules: WriteRules(
      "app/Services/Contact/Document/UploadDocument.php",
      [
        ("contact_id", "required|integer", "22"),
        ("document", "required|file", "23"),
      ]))
}

extension ObjectShape {
  /// A document uploaded for a contact; `link` is its download route.
  package static let document = ObjectShape(
    "document", source: "app/Http/Resources/Document/Document.php:20-38",
    fields: head("document") + [
      FieldRule("original_filename", .string), FieldRule("new_filename", .string), FieldRule("filesize", .count),
      FieldRule("type", .optionalString), FieldRule("mime_type", .optionalString),
      FieldRule("number_of_downloads", .count), FieldRule("link", .url), FieldRule("url", .url),
    ] + aboutContact,
    checks: [.timestampsInOrder])
}
