extension RecordKind {
  /// Addresses (routes/api.php:49-51); one contact's are unsorted (Contact/ApiAddressController.php:49-50).
  package static let address = RecordKind(
    object: "address", name: "addresses", singular: "address", routes: KindRoutes.resource.union(.nested),
    references: [KindReference("contact.id", to: "contact"), KindReference("country.id", to: "country")],
    writes: .address, rule: .object(.address), display: KindDisplay(title: "city", contact: "contact"),
    seeding: .perContact(below: 2), listing: ListingShape(sorted: [.list]),
    deleteRules: WriteRules(
      "app/Services/Contact/Address/DestroyAddress.php", [("address_id", "required|integer|exists:addresses,id", "20")],
      route: ["address_id"]))
}

extension ObjectShape {
  /// An address of a full contact.
  package static let address = ObjectShape(
    "address", source: "app/Http/Resources/Address/Address.php", shared: true,
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("address"))),
      FieldRule("name", .optionalString), FieldRule("street", .optionalString), FieldRule("city", .optionalString),
      FieldRule("province", .optionalString), FieldRule("postal_code", .optionalString),
      FieldRule("latitude", .nullable(.number)), FieldRule("longitude", .nullable(.number)),
      FieldRule("country", .nullable(.object(.country))),
      FieldRule("url", .url), FieldRule("account", .object(.account)), FieldRule("contact", .object(.shortContact)),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Addresses: `CreateAddress` and `UpdateAddress` (app/Services/Contact/Address, rules at
  /// CreateAddress.php:20-33, UpdateAddress.php:20-34) make or change the address's place; the
  /// country goes as its ISO code (`country.id` in the record, `max:3`). The update finds the
  /// address through `contact_id` (UpdateAddress.php:48-50), so it never moves. Labels are taken
  /// as names (CreateAddress.php:32,60-66), though the Address resource prints none
  /// (app/Http/Resources/Address/Address.php:23-42): only a line that gives them sends them.
  static let address = WriteMapping(
    services: "app/Services/Contact/Address/CreateAddress.php, UpdateAddress.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)), .same("name"), .same("street"), .same("city"),
      .same("province"), .same("postal_code"), WriteField("country", .value(FieldPath(dotted: "country.id"))),
      .same("latitude"), .same("longitude"), WriteField("labels", .members(FieldPath.labels, key: "type")),
    ],
    fixedOnUpdate: ["contact_id"],
    create: WriteRules(
      "app/Services/Contact/Address/CreateAddress.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "23"),
        ("name", "nullable|string|max:255", "24"),
        ("street", "nullable|string|max:255", "25"),
        ("city", "nullable|string|max:255", "26"),
        ("province", "nullable|string|max:255", "27"),
        ("postal_code", "nullable|string|max:255", "28"),
        ("country", "nullable|string|max:3", "29"),
        ("latitude", "nullable|numeric", "30"),
        ("longitude", "nullable|numeric", "31"),
        ("labels", "nullable|array", "32"),
      ]),
    update: WriteRules(
      "app/Services/Contact/Address/UpdateAddress.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "23"),
        ("address_id", "required|integer|exists:addresses,id", "24"),
        ("name", "nullable|string|max:255", "25"),
        ("street", "nullable|string|max:255", "26"),
        ("city", "nullable|string|max:255", "27"),
        ("province", "nullable|string|max:255", "28"),
        ("postal_code", "nullable|string|max:255", "29"),
        ("country", "nullable|string|max:3", "30"),
        ("latitude", "nullable|numeric", "31"),
        ("longitude", "nullable|numeric", "32"),
        ("labels", "nullable|array", "33"),
      ], route: ["address_id"]))
}
