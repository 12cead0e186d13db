extension RecordKind {
  /// Companies (routes/api.php:66): created, not matched by name, as Monica keeps two of one name
  /// apart (CreateCompany.php:42-47 looks for none; account set-up seeds none).
  package static let company = RecordKind(
    object: "company", name: "companies", singular: "company", routes: .resource, writes: .company,
    rule: .object(.company), display: KindDisplay(title: "name"), seeding: .account,
    deleteRules: WriteRules(
      "app/Services/Account/Company/DestroyCompany.php", [("company_id", "required|integer|exists:companies,id", "19")],
      route: ["company_id"]))
}

extension ObjectShape {
  /// A company.
  package static let company = ObjectShape(
    "company", source: "app/Http/Resources/Company/Company.php:18-30",
    fields: head("company", uuid: false) + [
      FieldRule("name", .string), FieldRule("website", .optionalString),
      FieldRule("number_of_employees", .nullable(.count)),
    ] + stamped,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Companies: `CreateCompany` (app/Services/Account/Company/CreateCompany.php:19-28,42-47) takes a
  /// name, a website and a number of employees; the controller adds the author
  /// (ApiCompanyController.php:64-71).
  static let company = WriteMapping(
    services: "app/Services/Account/Company/CreateCompany.php, UpdateCompany.php",
    fields: [.same("name"), .same("website"), .same("number_of_employees")],
    create: WriteRules(
      "app/Services/Account/Company/CreateCompany.php",
      [
        ("name", "required|string|max:255", "24"),
        ("website", "nullable|string|max:255", "25"),
        ("number_of_employees", "nullable|integer", "26"),
      ]),
    update: WriteRules(
      "app/Services/Account/Company/UpdateCompany.php",
      [
        ("company_id", "required|integer|exists:companies,id", "19"),
        ("name", "required|string|max:255", "20"),
        ("website", "nullable|string|max:255", "21"),
        ("number_of_employees", "nullable|integer", "22"),
      ], route: ["company_id"]))
}
