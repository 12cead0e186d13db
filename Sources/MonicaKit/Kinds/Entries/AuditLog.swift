extension RecordKind {
  /// The audit log (routes/api.php:144,150): the account's, or one contact's; unsorted
  /// (Settings/ApiAuditLogController.php:24-25). Monica writes it; no copy is made elsewhere.
  package static let auditLog = RecordKind(
    object: "auditlog", name: "logs", table: "audit_logs", singular: "audit log", routes: [.list, .nested],
    references: [KindReference("objects.contact_id", to: "contact")], rule: .object(.auditLog),
    display: KindDisplay(title: "action", date: "audited_at"), seeding: .account, matching: .notCopied,
    listing: ListingShape(sorted: []))
}

extension ObjectShape {
  /// An entry of the audit log: who did what to which objects.
  package static let auditLog = ObjectShape(
    "audit log", source: "app/Http/Resources/AuditLog/AuditLog.php:19-34",
    fields: head("auditlog", uuid: false) + [
      FieldRule(
        "author",
        .object(
          ObjectShape(
            "author", source: "AuditLog.php:25-30",
            fields: [FieldRule("id", .id, .optional), FieldRule("name", .optionalString)]))),
      FieldRule("action", .string), FieldRule("objects", .any), FieldRule("audited_at", .timestamp),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}
