extension RecordKind {
  /// Contact field types (routes/api.php:149): unsorted (Settings/ApiContactFieldTypeController.php:28).
  package static let contactFieldType = RecordKind(
    object: "contactfieldtype", name: "contactfieldtypes", table: "contact_field_types", singular: "contact field type",
    routes: .resource,
    writes: .contactFieldType, rule: .object(.contactFieldType), display: KindDisplay(title: "name"),
    seeding: .reference, matching: .byName,
    listing: ListingShape(sorted: []))
}

extension ObjectShape {
  /// A type of contact field: Email, Phone, Twitter... or one of the account's own.
  package static let contactFieldType = ObjectShape(
    "contact field type", source: "app/Http/Resources/Settings/ContactFieldType/ContactFieldType.php",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)),
      FieldRule("object", .text(.literal("contactfieldtype"))), FieldRule("name", .string),
      FieldRule("fontawesome_icon", .optionalString), FieldRule("protocol", .optionalString),
      FieldRule("delible", .boolean), FieldRule("type", .optionalString),
      FieldRule("account", .object(.account)),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Contact field types, created when the target has none of that name:
  /// `ApiContactFieldTypeController` writes the model from the request, validated at
  /// ApiContactFieldTypeController.php:121-127 (`delible` must be an integer there, which the
  /// record's boolean is not, so it is left to the column's default).
  static let contactFieldType = WriteMapping(
    services: "app/Http/Controllers/Api/Settings/ApiContactFieldTypeController.php",
    fields: [.same("name"), .same("fontawesome_icon"), .same("protocol"), .same("type")],
    create: WriteRules(
      "app/Http/Controllers/Api/Settings/ApiContactFieldTypeController.php",
      [
        ("name", "required|max:255", "122"),
        ("fontawesome_icon", "nullable|max:255", "123"),
        ("protocol", "nullable|max:255", "124"),
        ("delible", "integer", "125"),
        ("type", "nullable|max:255", "126"),
      ]))
}
