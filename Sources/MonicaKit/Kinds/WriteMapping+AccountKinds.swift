/// The write tables of the kinds beyond the first eight that `monica-push` writes (issue 13):
/// read from their create and update services or controllers at v4.1.2.
extension WriteMapping {
  /// Calls: `CreateCall` (app/Services/Contact/Call/CreateCall.php:18-28) takes the contact, the
  /// time, the content, who called and the emotions (global ids); `UpdateCall` (UpdateCall.php:
  /// 16-26,44-48) never changes the contact, so `contact_id` is for the create only.
  static let call = WriteMapping(
    services: "app/Services/Contact/Call/CreateCall.php, UpdateCall.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID), onUpdate: false), .same("called_at"), .same("content"),
      .same("contact_called"), WriteField("emotions", .ids(FieldPath.emotions)),
    ])

  /// Reminders: `CreateReminder` and `UpdateReminder` (app/Services/Contact/Reminder) require
  /// `initial_date` as `Y-m-d` (the record prints a timestamp), the frequency and the title
  /// (CreateReminder.php:18-31); the update finds the reminder through `contact_id` and never
  /// moves it (UpdateReminder.php:45-48), as a task's.
  static let reminder = WriteMapping(
    services: "app/Services/Contact/Reminder/CreateReminder.php, UpdateReminder.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)), .same("title"), .same("description"),
      WriteField("initial_date", .day(FieldPath(dotted: "initial_date"))), .same("frequency_type"),
      .same("frequency_number"), .same("delible"),
    ],
    fixedOnUpdate: ["contact_id"])

  /// Debts: `ApiDebtController` writes the model from the request, both ways validated alike
  /// (ApiDebtController.php:67-69,101,115-132): `in_debt` yes or no, `status` inprogress or
  /// completed, a numeric `amount` (the record's `amount`), a reason and the contact.
  static let debt = WriteMapping(
    services: "app/Http/Controllers/Api/ApiDebtController.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)), .same("in_debt"), .same("status"), .same("amount"),
      .same("reason"),
    ])

  /// Pets: `ApiPetController` writes the model from the request (ApiPetController.php:66-68,
  /// 114-121): the category (`pet_categories`, the same seeded rows on every instance), the
  /// contact and a name.
  static let pet = WriteMapping(
    services: "app/Http/Controllers/Api/ApiPetController.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)),
      WriteField("pet_category_id", .value(FieldPath(dotted: "pet_category.id"))), .same("name"),
    ])
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
    fixedOnUpdate: ["contact_id"])
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
    ])
}

extension WriteMapping {
  /// Contact field types, created when the target has none of that name:
  /// `ApiContactFieldTypeController` writes the model from the request, validated at
  /// ApiContactFieldTypeController.php:121-127 (`delible` must be an integer there, which the
  /// record's boolean is not, so it is left to the column's default).
  static let contactFieldType = WriteMapping(
    services: "app/Http/Controllers/Api/Settings/ApiContactFieldTypeController.php",
    fields: [.same("name"), .same("fontawesome_icon"), .same("protocol"), .same("type")])
}
