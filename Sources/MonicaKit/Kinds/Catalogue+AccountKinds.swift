/// The kinds beyond the first eight: the rest of Monica 4.x's collections (routes/api.php:5-155
/// at v4.1.2), each with its controller's listing quirks (app/Http/Controllers/Api).
extension RecordKind {
  /// Currencies (routes/api.php:9, outside the `auth:api` group): the same rows on every
  /// instance; `Currency::paginate` has no `orderBy` (Settings/ApiCurrencyController.php:23).
  package static let currency = RecordKind(
    object: "currency", name: "currencies", singular: "currency", routes: [.list, .show], rule: .object(.currency),
    display: KindDisplay(title: "name"), seeding: .reference, matching: .global, listing: ListingShape(sorted: []))

  /// Countries (routes/api.php:155): every country at once, `data` an object keyed by ISO code,
  /// as `CountriesHelper::getAll` keys the collection (Misc/ApiCountryController.php:20-27,
  /// app/Helpers/CountriesHelper.php:17-28).
  package static let country = RecordKind(
    object: "country", name: "countries", singular: "country", routes: [.list], rule: .object(.country),
    display: KindDisplay(title: "name"), seeding: .reference, matching: .global,
    listing: ListingShape(paginated: false, keyedByID: true, sorted: []))

  /// Genders (routes/api.php:32): the account's own, matched by name on another instance.
  package static let gender = RecordKind(
    object: "gender", name: "genders", routes: .resource, writes: .gender, rule: .object(.gender),
    display: KindDisplay(title: "name"),
    seeding: .reference, matching: .byName)

  /// Activity type categories (routes/api.php:119).
  package static let activityTypeCategory = RecordKind(
    object: "activityTypeCategory", name: "activitytypecategories", singular: "activity type category",
    routes: .resource, writes: .activityTypeCategory, rule: .object(.activityTypeCategory),
    display: KindDisplay(title: "name"),
    seeding: .reference, matching: .byName)

  /// Activity types (routes/api.php:116).
  package static let activityType = RecordKind(
    object: "activityType", name: "activitytypes", singular: "activity type", routes: .resource,
    references: [KindReference("activity_type_category.id", to: "activityTypeCategory")], writes: .activityType,
    rule: .object(.activityType), display: KindDisplay(title: "name"), seeding: .reference, matching: .byName)

  /// Relationship type groups (routes/api.php:122): read only, unsorted
  /// (ApiRelationshipTypeGroupController.php:27-28).
  package static let relationshipTypeGroup = RecordKind(
    object: "relationshiptypegroup", name: "relationshiptypegroups", singular: "relationship type group",
    routes: [.list, .show], rule: .object(.relationshipTypeGroup), display: KindDisplay(title: "name"),
    seeding: .reference, matching: .byName, listing: ListingShape(sorted: []))

  /// Relationship types (routes/api.php:125): read only, unsorted
  /// (ApiRelationshipTypeController.php:27-28).
  package static let relationshipType = RecordKind(
    object: "relationshiptype", name: "relationshiptypes", singular: "relationship type", routes: [.list, .show],
    references: [KindReference("relationship_type_group_id", to: "relationshiptypegroup")],
    rule: .object(.relationshipType), display: KindDisplay(title: "name"), seeding: .reference, matching: .byName,
    listing: ListingShape(sorted: []))

  /// Contact field types (routes/api.php:149): unsorted (Settings/ApiContactFieldTypeController.php:28).
  package static let contactFieldType = RecordKind(
    object: "contactfieldtype", name: "contactfieldtypes", singular: "contact field type", routes: .resource,
    writes: .contactFieldType, rule: .object(.contactFieldType), display: KindDisplay(title: "name"),
    seeding: .reference, matching: .byName,
    listing: ListingShape(sorted: []))

  /// Places (routes/api.php:46): the account's addresses without their contacts.
  package static let place = RecordKind(
    object: "place", name: "places", routes: .resource, references: [KindReference("country.id", to: "country")],
    writes: .place, rule: .object(.place), display: KindDisplay(title: "city"), seeding: .account)

  /// Companies (routes/api.php:66): created, not matched by name, as Monica keeps two of one name
  /// apart (CreateCompany.php:42-47 looks for none; account set-up seeds none).
  package static let company = RecordKind(
    object: "company", name: "companies", singular: "company", routes: .resource, writes: .company,
    rule: .object(.company), display: KindDisplay(title: "name"), seeding: .account)

  /// Contact fields (routes/api.php:54-55): no list of their own, only one contact's, unsorted
  /// (ApiContactFieldController.php:39-40); `with=contactfields` embeds them in contacts.
  package static let contactField = RecordKind(
    object: "contactfield", name: "contactfields", singular: "contact field",
    routes: [.show, .create, .update, .delete, .nested],
    references: [
      KindReference("contact.id", to: "contact"), KindReference("contact_field_type.id", to: "contactfieldtype"),
    ],
    writes: .contactField, rule: .object(.contactField), display: KindDisplay(title: "content", contact: "contact"),
    seeding: .perContact(below: 3), listing: ListingShape(sorted: []))

  /// Addresses (routes/api.php:49-51); one contact's are unsorted (Contact/ApiAddressController.php:49-50).
  package static let address = RecordKind(
    object: "address", name: "addresses", singular: "address", routes: KindRoutes.resource.union(.nested),
    references: [KindReference("contact.id", to: "contact"), KindReference("country.id", to: "country")],
    writes: .address, rule: .object(.address), display: KindDisplay(title: "city", contact: "contact"),
    seeding: .perContact(below: 2), listing: ListingShape(sorted: [.list]))

