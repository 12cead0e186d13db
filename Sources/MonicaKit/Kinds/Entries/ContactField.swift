extension RecordKind {
  /// Contact fields (routes/api.php:54-55): no list of their own, only one contact's, unsorted
  /// (ApiContactFieldController.php:39-40); `with=contactfields` embeds them in contacts.
  package static let contactField = RecordKind(
    object: "contactfield", name: "contactfields", table: "contact_fields", singular: "contact field",
    routes: [.show, .create, .update, .delete, .nested],
    references: [
      KindReference("contact.id", to: "contact"), KindReference("contact_field_type.id", to: "contactfieldtype"),
    ],
    writes: .contactField, rule: .object(.contactField), display: KindDisplay(title: "content", contact: "contact"),
    seeding: .perContact(below: 3), listing: ListingShape(sorted: []),
    deleteRules: WriteRules(
      "app/Services/Contact/ContactField/DestroyContactField.php",
      [("contact_field_id", "required|integer|exists:contact_fields,id", "19")], route: ["contact_field_id"]))
}

extension ObjectShape {
  /// A contact field (`?with=contactfields`): an e-mail address, a phone number...
  package static let contactField = ObjectShape(
    "contact field", source: "app/Http/Resources/ContactField/ContactField.php", shared: true,
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("contactfield"))),
      FieldRule("content", .string),
      FieldRule("contact_field_type", .object(.contactFieldType)),
      FieldRule(
        "labels",
        .array(
          .object(
            ObjectShape(
              "contact field label", source: "app/Http/Resources/ContactField/ContactFieldLabel.php",
              fields: [
                FieldRule("id", .id), FieldRule("object", .text(.literal("contactfieldlabel"))),
                FieldRule("type", .optionalString), FieldRule("label", .optionalString),
                FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
                FieldRule("updated_at", .timestamp),
              ],
              checks: [.timestampsInOrder])))),
      FieldRule("account", .object(.account)), FieldRule("contact", .object(.shortContact)),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Contact fields: `CreateContactField` and `UpdateContactField` (app/Services/Contact/
  /// ContactField, rules at CreateContactField.php:19-27, UpdateContactField.php:19-27) take the
  /// contact, the type (matched by name on another instance) and `data`, which the record prints
  /// as `content` (ContactField resource, app/Http/Resources/ContactField/ContactField.php:27).
  /// `labels` is a list of names, each found or made by `UpdateContactFieldLabels`
  /// (CreateContactField.php:25,54-60, UpdateContactFieldLabels.php:52-68): a record's label
  /// gives its name as `type`, the standard key (`home`) or the custom label
  /// (ContactFieldLabel resource, app/Http/Resources/ContactField/ContactFieldLabel.php:24).
  static let contactField = WriteMapping(
    services: "app/Services/Contact/ContactField/CreateContactField.php, UpdateContactField.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)),
      WriteField("contact_field_type_id", .value(FieldPath(dotted: "contact_field_type.id"))),
      WriteField("data", .value(FieldPath(dotted: "content"))),
      WriteField("labels", .members(FieldPath.labels, key: "type")),
    ],
    create: WriteRules(
      "app/Services/Contact/ContactField/CreateContactField.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "22"),
        ("contact_field_type_id", "required|integer|exists:contact_field_types,id", "23"),
        ("data", "required|string|max:255", "24"),
        ("labels", "nullable|array", "25"),
      ]),
    update: WriteRules(
      "app/Services/Contact/ContactField/UpdateContactField.php",
      [
        ("contact_field_id", "required|integer|exists:contact_fields,id", "22"),
        ("contact_id", "required|integer|exists:contacts,id", "23"),
        ("contact_field_type_id", "required|integer|exists:contact_field_types,id", "24"),
        ("data", "required|string|max:255", "25"),
        ("labels", "nullable|array", "26"),
      ], route: ["contact_field_id"]))
}

extension RecordKind {
  /// The query item that adds each contact's `contactFields` (and its latest notes) to the
  /// contacts' routes, `with=contactfields` (app/Http/Resources/Contact/Contact.php:22).
  package static let withContactFields = ("with", RecordKind.contactField.name)
}
