extension RecordKind {
  /// Photos (routes/api.php:136-138): no update route.
  package static let photo = RecordKind(
    object: "photo", name: "photos", routes: [.list, .show, .create, .delete, .nested],
    references: [KindReference("contact.id", to: "contact")], rule: .object(.photo),
    display: KindDisplay(title: "original_filename", contact: "contact", date: "created_at"),
    seeding: .perContact(below: 2), deletesWithStringID: false,
    deleteRules: WriteRules(
      "app/Services/Account/Photo/DestroyPhoto.php", [("photo_id", "required|integer|exists:photos,id", "20")],
      route: ["photo_id"]),
    uploadRules: WriteRules(
      "app/Services/Account/Photo/UploadPhoto.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "37"),
        ("photo", "required_without:data|file|image", "38"),
        ("data", "required_without:photo|string|photo", "39"),
        ("extension", "nullable|string", "40"),
      ]))
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
