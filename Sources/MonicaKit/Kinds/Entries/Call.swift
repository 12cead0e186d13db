extension RecordKind {
  /// Phone calls (routes/api.php:77-79); lists add `meta.statistics`, calls per year
  /// (Contact/ApiCallController.php:37-39).
  package static let call = RecordKind(
    object: "call", name: "calls", routes: KindRoutes.resource.union(.nested), sortColumns: ["called_at"],
    references: [KindReference("contact.id", to: "contact")], writes: .call, rule: .object(.call),
    display: KindDisplay(title: "content", contact: "contact", date: "called_at"), seeding: .perContact(below: 3),
    listing: ListingShape(yearlyStatistics: "called_at"),
    losses: [
      // UpdateCall stores an unset contact_called as null (UpdateCall.php:47); the column is a
      // boolean that defaults to false (2018_12_08_233140_add_who_called_to_calls.php:17).
      MigrationLoss(
        "contact_called of calls when null (made again as false, the column's default)",
        when: .isNull("contact_called"))
    ])
}

extension ObjectShape {
  /// A phone call.
  package static let call = ObjectShape(
    "call", source: "app/Http/Resources/Call/Call.php:21-37",
    fields: head("call") + [
      FieldRule("called_at", .timestamp), FieldRule("content", .optionalString),
      FieldRule("contact_called", .boolean), FieldRule("emotions", .array(.object(.emotion))), FieldRule("url", .url),
    ] + aboutContact,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Calls: `CreateCall` (app/Services/Contact/Call/CreateCall.php:18-28) takes the contact, the
  /// time, the content, who called and the emotions (global ids); `UpdateCall` (UpdateCall.php:
  /// 16-26,44-48) never changes the contact, so `contact_id` is for the create only.
  static let call = WriteMapping(
    services: "app/Services/Contact/Call/CreateCall.php, UpdateCall.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID), onUpdate: false), .same("called_at"), .same("content"),
      .same("contact_called"), WriteField("emotions", .ids(FieldPath.emotions)),
    ],
    create: WriteRules(
      "app/Services/Contact/Call/CreateCall.php",
      [
        ("contact_id", "required|integer", "22"),
        ("called_at", "required|date", "23"),
        ("content", "nullable|string", "24"),
        ("contact_called", "nullable|boolean", "25"),
        ("emotions", "nullable|array", "26"),
      ]),
    update: WriteRules(
      "app/Services/Contact/Call/UpdateCall.php",
      [
        ("call_id", "required|integer|exists:calls,id", "20"),
        ("called_at", "required|date", "21"),
        ("content", "nullable|string", "22"),
        ("contact_called", "nullable|boolean", "23"),
        ("emotions", "nullable|array", "24"),
      ], route: ["call_id"]))
}
