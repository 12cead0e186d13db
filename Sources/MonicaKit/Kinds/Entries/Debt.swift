extension RecordKind {
  /// Debts (routes/api.php:108-109).
  package static let debt = RecordKind(
    object: "debt", name: "debts", routes: KindRoutes.resource.union(.nested),
    references: [KindReference("contact.id", to: "contact")], writes: .debt, rule: .object(.debt),
    display: KindDisplay(title: "amount_with_currency", contact: "contact", date: "updated_at"),
    seeding: .perContact(below: 2))
}

extension ObjectShape {
  /// A debt, owed by the contact (`in_debt` no) or to them (yes).
  package static let debt = ObjectShape(
    "debt", source: "app/Http/Resources/Debt/Debt.php:20-36, app/Http/Controllers/Api/ApiDebtController.php:119-129",
    fields: head("debt") + [
      FieldRule("in_debt", .text(.oneOf(["yes", "no"]))),
      FieldRule("status", .text(.oneOf(["inprogress", "completed"]))),
      FieldRule("amount", .text(.amount)), FieldRule("value", .string), FieldRule("amount_with_currency", .string),
      FieldRule("reason", .optionalString),
    ] + aboutContact,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Debts: `ApiDebtController` writes the model from the request, both ways validated alike
  /// (ApiDebtController.php:67-69,101,115-132): `in_debt` yes or no, `status` inprogress or
  /// completed, a numeric `amount` (the record's `amount`), a reason and the contact.
  static let debt = WriteMapping(
    services: "app/Http/Controllers/Api/ApiDebtController.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)), .same("in_debt"), .same("status"), .same("amount"),
      .same("reason"),
    ],
    create: WriteRules(
      "app/Http/Controllers/Api/ApiDebtController.php",
      [
        ("in_debt", "required|string|in:yes,no", "119-123"),
        ("status", "required|string|in:inprogress,completed", "124-128"),
        ("amount", "required|numeric", "129"),
        ("reason", "string|max:1000000|nullable", "130"),
        ("contact_id", "required|integer", "131"),
      ]))
}
