extension RecordKind {
  /// Contacts (routes/api.php:21). Links between contacts (relationships, "first met through")
  /// are records of their own kinds, so a contact refers only to its tags, and to its gender by
  /// name (ContactBase.php:30-31 prints the gender's name and type, not its id).
  package static let contact = RecordKind(
    object: "contact", name: "contacts", routes: .resource,
    references: [KindReference("tags[].id", to: "tag"), KindReference("gender", to: "gender", byName: true)],
    writes: .contact, rule: .contact, display: KindDisplay(title: "complete_name", date: "updated_at"),
    seeding: .account, deletesWithStringID: true,  // ApiContactController.php:165,173
    losses: [
      MigrationLoss(
        "archived state of contacts (only the web's PUT /people/{id}/archive sets it, routes/web.php:191)",
        when: .isFalse("is_active")),
      MigrationLoss(
        "is_starred of contacts (only the web's POST /people/{id}/favorite sets it, routes/web.php:188)",
        when: .given("is_starred")),
      MigrationLoss(
        "stay-in-touch of contacts (only the web's POST /people/{id}/stayintouch sets it, routes/web.php:185)",
        when: .given("stay_in_touch_frequency")),
      // PUT /contacts/{id}/introduction takes `where` (UpdateContactIntroduction.php:176,255) but
      // no resource prints first_met_where (ContactBase.php:80-87): whatever a contact had is lost.
      MigrationLoss(
        "where the user first met contacts, if given (the API never prints first_met_where, ContactBase.php:80-87)",
        when: .present("information.how_you_met")),
    ],
    deleteRules: WriteRules(
      "app/Services/Contact/Contact/DestroyContact.php", [("contact_id", "required|integer|exists:contacts,id", "25")],
      route: ["contact_id"]))
}

extension RecordKind {
  /// The parts of a contact that only a route of their own below it sets, `PUT
  /// /contacts/{id}/<part>` (routes/api.php:27-29,141): the contact's create and update take none
  /// of them. Each part has Monica's rules (its service's `rules()`, the route's contact among
  /// them) and the body a contact record's part is sent as, derived from the contact as
  /// ContactBase.php:70-88 prints it; `ContactPart+Bodies.swift` holds the derivations.
  package enum ContactPart: String, Sendable, CaseIterable {
    /// Job and company (ApiContactController@updateWork).
    case work
    /// Food preferences (ApiContactController@updateFoodPreferences).
    case food
    /// How the user met the contact, and through whom (ApiContactController@updateIntroduction).
    case introduction
    /// The avatar's source (Contact\ApiAvatarController@update).
    case avatar

    /// What the part's service validates: the controller adds the route's contact as
    /// `contact_id` (ApiContactController.php:186-192, ApiAvatarController.php:24-30).
    package var rules: WriteRules {
      switch self {
      case .work: Self.workRules
      case .food: Self.foodRules
      case .introduction: Self.introductionRules
      case .avatar: Self.avatarRules
      }
    }

    private static let workRules = WriteRules(
      "app/Services/Contact/Contact/UpdateWorkInformation.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "24"),
        ("job", "nullable|string|max:255", "25"),
        ("company", "nullable|string|max:255", "26"),
      ], route: ["contact_id"])

    private static let foodRules = WriteRules(
      "app/Services/Contact/Contact/UpdateContactFoodPreferences.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "20"),
        ("food_preferences", "nullable|string|max:65535", "21"),
      ], route: ["contact_id"])

    /// Day and month are required for a known date that is not age-based, the age for an
    /// age-based one (`Rule::requiredIf` closures over the request, lines 38-59).
    private static let introductionRules = WriteRules(
      "app/Services/Contact/Contact/UpdateContactIntroduction.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "32"),
        ("met_through_contact_id", "nullable|integer|exists:contacts,id", "33"),
        ("general_information", "nullable|string|max:65535", "34"),
        ("where", "nullable|string|max:255", "35"),
        ("is_date_known", "required|boolean", "36"),
        ("is_age_based", "nullable|boolean", "37"),
        ("day", "integer|nullable|required_when:is_date_known,!is_age_based", "38-44"),
        ("month", "integer|nullable|required_when:is_date_known,!is_age_based", "45-51"),
        ("year", "nullable|integer", "52"),
        ("age", "integer|nullable|required_when:is_date_known,is_age_based", "53-59"),
        ("add_reminder", "nullable|boolean", "60"),
      ], route: ["contact_id"])

    private static let avatarRules = WriteRules(
      "app/Services/Contact/Avatar/UpdateAvatar.php",
      [
        ("contact_id", "required|integer|exists:contacts,id", "24"),
        ("source", "required|in:" + AvatarSource.allCases.map(\.rawValue).joined(separator: ","), "25-33"),
        ("photo_id", "required_if:source,photo|integer|exists:photos,id", "34"),
      ], route: ["contact_id"])
  }

  /// Where a contact's avatar comes from (`information.avatar.source`, and the `source` a `PUT
  /// /contacts/{id}/avatar` takes; `photo` also takes the `photo_id` of one of its photos).
  package enum AvatarSource: String, Sendable, CaseIterable {
    case `default`, adorable, gravatar, photo
  }

  /// The route of a contact's `part`: `/contacts/12/work`.
  package static func path(ofContact contact: Int, _ part: ContactPart) -> String {
    RecordKind.contact.path(of: contact, part.rawValue)
  }
}

