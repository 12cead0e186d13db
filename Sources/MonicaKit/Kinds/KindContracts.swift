/// The contracts of the kinds: each catalogue entry holds its kind's (`RecordKind.contract`).
extension RecordContract {
  /// Every kind's contract, in the catalogue's order.
  package static var catalogue: [RecordContract] { RecordKind.all.map(\.contract) }

  /// The contract of the kind whose `object` name is `object`, or `nil`.
  package static func named(_ object: String) -> RecordContract? {
    RecordKind.named(object)?.contract
  }
}

extension ValueRule {
  /// A contact: full (or partial) as the contact routes send it, or short as it is embedded
  /// elsewhere (`jq .contact` of a note). Which one is told by the keys only the full form has.
  package static let contact = ValueRule.choice(
    ShapeChoice(name: "full or short contact", shapes: [.fullContact, .shortContact]) { value in
      // "description" comes tenth in a full contact: found before walking the whole record.
      for key in ["description", "created_at", "updated_at", "statistics", "addresses", "tags"]
      where value.member(key) != nil {
        return .fullContact
      }
      return .shortContact
    })
}

extension ObjectShape {
  /// An activity; `summary` and `happened_at` as CreateActivity requires them.
  package static let activity = ObjectShape(
    "activity",
    source:
      "app/Http/Resources/Activity/Activity.php:21-43, app/Services/Account/Activity/Activity/CreateActivity.php:24-26",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("activity"))),
      FieldRule("summary", .text(.nonEmpty)), FieldRule("description", .optionalString),
      FieldRule("happened_at", .text(.date)), FieldRule("activity_type", .nullable(.object(.activityType))),
      FieldRule(
        "attendees",
        .object(
          ObjectShape(
            "attendees", source: "app/Http/Resources/Activity/Activity.php:31-34",
            fields: [FieldRule("total", .count), FieldRule("contacts", .array(.object(.shortContact)))],
            checks: [.attendeesTotal]))),
      FieldRule("emotions", .array(.object(.emotion))), FieldRule("url", .url),
      FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])

  /// A note; `body` is required by the API's validator.
  package static let note = ObjectShape(
    "note", source: "app/Http/Resources/Note/Note.php:64-81, app/Http/Controllers/Api/ApiNoteController.php:130",
    shared: true,
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("note"))),
      FieldRule("body", .text(.nonEmpty)), FieldRule("is_favorited", .boolean),
      FieldRule("favorited_at", .nullable(.timestamp)), FieldRule("url", .url), FieldRule("account", .object(.account)),
      FieldRule("contact", .nullable(.object(.shortContact))), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.noteFavourite, .timestampsInOrder])

  /// A task. Tasks have no HasUuid (app/Models/Contact/Task.php) and CreateTask sets none, so
  /// a task made through the API has a null `uuid`; its contact is optional (CreateTask.php:20).
  package static let task = ObjectShape(
    "task", source: "app/Http/Resources/Task/Task.php:102-119, app/Services/Task/CreateTask.php:18-23",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .nullable(.text(.uuid))), FieldRule("object", .text(.literal("task"))),
      FieldRule("title", .text(.nonEmpty)), FieldRule("description", .optionalString),
      FieldRule("completed", .boolean), FieldRule("completed_at", .nullable(.timestamp)),
      FieldRule("account", .object(.account)), FieldRule("contact", .nullable(.object(.shortContact))),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.taskCompletion, .timestampsInOrder])

  /// A gift; `status` as CreateGift accepts it. Monica keeps `url` as any string; the toolset's
  /// contract wants a link that works, and an amount that is not negative.
  package static let gift = ObjectShape(
    "gift", source: "app/Http/Resources/Gift/Gift.php:141-164, app/Services/Contact/Gift/CreateGift.php:20-37",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("gift"))),
      FieldRule("name", .text(.nonEmpty)), FieldRule("comment", .optionalString), FieldRule("url", .nullable(.url)),
      FieldRule("amount", .nullable(.text(.amount))), FieldRule("value", .string),
      FieldRule("amount_with_currency", .string),
      FieldRule("status", .text(.oneOf(["idea", "offered", "received"]))), FieldRule("date", .nullable(.text(.date))),
      FieldRule("recipient", .nullable(.object(.shortContact))), FieldRule("photos", .array(.object(.photo))),
      FieldRule("contact", .nullable(.object(.shortContact))), FieldRule("account", .object(.account)),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.giftAmount, .timestampsInOrder])

  /// A tag: no `uuid`; `name` required by CreateTag.
  package static let tag = ObjectShape(
    "tag", source: "app/Http/Resources/Tag/Tag.php:184-197, app/Services/Contact/Tag/CreateTag.php:21",
    shared: true,
    fields: [
      FieldRule("id", .id), FieldRule("object", .text(.literal("tag"))), FieldRule("name", .text(.nonEmpty)),
      FieldRule("name_slug", .string), FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])

  /// A photo; `dataUrl` is null when the file is missing, `contact` the first of its contacts.
  package static let photo = ObjectShape(
    "photo", source: "app/Http/Resources/Photo/Photo.php:218-237, app/Models/Account/Photo.php:58-92",
    shared: true,
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("photo"))),
      FieldRule("original_filename", .string), FieldRule("new_filename", .string), FieldRule("filesize", .count),
      FieldRule("mime_type", .text(.mediaType)), FieldRule("dataUrl", .nullable(.text(.dataURL))),
      FieldRule("link", .url), FieldRule("account", .object(.account)),
      FieldRule("contact", .nullable(.object(.shortContact))), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])

  /// The signed-in user.
  package static let user = ObjectShape(
    "user", source: "app/Http/Resources/Account/User/User.php:259-280",
    fields: [
      FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("user"))),
      FieldRule("first_name", .string), FieldRule("last_name", .optionalString), FieldRule("name", .string),
      FieldRule("email", .text(.email)), FieldRule("me_contact", .nullable(.object(.shortContact))),
      FieldRule("timezone", .optionalString), FieldRule("currency", .nullable(.object(.currency))),
      FieldRule("locale", .optionalString), FieldRule("is_policy_compliant", .boolean),
      FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp),
      FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])
}
