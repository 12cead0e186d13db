extension RecordKind {
  /// Occupations (routes/api.php:69).
  package static let occupation = RecordKind(
    object: "occupation", name: "occupations", routes: .resource,
    references: [KindReference("contact.id", to: "contact"), KindReference("company.id", to: "company")],
    writes: .occupation, rule: .object(.occupation),
    display: KindDisplay(title: "title", contact: "contact", date: "start_date"),
    seeding: .perContact(below: 2),
    deleteRules: WriteRules(
      "app/Services/Contact/Occupation/DestroyOccupation.php",
      [("occupation_id", "required|integer|exists:occupations,id", "19")], route: ["occupation_id"]))
}

extension ObjectShape {
  /// A contact's job at a company; the dates are cast to `Y-m-d` (Occupation.php:46-49).
  package static let occupation = ObjectShape(
    "occupation", source: "app/Http/Resources/Occupation/Occupation.php:20-39",
    fields: head("occupation", uuid: false) + [
      FieldRule("title", .string), FieldRule("description", .optionalString), FieldRule("salary", .nullable(.any)),
      FieldRule("salary_unit", .optionalString), FieldRule("currently_works_here", .boolean),
      FieldRule("start_date", .nullable(.text(.date))), FieldRule("end_date", .nullable(.text(.date))),
      FieldRule("company", .nullable(.object(.company))),
    ] + aboutContact,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Occupations: `CreateOccupation` (app/Services/Contact/Occupation/CreateOccupation.php:17-34)
  /// requires the contact, the company and a title; the dates are `Y-m-d`, as the record prints
  /// them (DateHelper::getDate, app/Http/Resources/Occupation/Occupation.php:28-29).
  static let occupation = WriteMapping(
    services: "app/Services/Contact/Occupation/CreateOccupation.php, UpdateOccupation.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)),
      WriteField("company_id", .value(FieldPath(dotted: "company.id"))), .same("title"), .same("description"),
      .same("salary"), .same("salary_unit"), .same("currently_works_here"), .same("start_date"), .same("end_date"),
    ],
    create: WriteRules(
      "app/Services/Contact/Occupation/CreateOccupation.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "21"),
        ("company_id", "required|integer|exists:companies,id", "22"),
        ("title", "required|string|max:255", "23"),
        ("description", "nullable|string|max:1000", "24"),
        ("salary", "nullable|integer", "25"),
        ("salary_unit", "nullable|in:year,month,week,day,hour", "26-29"),
        ("currently_works_here", "nullable|boolean", "30"),
        ("start_date", "nullable|date_format:Y-m-d", "31"),
        ("end_date", "nullable|date_format:Y-m-d", "32"),
      ]),
    update: WriteRules(
      "app/Services/Contact/Occupation/UpdateOccupation.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "20"),
        ("company_id", "required|integer|exists:companies,id", "21"),
        ("occupation_id", "required|integer|exists:occupations,id", "22"),
        ("title", "required|string|max:255", "23"),
        ("description", "nullable|string|max:1000", "24"),
        ("salary", "nullable|integer", "25"),
        ("salary_unit", "nullable|in:year,month,week,day,hour", "26-29"),
        ("currently_works_here", "nullable|boolean", "30"),
        ("start_date", "nullable|date_format:Y-m-d", "31"),
        ("end_date", "nullable|date_format:Y-m-d", "32"),
      ], route: ["occupation_id"]))
}
