extension RecordKind {
  /// Genders (routes/api.php:32): the account's own, matched by name on another instance.
  package static let gender = RecordKind(
    object: "gender", name: "genders", routes: .resource, writes: .gender, rule: .object(.gender),
    display: KindDisplay(title: "name"),
    seeding: .reference, matching: .byName,
    deleteRules: WriteRules(
      "app/Services/Account/Gender/DestroyGender.php", [("gender_id", "required|integer|exists:genders,id", "19")],
      route: ["gender_id"]))
}

extension ObjectShape {
  /// A gender of the account (Man, Woman, Rather not say, or the account's own).
  package static let gender = ObjectShape(
    "gender", source: "app/Http/Resources/Gender/Gender.php:18-28",
    fields: head("gender", uuid: false) + [FieldRule("name", .string), FieldRule("type", .optionalString)] + stamped,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Genders: `CreateGender` (app/Services/Account/Gender/CreateGender.php:16-26) takes a name and a
  /// type, `M`, `F` or `O`.
  static let gender = WriteMapping(
    services: "app/Services/Account/Gender/CreateGender.php, UpdateGender.php",
    fields: [.same("name"), .same("type")],
    create: WriteRules(
      "app/Services/Account/Gender/CreateGender.php",
      [
        ("name", "required|string|max:255", "20"),
        ("type", "required|in:M,F,O", "21-24"),
      ]),
    update: WriteRules(
      "app/Services/Account/Gender/UpdateGender.php",
      [
        ("gender_id", "required|integer|exists:genders,id", "20"),
        ("name", "required|string|max:255", "21"),
        ("type", "required|in:M,F,O", "22-25"),
      ], route: ["gender_id"]))
}
