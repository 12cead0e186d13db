/// The shapes of the kinds beyond the first eight: every resource of app/Http/Resources at v4.1.2
/// that a collection route lists. Each follows its resource's `toArray` key by key.
extension ObjectShape {
  /// The fields every account record ends with: its account and its two timestamps.
  private static let stamped: [FieldRule] = [
    FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
  ]

  /// `account`, the short contact, then the timestamps: how records about a contact end. The
  /// contact is null while it is soft-deleted (SoftDeletes, Contact.php:49: its relation finds
  /// no row, and Laravel writes a resource of nothing as null) until it is pruned.
  private static let aboutContact: [FieldRule] = [
    FieldRule("account", .object(.account)), FieldRule("contact", .nullable(.object(.shortContact))),
    FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
  ]

  private static func head(_ object: String, uuid: Bool = true) -> [FieldRule] {
    [FieldRule("id", .id)] + (uuid ? [FieldRule("uuid", .text(.uuid))] : [])
      + [FieldRule("object", .text(.literal(object)))]
  }

  /// A phone call.
  package static let call = ObjectShape(
    "call", source: "app/Http/Resources/Call/Call.php:21-37",
    fields: head("call") + [
      FieldRule("called_at", .timestamp), FieldRule("content", .optionalString),
      FieldRule("contact_called", .boolean), FieldRule("emotions", .array(.object(.emotion))), FieldRule("url", .url),
    ] + aboutContact,
    checks: [.timestampsInOrder])

  /// A message of a conversation.
  package static let message = ObjectShape(
    "message", source: "app/Http/Resources/Conversation/Message.php:20-38",
    fields: head("message") + [
      FieldRule("content", .string), FieldRule("written_at", .timestamp), FieldRule("written_by_me", .boolean),
      FieldRule("account", .object(.account)), FieldRule("contact", .object(.shortContact)),
      FieldRule(
        "conversation",
        .object(ObjectShape("conversation id", source: "Message.php:33-35", fields: [FieldRule("id", .id)]))),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])

  /// A conversation and its messages, held through a contact field type (SMS, e-mail...).
  package static let conversation = ObjectShape(
    "conversation", source: "app/Http/Resources/Conversation/Conversation.php:22-38",
    fields: head("conversation") + [
      FieldRule("happened_at", .timestamp), FieldRule("messages", .array(.object(.message))),
      FieldRule("contact_field_type", .object(.contactFieldType)), FieldRule("url", .url),
    ] + aboutContact,
    checks: [.timestampsInOrder])

  /// A reminder's own fields, which its outbox entry repeats; `frequency_type` as CreateReminder
  /// accepts it (app/Models/Contact/Reminder.php:50-52).
  private static let reminderFields: [FieldRule] = [
    FieldRule("title", .text(.nonEmpty)), FieldRule("description", .optionalString),
    FieldRule("frequency_type", .text(.oneOf(["one_time", "week", "month", "year"]))),
    FieldRule("frequency_number", .nullable(.count)), FieldRule("initial_date", .timestamp),
    FieldRule("delible", .boolean),
  ]

  /// A reminder.
  package static let reminder = ObjectShape(
    "reminder", source: "app/Http/Resources/Reminder/Reminder.php:20-37",
    fields: head("reminder") + reminderFields + aboutContact, checks: [.timestampsInOrder])

  /// A reminder as `reminders/upcoming/{month}` lists it: its outbox entry, the reminder's
  /// fields, and the day it is planned for (ReminderOutbox.php:20-40, `planned_date` a Carbon
  /// date, app/Models/Contact/ReminderOutbox.php:38-40).
  package static let reminderOutbox = ObjectShape(
    "upcoming reminder", source: "app/Http/Resources/Reminder/ReminderOutbox.php:20-40",
    fields: [
      FieldRule("id", .id), FieldRule("reminder_id", .id), FieldRule("object", .text(.literal("reminder"))),
      FieldRule("planned_date", .timestamp),
    ] + reminderFields + aboutContact,
    checks: [.timestampsInOrder])

  /// A debt, owed by the contact (`in_debt` no) or to them (yes).
  package static let debt = ObjectShape(
    "debt", source: "app/Http/Resources/Debt/Debt.php:20-36, app/Http/Controllers/Api/ApiDebtController.php:119-129",
    fields: head("debt") + [
      FieldRule("in_debt", .text(.oneOf(["yes", "no"]))),
      FieldRule("status", .text(.oneOf(["inprogress", "completed"]))),
      FieldRule("amount", .text(.amount)), FieldRule("value", .string), FieldRule("amount_with_currency", .string),
      FieldRule("reason", .optionalString),
    ] + aboutContact,
    checks: [.timestampsInOrder])

  /// A journal entry; `date` is a Carbon date, serialised with microseconds.
  package static let entry = ObjectShape(
    "journal entry", source: "app/Http/Resources/Journal/Entry.php:19-33, app/Models/Journal/Entry.php:56-60",
    fields: head("entry") + [
      FieldRule("title", .optionalString), FieldRule("post", .string), FieldRule("date", .timestamp),
      FieldRule("url", .url),
    ] + stamped,
    checks: [.timestampsInOrder])

  /// A pet's category.
  package static let petCategory = ObjectShape(
    "pet category", source: "app/Http/Resources/Pet/PetCategory.php:17-22",
    fields: head("pet_category", uuid: false) + [FieldRule("name", .string), FieldRule("is_common", .boolean)])