  /// Phone calls (routes/api.php:77-79); lists add `meta.statistics`, calls per year
  /// (Contact/ApiCallController.php:37-39).
  package static let call = RecordKind(
    object: "call", name: "calls", routes: KindRoutes.resource.union(.nested), sortColumns: ["called_at"],
    references: [KindReference("contact.id", to: "contact")], writes: .call, rule: .object(.call),
    display: KindDisplay(title: "content", contact: "contact", date: "called_at"), seeding: .perContact(below: 3),
    listing: ListingShape(yearlyStatistics: "called_at"))

  /// Conversations with their messages (routes/api.php:82-85); messages have no list of their own.
  /// A delete answers the id as a number (`destroy(int $conversationId)`).
  package static let conversation = RecordKind(
    object: "conversation", name: "conversations", routes: KindRoutes.resource.union(.nested),
    references: [
      KindReference("contact.id", to: "contact"), KindReference("contact_field_type.id", to: "contactfieldtype"),
    ],
    writes: .conversation, rule: .object(.conversation), display: KindDisplay(contact: "contact", date: "happened_at"),
    seeding: .perContact(below: 2), deletesWithStringID: false)

  /// Reminders (routes/api.php:93-96); `reminders/upcoming/{month}` lists the reminders due.
  package static let reminder = RecordKind(
    object: "reminder", name: "reminders", routes: KindRoutes.resource.union(.nested),
    references: [KindReference("contact.id", to: "contact")], writes: .reminder,
    rule: .choice(
      ShapeChoice(name: "reminder or upcoming reminder", shapes: [.reminder, .reminderOutbox]) { value in
        value.member("reminder_id") != nil ? .reminderOutbox : .reminder
      }),
    display: KindDisplay(title: "title", contact: "contact", date: "initial_date"), seeding: .perContact(below: 2))

  /// Debts (routes/api.php:108-109).
  package static let debt = RecordKind(
    object: "debt", name: "debts", routes: KindRoutes.resource.union(.nested),
    references: [KindReference("contact.id", to: "contact")], writes: .debt, rule: .object(.debt),
    display: KindDisplay(title: "amount_with_currency", contact: "contact", date: "updated_at"),
    seeding: .perContact(below: 2))

  /// Journal entries (routes/api.php:112-113).
  package static let entry = RecordKind(
    object: "entry", name: "journal", singular: "journal entry", routes: .resource, writes: .entry,
    rule: .object(.entry),
    display: KindDisplay(title: "title", date: "date"), seeding: .account)

  /// Pets (routes/api.php:58-59); one contact's are unsorted (ApiPetController.php:54-55).
  package static let pet = RecordKind(
    object: "pet", name: "pets", routes: KindRoutes.resource.union(.nested),
    references: [KindReference("contact.id", to: "contact")], writes: .pet, rule: .object(.pet),
    display: KindDisplay(title: "name", contact: "contact"), seeding: .perContact(below: 2),
    listing: ListingShape(sorted: [.list]))

  /// Relationships (routes/api.php:35-38): only one contact's, where it is `contact_is`, all at
  /// once without pagination (`->get()`, ApiRelationshipController.php:27-35).
  package static let relationship = RecordKind(
    object: "relationship", name: "relationships", routes: [.show, .create, .update, .delete, .nested],
    references: [
      KindReference("contact_is.id", to: "contact"), KindReference("of_contact.id", to: "contact"),
      KindReference("relationship_type.id", to: "relationshiptype"),
    ],
    writes: .relationship, rule: .object(.relationship),
    display: KindDisplay(contact: "of_contact", date: "updated_at"),
    seeding: .perContact(below: 2), listing: ListingShape(paginated: false, sorted: []))

  /// Life events (routes/api.php:128): no route per contact; a delete answers the id as a number
  /// (`destroy(int $lifeEventId)`).
  package static let lifeEvent = RecordKind(
    object: "lifeevent", name: "lifeevents", singular: "life event", routes: .resource,
    references: [KindReference("contact.id", to: "contact")], writes: .lifeEvent, rule: .object(.lifeEvent),
    display: KindDisplay(title: "name", contact: "contact", date: "happened_at"), seeding: .perContact(below: 2),
    deletesWithStringID: false)

  /// Documents (routes/api.php:131-133): no update route.
  package static let document = RecordKind(
    object: "document", name: "documents", routes: [.list, .show, .create, .delete, .nested],
    references: [KindReference("contact.id", to: "contact")], rule: .object(.document),
    display: KindDisplay(title: "original_filename", contact: "contact", date: "created_at"),
    seeding: .perContact(below: 2))

  /// Occupations (routes/api.php:69).
  package static let occupation = RecordKind(
    object: "occupation", name: "occupations", routes: .resource,
    references: [KindReference("contact.id", to: "contact"), KindReference("company.id", to: "company")],
    writes: .occupation, rule: .object(.occupation),
    display: KindDisplay(title: "title", contact: "contact", date: "start_date"),
    seeding: .perContact(below: 2))

  /// The audit log (routes/api.php:144,150): the account's, or one contact's; unsorted
  /// (Settings/ApiAuditLogController.php:24-25). Monica writes it; no copy is made elsewhere.
  package static let auditLog = RecordKind(
    object: "auditlog", name: "logs", singular: "audit log", routes: [.list, .nested],
    references: [KindReference("objects.contact_id", to: "contact")], rule: .object(.auditLog),
    display: KindDisplay(title: "action", date: "audited_at"), seeding: .account, matching: .notCopied,
    listing: ListingShape(sorted: []))
}
