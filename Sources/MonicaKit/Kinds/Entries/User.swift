extension RecordKind {
  /// The signed-in user (`GET /api/me`, routes/api.php:15): one record, not a page.
  package static let user = RecordKind(
    object: "user", name: "me", table: "users", singular: "signed-in user", routes: [.single],
    references: [KindReference("me_contact.id", to: "contact"), KindReference("currency.id", to: "currency")],
    rule: .object(.user), display: KindDisplay(title: "name"), seeding: .account, matching: .notCopied)
}

extension RecordKind {
  /// Makes a contact the signed-in user's own: `POST /me/contact` with `contact_id`
  /// (routes/api.php:23; SetMeContact.php:31-52).
  package static let userContactPath = RecordKind.user.path + "/" + RecordKind.contact.object

  /// What `POST /me/compliance` validates before the user signs the latest terms
  /// (ApiUserController.php:109-117, routes/api.php:18).
  package static let policyRules = WriteRules(
    "app/Http/Controllers/Api/Account/ApiUserController.php", [("ip_address", "required", "112")])

  /// What `POST /me/contact` validates: the body's `contact_id` (ApiMeController.php:32-36).
  package static let userContactRules = WriteRules(
    "app/Services/Contact/Contact/SetMeContact.php", [("contact_id", "required|integer|exists:contacts,id", "22")])
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