extension WriteRules {
  /// A contact's tags by name, `POST /contacts/{id}/setTags`, and by id, `POST
  /// /contacts/{id}/unsetTag` (routes/api.php:41-43): the controller's validator, after its
  /// look-up of the contact (ApiContactTagController.php:110-126).
  package static let contactTags = WriteRules(
    "app/Http/Controllers/Api/ApiContactTagController.php", [("tags", "required|array", "120")])
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

extension WriteMapping {
  /// Contacts: `CreateContact` and `UpdateContact` (app/Services/Contact/Contact). An update
  /// replaces the name, description, birthdate and deceased date as given, clearing what is
  /// missing (UpdateContact.php:390-437); `is_deceased` must be sent although the rule says
  /// nullable, as the service reads it unguarded (UpdateContact.php:422). The birthdate parts
  /// are those of `UpdateBirthdayInformation`: day and month for an exact date, an age for an
  /// age-based one (`createFromAge` sets 1 January of now minus the age), no year when unknown.
  static let contact = WriteMapping(
    services: "app/Services/Contact/Contact/CreateContact.php, UpdateContact.php",
    fields: [
      .same("first_name"), .writeOnly("middle_name"), .same("last_name"), .same("nickname"),
      .writeOnly("gender_id"), .same("description"), .same("is_partial"),
      WriteField(
        "is_birthdate_known",
        .dateKnown(
          FieldPath.birthdate, parts: ["birthdate_day", "birthdate_month", "birthdate_year", "birthdate_age"]),
        fallback: .bool(false)),
      WriteField("birthdate_day", .datePart(FieldPath.birthdate, .day)),
      WriteField("birthdate_month", .datePart(FieldPath.birthdate, .month)),
      WriteField("birthdate_year", .datePart(FieldPath.birthdate, .year)),
      WriteField("birthdate_is_age_based", .datePart(FieldPath.birthdate, .isAgeBased)),
      WriteField("birthdate_age", .datePart(FieldPath.birthdate, .age)),
      .writeOnly("birthdate_add_reminder"),
      WriteField("is_deceased", .value(FieldPath.isDead), fallback: .bool(false)),
      WriteField(
        "is_deceased_date_known",
        .dateKnown(FieldPath.deceasedDate, parts: ["deceased_date_day", "deceased_date_month", "deceased_date_year"]),
        fallback: .bool(false)),
      WriteField("deceased_date_day", .datePart(FieldPath.deceasedDate, .day)),
      WriteField("deceased_date_month", .datePart(FieldPath.deceasedDate, .month)),
      WriteField("deceased_date_year", .datePart(FieldPath.deceasedDate, .year)),
      .writeOnly("deceased_date_add_reminder"),
      .writeOnly("email", onUpdate: false),
    ],
    replacedWhole: ["information.dates.birthdate", "information.dates.deceased_date"], hasTags: true,
    create: WriteRules(
      "app/Services/Contact/Contact/CreateContact.php",
      [
        ("first_name", "required|string|max:255", "35"),
        ("middle_name", "nullable|string|max:255", "36"),
        ("last_name", "nullable|string|max:255", "37"),
        ("nickname", "nullable|string|max:255", "38"),
        ("email", "nullable|string|max:255", "39"),
        ("gender_id", "nullable|integer|exists:genders,id", "40"),
        ("description", "nullable|string|max:255", "41"),
        ("is_partial", "nullable|boolean", "42"),
        ("is_birthdate_known", "required|boolean", "43"),
        ("birthdate_day", "nullable|integer", "44"),
        ("birthdate_month", "nullable|integer", "45"),
        ("birthdate_year", "nullable|integer", "46"),
        ("birthdate_is_age_based", "nullable|boolean", "47"),
        ("birthdate_age", "nullable|integer", "48"),
        ("birthdate_add_reminder", "nullable|boolean", "49"),
        ("is_deceased", "required|boolean", "50"),
        ("is_deceased_date_known", "required|boolean", "51"),
        ("deceased_date_day", "nullable|integer", "52"),
        ("deceased_date_month", "nullable|integer", "53"),
        ("deceased_date_year", "nullable|integer", "54"),
        ("deceased_date_add_reminder", "nullable|boolean", "55"),
      ]),
    update: WriteRules(
      "app/Services/Contact/Contact/UpdateContact.php",
      [
        ("first_name", "required|string|max:255", "32"),
        ("middle_name", "nullable|string|max:255", "33"),
        ("last_name", "nullable|string|max:255", "34"),
        ("nickname", "nullable|string|max:255", "35"),
        ("gender_id", "nullable|integer|exists:genders,id", "36"),
        ("description", "nullable|string|max:255", "37"),
        ("is_partial", "nullable|boolean", "38"),
        ("is_birthdate_known", "required|boolean", "39"),
        ("birthdate_day", "nullable|integer", "40"),
        ("birthdate_month", "nullable|integer", "41"),
        ("birthdate_year", "nullable|integer", "42"),
        ("birthdate_is_age_based", "nullable|boolean", "43"),
        ("birthdate_age", "nullable|integer", "44"),
        ("birthdate_add_reminder", "nullable|boolean", "45"),
        ("is_deceased", "nullable|boolean", "46"),
        ("is_deceased_date_known", "required|boolean", "47"),
        ("deceased_date_day", "nullable|integer", "48"),
        ("deceased_date_month", "nullable|integer", "49"),
        ("deceased_date_year", "nullable|integer", "50"),
        ("deceased_date_add_reminder", "nullable|boolean", "51"),
      ]))
}
