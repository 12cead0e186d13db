extension RecordKind {
  /// Photos (routes/api.php:136-138): no update route.
  package static let photo = RecordKind(
    object: "photo", name: "photos", routes: [.list, .show, .create, .delete, .nested],
    references: [KindReference("contact.id", to: "contact")], rule: .object(.photo),
    display: KindDisplay(title: "original_filename", contact: "contact", date: "created_at"),
    seeding: .perContact(below: 2), deletesWithStringID: false)
}

extension ObjectShape {
  /// A photo; `dataUrl` is null when the file is missing, `contact` the first of its contacts.
  package static let photo = ObjectShape(
    "photo", source: "app/Http/Resources/Photo/Photo.php:218-237, app/Models/Account/Photo.php:58-92",
    shared: true,
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("photo"))),
      FieldRule("original_filename", .string), FieldRule("new_filename", .string), FieldRule("filesize", .count),
      FieldRule("mime_type", .text(.mediaType)), FieldRule("dataUrl", .nullable(.text(.dataURL))),
      FieldRule("link", .url), FieldRule("account", .object(.account)),
      FieldRule("contact", .nullable(.object(.shortContact))), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}
