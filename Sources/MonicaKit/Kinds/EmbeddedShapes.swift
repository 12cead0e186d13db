/// The objects Monica's resources nest inside records: contacts in their full and short forms,
/// special dates, avatars, and the small resources of the kinds the toolset does not list.
/// Keys in the order the resource writes them; sources at tag v4.1.2.
extension ObjectShape {
  /// `{"id": N}`, in every resource as `'account' => ['id' => $this->account_id]`.
  package static let account = ObjectShape(
    "account", source: "app/Http/Resources/*: 'account' => ['id' => $this->account_id]", shared: true,
    fields: [FieldRule("id", .id)])

  /// A birthdate, deceased date or first-met date.
  package static let specialDate = ObjectShape(
    "special date", source: "app/Http/Resources/Contact/ContactBase.php:59-68", shared: true,
    fields: [
      FieldRule("is_age_based", .nullable(.boolean)), FieldRule("is_year_unknown", .nullable(.boolean)),
      FieldRule("date", .nullable(.timestamp)),
    ],
    checks: [.specialDateWhole])

  /// A contact's avatar; `source` as UpdateAvatar accepts it, the colour from setAvatarColor.
  package static let avatar = ObjectShape(
    "avatar",
    source: "app/Http/Resources/Contact/ContactBase.php:74-78, app/Services/Contact/Avatar/UpdateAvatar.php:25-33",
    shared: true,
    fields: [
      FieldRule("url", .nullable(.text(.avatarURL))),
      FieldRule("source", .text(.oneOf(RecordKind.AvatarSource.allCases.map(\.rawValue)))),
      FieldRule("default_avatar_color", .text(.colour)),
    ])

  /// The contact Monica embeds in notes, tasks, gifts, photos, activities and relationships.
  package static let shortContact = ObjectShape(
    "short contact", source: "app/Http/Resources/Contact/ContactShort.php:173-211", partialFlag: "is_partial",
    shared: true,
    fields: contactIdentity + contactFlags + [
      FieldRule(
        "information",
        .object(
          ObjectShape(
            "short contact's information", source: "app/Http/Resources/Contact/ContactShort.php:190-206",
            fields: [
              FieldRule("birthdate", .object(.specialDate)), FieldRule("deceased_date", .object(.specialDate)),
              FieldRule("avatar", .object(.avatar)),
            ]))),
      FieldRule("url", .url, .unlessPartial), FieldRule("account", .object(.account)),
    ],
    checks: [.livingShortContact])

  /// The keys a full and a short contact both start with.
  private static let contactIdentity: [FieldRule] = [
    FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("object", .text(.literal("contact"))),
    FieldRule("hash_id", .string), FieldRule("first_name", .text(.nonEmpty)), FieldRule("last_name", .optionalString),
    FieldRule("nickname", .optionalString), FieldRule("complete_name", .string), FieldRule("initials", .string),
  ]

  /// The flags both forms carry after `gender_type`.
  private static let contactFlags: [FieldRule] = [
    FieldRule("gender", .optionalString), FieldRule("gender_type", .optionalString),
    FieldRule("is_starred", .boolean), FieldRule("is_partial", .boolean), FieldRule("is_active", .boolean),
    FieldRule("is_dead", .boolean), FieldRule("is_me", .boolean),
  ]

  /// A full contact, as `/api/contacts` sends it; a partial one (a relative known only through a
  /// relationship) lacks every key its resource wraps in `$this->when(! $this->is_partial, …)`.
  package static let fullContact = ObjectShape(
    "full contact", source: "app/Http/Resources/Contact/ContactBase.php:15-110", partialFlag: "is_partial",
    shared: true,
    fields: contactIdentity + [FieldRule("description", .optionalString)] + contactFlags + [
      FieldRule("last_called", .nullable(.timestamp), .unlessPartial),
      FieldRule("last_activity_together", .nullable(.timestamp), .unlessPartial),
      FieldRule("stay_in_touch_frequency", .nullable(.id), .unlessPartial),
      FieldRule("stay_in_touch_trigger_date", .nullable(.timestamp), .unlessPartial),
      FieldRule("information", .object(fullInformation)),
      FieldRule("addresses", .array(.object(.address)), .unlessPartial),
      FieldRule("tags", .array(.object(.tag)), .unlessPartial),
      FieldRule("statistics", .object(statistics), .unlessPartial),
      FieldRule("contactFields", .array(.object(.contactField)), .optionalUnlessPartial),
      FieldRule("notes", .array(.object(.note)), .optionalUnlessPartial),
      FieldRule("url", .url, .unlessPartial), FieldRule("account", .object(.account)),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.livingFullContact, .stayInTouch, .contactFieldsWithNotes, .timestampsInOrder])