  /// A pet.
  package static let pet = ObjectShape(
    "pet", source: "app/Http/Resources/Pet/Pet.php:20-33",
    fields: head("pet") + [FieldRule("name", .optionalString), FieldRule("pet_category", .object(.petCategory))]
      + aboutContact,
    checks: [.timestampsInOrder])

  /// A relationship type (partner, child...); `delible` is cast to a boolean (RelationshipType.php:28-30).
  package static let relationshipType = ObjectShape(
    "relationship type", source: "app/Http/Resources/RelationshipType/RelationshipType.php:18-30",
    fields: head("relationshiptype", uuid: false) + [
      FieldRule("name", .string), FieldRule("name_reverse_relationship", .string),
      FieldRule("relationship_type_group_id", .nullable(.id)), FieldRule("delible", .boolean),
    ] + stamped,
    checks: [.timestampsInOrder])

  /// A group of relationship types: love, family, friend, work.
  package static let relationshipTypeGroup = ObjectShape(
    "relationship type group", source: "app/Http/Resources/RelationshipTypeGroup/RelationshipTypeGroup.php:18-28",
    fields: head("relationshiptypegroup", uuid: false) + [FieldRule("name", .string), FieldRule("delible", .boolean)]
      + stamped,
    checks: [.timestampsInOrder])

  /// A relationship of one contact to another.
  package static let relationship = ObjectShape(
    "relationship", source: "app/Http/Resources/Relationship/Relationship.php:21-35",
    fields: head("relationship") + [
      FieldRule("contact_is", .object(.shortContact)), FieldRule("relationship_type", .object(.relationshipType)),
      FieldRule("of_contact", .object(.shortContact)), FieldRule("url", .url),
    ] + stamped,
    checks: [.timestampsInOrder])

  /// A life event's category.
  package static let lifeEventCategory = ObjectShape(
    "life event category", source: "app/Http/Resources/LifeEvent/LifeEventCategory.php:19-31",
    fields: head("lifeeventcategory") + [
      FieldRule("name", .optionalString), FieldRule("core_monica_data", .boolean),
      FieldRule("default_life_event_category_key", .optionalString),
    ] + stamped,
    checks: [.timestampsInOrder])

  /// A life event's type.
  package static let lifeEventType = ObjectShape(
    "life event type", source: "app/Http/Resources/LifeEvent/LifeEventType.php:20-33",
    fields: head("lifeeventtype") + [
      FieldRule("name", .optionalString), FieldRule("core_monica_data", .boolean),
      FieldRule("default_life_event_type_key", .optionalString),
      FieldRule("life_event_category", .object(.lifeEventCategory)),
    ] + stamped,
    checks: [.timestampsInOrder])

  /// A life event (a new job, a move, a wedding...).
  package static let lifeEvent = ObjectShape(
    "life event", source: "app/Http/Resources/LifeEvent/LifeEvent.php:21-35",
    fields: head("lifeevent") + [
      FieldRule("name", .optionalString), FieldRule("note", .optionalString), FieldRule("happened_at", .timestamp),
      FieldRule("life_event_type", .object(.lifeEventType)),
    ] + aboutContact,
    checks: [.timestampsInOrder])

  /// A document uploaded for a contact; `link` is its download route.
  package static let document = ObjectShape(
    "document", source: "app/Http/Resources/Document/Document.php:20-38",
    fields: head("document") + [
      FieldRule("original_filename", .string), FieldRule("new_filename", .string), FieldRule("filesize", .count),
      FieldRule("type", .optionalString), FieldRule("mime_type", .optionalString),
      FieldRule("number_of_downloads", .count), FieldRule("link", .url), FieldRule("url", .url),
    ] + aboutContact,
    checks: [.timestampsInOrder])

  /// A gender of the account (Man, Woman, Rather not say, or the account's own).
  package static let gender = ObjectShape(
    "gender", source: "app/Http/Resources/Gender/Gender.php:18-28",
    fields: head("gender", uuid: false) + [FieldRule("name", .string), FieldRule("type", .optionalString)] + stamped,
    checks: [.timestampsInOrder])

  /// A country, as every instance knows it: its ISO 3166 code is its id.
  package static let country = ObjectShape(
    "country", source: "app/Http/Resources/Country/Country.php:19-32",
    fields: [
      FieldRule("id", .string), FieldRule("object", .text(.literal("country"))), FieldRule("name", .optionalString),
      FieldRule("iso", .string),
    ])

  /// A place: an address without its contact.
  package static let place = ObjectShape(
    "place", source: "app/Http/Resources/Place/Place.php:19-35",
    fields: head("place", uuid: false) + [
      FieldRule("street", .optionalString), FieldRule("city", .optionalString), FieldRule("province", .optionalString),
      FieldRule("postal_code", .optionalString), FieldRule("latitude", .nullable(.number)),
      FieldRule("longitude", .nullable(.number)), FieldRule("country", .nullable(.object(.country))),
    ] + stamped,
    checks: [.timestampsInOrder])

  /// A company.
  package static let company = ObjectShape(
    "company", source: "app/Http/Resources/Company/Company.php:18-30",
    fields: head("company", uuid: false) + [
      FieldRule("name", .string), FieldRule("website", .optionalString),
      FieldRule("number_of_employees", .nullable(.count)),
    ] + stamped,
    checks: [.timestampsInOrder])

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
