extension RecordKind {
  /// The signed-in user (`GET /api/me`, routes/api.php:15): one record, not a page.
  package static let user = RecordKind(
    object: "user", name: "me", singular: "signed-in user", routes: [.single],
    references: [KindReference("me_contact.id", to: "contact"), KindReference("currency.id", to: "currency")],
    rule: .object(.user), display: KindDisplay(title: "name"), seeding: .account, matching: .notCopied)
}

extension RecordKind {
  /// Makes a contact the signed-in user's own: `POST /me/contact` with `contact_id`
  /// (routes/api.php:23; SetMeContact.php:31-52).
  package static let userContactPath = RecordKind.user.path + "/" + RecordKind.contact.object
}

extension ObjectShape {
  /// The signed-in user.
  package static let user = ObjectShape(
    "user", source: "app/Http/Resources/Account/User/User.php:259-280",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("user"))),
      FieldRule("first_name", .string), FieldRule("last_name", .optionalString), FieldRule("name", .string),
      FieldRule("email", .text(.email)), FieldRule("me_contact", .nullable(.object(.shortContact))),
      FieldRule("timezone", .optionalString), FieldRule("currency", .nullable(.object(.currency))),
      FieldRule("locale", .optionalString), FieldRule("is_policy_compliant", .boolean),
      FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}