  private static let fullInformation = ObjectShape(
    "contact's information", source: "app/Http/Resources/Contact/ContactBase.php:39-89",
    fields: [
      FieldRule("relationships", .object(relationships), .unlessPartial),
      FieldRule(
        "dates",
        .object(
          ObjectShape(
            "contact's dates", source: "app/Http/Resources/Contact/ContactBase.php:58-69",
            fields: [
              FieldRule("birthdate", .object(.specialDate)), FieldRule("deceased_date", .object(.specialDate)),
            ]))),
      FieldRule(
        "career",
        .object(
          ObjectShape(
            "career", source: "app/Http/Resources/Contact/ContactBase.php:70-73",
            fields: [FieldRule("job", .optionalString), FieldRule("company", .optionalString)])), .unlessPartial),
      FieldRule("avatar", .object(.avatar), .unlessPartial),
      FieldRule("food_preferences", .optionalString, .unlessPartial),
      FieldRule(
        "how_you_met",
        .object(
          ObjectShape(
            "how you met", source: "app/Http/Resources/Contact/ContactBase.php:80-88",
            fields: [
              FieldRule("general_information", .optionalString), FieldRule("first_met_date", .object(.specialDate)),
              FieldRule("first_met_through_contact", .nullable(.object(.shortContact))),
            ])), .unlessPartial),
    ])

  private static let relationships: ObjectShape = {
    let group = ObjectShape(
      "relationship group", source: "app/Http/Resources/Contact/ContactBase.php:41-56",
      fields: [
        FieldRule("total", .count),
        FieldRule(
          "contacts",
          .nullable(
            .array(
              .object(
                ObjectShape(
                  "relationship", source: "app/Http/Resources/Relationship/RelationshipShort.php",
                  fields: [
                    FieldRule(
                      "relationship",
                      .object(
                        ObjectShape(
                          "relationship's type", source: "app/Http/Resources/Relationship/RelationshipShort.php",
                          fields: [FieldRule("id", .id), FieldRule("uuid", .text(.uuid)), FieldRule("name", .string)]))),
                    FieldRule("contact", .object(.shortContact)),
                  ]))))),
      ],
      checks: [.relationshipTotal])
    return ObjectShape(
      "relationships", source: "app/Http/Resources/Contact/ContactBase.php:40-57",
      fields: ["love", "family", "friend", "work"].map { FieldRule($0, .object(group)) })
  }()

  private static let statistics = ObjectShape(
    "statistics", source: "app/Http/Resources/Contact/ContactBase.php:92-100",
    fields: [
      "number_of_calls", "number_of_notes", "number_of_activities", "number_of_reminders", "number_of_tasks",
      "number_of_gifts", "number_of_debts",
    ].map { FieldRule($0, .count) })

  /// An emotion felt during an activity.
  package static let emotion = ObjectShape(
    "emotion", source: "app/Http/Resources/Emotion/Emotion.php",
    fields: [FieldRule("id", .id), FieldRule("object", .text(.literal("emotion"))), FieldRule("name", .string)])

  /// The fields every account record ends with: its account and its two timestamps.
  static let stamped: [FieldRule] = [
    FieldRule("account", .object(.account)), FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
  ]

  /// `account`, the short contact, then the timestamps: how records about a contact end. The
  /// contact is null while it is soft-deleted (SoftDeletes, Contact.php:49: its relation finds
  /// no row, and Laravel writes a resource of nothing as null) until it is pruned.
  static let aboutContact: [FieldRule] = [
    FieldRule("account", .object(.account)), FieldRule("contact", .nullable(.object(.shortContact))),
    FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
  ]

  static func head(_ object: String, uuid: Bool = true) -> [FieldRule] {
    [FieldRule("id", .id)] + (uuid ? [FieldRule("uuid", .text(.uuid))] : [])
      + [FieldRule("object", .text(.literal(object)))]
  }
}
