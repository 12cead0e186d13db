/// The entries of the catalogue, one per kind, read from Monica's source at v4.1.2: routes from
/// routes/api.php, `object` names and shapes from app/Http/Resources, sortable columns from the
/// kinds' tables (database/migrations).
extension RecordKind {
  /// Every kind, in the order tools list them.
  package static let all: [RecordKind] = [
    .contact, .activity, .note, .task, .gift, .tag, .photo, .user, .call, .conversation, .reminder, .debt, .entry,
    .address, .contactField, .pet, .relationship, .lifeEvent, .document, .occupation, .gender, .place, .company,
    .activityType, .activityTypeCategory, .contactFieldType, .relationshipType, .relationshipTypeGroup, .country,
    .currency, .auditLog,
  ]

  /// Contacts (routes/api.php:21). Links between contacts (relationships, "first met through")
  /// are records of their own kinds, so a contact refers only to its tags, and to its gender by
  /// name (ContactBase.php:30-31 prints the gender's name and type, not its id).
  package static let contact = RecordKind(
    object: "contact", name: "contacts", routes: .resource,
    references: [KindReference("tags[].id", to: "tag"), KindReference("gender", to: "gender", byName: true)],
    writes: .contact, rule: .contact, display: KindDisplay(title: "complete_name", date: "updated_at"),
    seeding: .account)

  /// Activities with their attendees (routes/api.php:88-90).
  package static let activity = RecordKind(
    object: "activity", name: "activities", routes: KindRoutes.resource.union(.nested),
    references: [
      KindReference("attendees.contacts[].id", to: "contact"), KindReference("activity_type.id", to: "activityType"),
    ],
    writes: .activity, rule: .object(.activity),
    display: KindDisplay(title: "summary", date: "happened_at"), seeding: .perContact(below: 3),
    listing: ListingShape(yearlyStatistics: "happened_at"))

  /// Notes (routes/api.php:72-74); `favorited_at` is a column of `notes`.
  package static let note = RecordKind(
    object: "note", name: "notes", routes: KindRoutes.resource.union(.nested), sortColumns: ["favorited_at"],
    references: [KindReference("contact.id", to: "contact")], writes: .note, rule: .object(.note),
    display: KindDisplay(title: "body", contact: "contact", date: "updated_at"), seeding: .perContact(below: 3),
    deletesWithStringID: false)

  /// Tasks (routes/api.php:99-100); `completed_at` is a column of `tasks`.
  package static let task = RecordKind(
    object: "task", name: "tasks", routes: KindRoutes.resource.union(.nested), sortColumns: ["completed_at"],
    references: [KindReference("contact.id", to: "contact")], writes: .task, rule: .object(.task),
    display: KindDisplay(title: "title", contact: "contact", date: "updated_at"), seeding: .perContact(below: 2))

  /// Gifts (routes/api.php:103-105); the photos of a gift are photos of its contact.
  package static let gift = RecordKind(
    object: "gift", name: "gifts", routes: KindRoutes.resource.union(.nested),
    references: [
      KindReference("contact.id", to: "contact"), KindReference("recipient.id", to: "contact"),
      KindReference("photos[].id", to: "photo"),
    ],
    writes: .gift, rule: .object(.gift), display: KindDisplay(title: "name", contact: "contact", date: "date"),
    seeding: .perContact(below: 2))

  /// Tags (routes/api.php:62-63).
  package static let tag = RecordKind(
    object: "tag", name: "tags", routes: .resource, writes: .tag, rule: .object(.tag),
    display: KindDisplay(title: "name"), seeding: .account, matching: .byName)

  /// Photos (routes/api.php:136-138): no update route.
  package static let photo = RecordKind(
    object: "photo", name: "photos", routes: [.list, .show, .create, .delete, .nested],
    references: [KindReference("contact.id", to: "contact")], rule: .object(.photo),
    display: KindDisplay(title: "original_filename", contact: "contact", date: "created_at"),
    seeding: .perContact(below: 2), deletesWithStringID: false)

  /// The signed-in user (`GET /api/me`, routes/api.php:15): one record, not a page.
  package static let user = RecordKind(
    object: "user", name: "me", singular: "signed-in user", routes: [.single],
    references: [KindReference("me_contact.id", to: "contact"), KindReference("currency.id", to: "currency")],
    rule: .object(.user), display: KindDisplay(title: "name"), seeding: .account, matching: .notCopied)
}
