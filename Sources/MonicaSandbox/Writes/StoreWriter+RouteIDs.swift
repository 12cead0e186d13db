import MonicaKit

/// The route ids that Monica's services validate with `exists:<table>,id` before any look-up.
///
/// These controllers hand the route id straight to a service whose rules hold
/// `'<kind>_id' => 'required|integer|exists:<table>,id'`: an id in no row of the table is a 422
/// "The selected gift id is invalid." (code 32, the controllers catch the ValidationException),
/// where the controllers that look the row up first (notes, debts, pets, journal, contact field
/// types) answer 404. `exists` does not look at the account: an id of another account passes it
/// and gets the service's `findOrFail` 404, which the sandbox, holding one account, never sees.
extension StoreWriter {
  /// `PUT /api/{kind}/{id}`: the kinds whose update service validates the id, and its attribute.
  static let validatedUpdateIDs: [RecordKind: String] = [
    .activityTypeCategory: "activity_type_category_id",  // UpdateActivityTypeCategory.php:19
    .activityType: "activity_type_id",  // UpdateActivityType.php:21
    .company: "company_id",  // UpdateCompany.php:19
    .gender: "gender_id",  // UpdateGender.php:20
    .place: "place_id",  // UpdatePlace.php:20
    .activity: "activity_id",  // UpdateActivity.php:23
    .address: "address_id",  // UpdateAddress.php:24
    .call: "call_id",  // UpdateCall.php:20
    .contactField: "contact_field_id",  // UpdateContactField.php:22
    .conversation: "conversation_id",  // UpdateConversation.php:27
    .gift: "gift_id",  // UpdateGift.php:22
    .occupation: "occupation_id",  // UpdateOccupation.php:22
    .relationship: "relationship_id",  // UpdateRelationship.php:20
    .reminder: "reminder_id",  // UpdateReminder.php:22
    .task: "task_id",  // app/Services/Task/UpdateTask.php:20
  ]

  /// `DELETE /api/{kind}/{id}`: the kinds whose destroy service validates the id. DestroyCall,
  /// DestroyTask, DestroyDocument, DestroyLifeEvent and DestroyTag check `integer` only.
  static let validatedDeleteIDs: [RecordKind: String] = [
    .activityTypeCategory: "activity_type_category_id",  // DestroyActivityTypeCategory.php:19
    .activityType: "activity_type_id",  // DestroyActivityType.php:19
    .company: "company_id",  // DestroyCompany.php:19
    .gender: "gender_id",  // DestroyGender.php:19
    .place: "place_id",  // DestroyPlace.php:19
    .activity: "activity_id",  // DestroyActivity.php:19
    .address: "address_id",  // DestroyAddress.php:20
    .contactField: "contact_field_id",  // DestroyContactField.php:19
    .conversation: "conversation_id",  // DestroyConversation.php:24
    .gift: "gift_id",  // DestroyGift.php:19
    .occupation: "occupation_id",  // DestroyOccupation.php:19
    .photo: "photo_id",  // app/Services/Account/Photo/DestroyPhoto.php:20
    .relationship: "relationship_id",  // DestroyRelationship.php:22
    .reminder: "reminder_id",  // DestroyReminder.php:19
  ]

  /// The 422 of a route id that no row holds, for the routes above; nil for any other route.
  func missingRouteID(_ route: Route, _ input: JSONObject) -> APIResponse? {
    let attribute: String?
    let kind: RecordKind
    let id: String
    switch route {
    case .update(let updated, let text): (kind, id, attribute) = (updated, text, Self.validatedUpdateIDs[updated])
    case .delete(let deleted, let text): (kind, id, attribute) = (deleted, text, Self.validatedDeleteIDs[deleted])
    default: return nil
    }
    // A non-integer id is left to the routes: `int $id` controllers fail before any rule.
    guard let attribute, let number = Int(id), !contents[kind].exists(number) else { return nil }
    var messages: [JSONValue] = []
    // A rule listed before the id's reports first (UpdateActivityType.php:20, UpdateOccupation.php:21).
    if case .update = route, let (earlier, table) = Self.earlierRules[kind] {
      let value = input[earlier]
      if value == nil || value == .null {
        messages.append(.string("The \(Validation.attribute(earlier)) field is required."))
      } else if !existsInTable(table, value) {
        messages.append(.string("The selected \(Validation.attribute(earlier)) is invalid."))
      }
    }
    let name = Validation.attribute(attribute)
    messages.append(.string("The selected \(name) is invalid."))
    return .error(422, 32, .array(messages))
  }

  /// The update rules that come before the route id's, with the table their `exists` reads.
  static let earlierRules: [RecordKind: (String, RecordKind)] = [
    .activityType: ("activity_type_category_id", .activityTypeCategory),
    .occupation: ("company_id", .company),
  ]
}

extension StoreWriter {
  /// The tables that the catalogue's `exists:<table>,id` rules name, with the kind holding their rows.
  static let existsTables: [String: RecordKind] = [
    "contacts": .contact, "genders": .gender, "companies": .company, "activity_types": .activityType,
    "activity_type_categories": .activityTypeCategory, "contact_field_types": .contactFieldType,
    "relationship_types": .relationshipType,
  ]

  /// Monica's `exists:<table>,id` rule for a value: whether a row of the table holds it. Laravel's
  /// Exists rule queries the table alone, not the account; pet categories are Monica's fixed
  /// list (the sandbox seeds them, SeedData.petCategories).
  static func rowExists(_ contents: StoreContents, _ rule: String, _ value: JSONValue) -> Bool {
    let table = rule.dropFirst("exists:".count).split(separator: ",").first.map(String.init) ?? ""
    guard let id = value.intValue else { return false }
    if table == "pet_categories" { return (1...SeedData.petCategories.count).contains(id) }
    guard let kind = existsTables[table] else { return true }
    // Another account's row too (`--fixture-routes`): `exists` is not scoped to the account.
    return contents[kind].exists(id)
  }

  /// A validation of one create (`updating` false) or update of `kind` by Monica's rules for it
  /// (the catalogue's, checked by MonicaKit's WriteRuleChecker); the sandbox's own checks
  /// (archived contacts, route ids, files) come before or after it, as Monica runs them.
  func validation(_ kind: RecordKind, updating: Bool, _ input: JSONObject) -> Validation {
    validation(updating ? kind.writes?.updateRules : kind.writes?.createRules, input)
  }

  /// A validation of `input` by `rules`, `exists` decided on the sandbox's rows.
  func validation(_ rules: WriteRules?, _ input: JSONObject) -> Validation {
    var check = Validation(input)
    apply(rules, to: &check)
    return check
  }

  /// Adds to `check` what `rules` find in its input, after the messages it holds.
  func apply(_ rules: WriteRules?, to check: inout Validation) {
    let rows = contents
    if let rules { check.rules(rules) { Self.rowExists(rows, $1, $2) } }
  }
}

extension StoreWriter {
  /// What Laravel's handler answers when DestroyContact fails before deleting: its rules
  /// (DestroyContact.php:24, `'contact_id' => 'required|integer|exists:contacts,id'`) as an
  /// uncaught ValidationException, or the ModelNotFoundException of a soft-deleted contact.
  static func contactDeletionFailure(_ id: String, _ contacts: RecordTable) -> APIResponse? {
    guard let number = Int(id) else { return uncaughtValidation("contact_id", "The contact id must be an integer.") }
    if contacts.records[number] != nil { return nil }
    if contacts.removed.contains(number) {
      return .message(404, "No query results for model [App\\Models\\Contact\\Contact] \(number)")
    }
    return uncaughtValidation("contact_id", "The selected contact id is invalid.")
  }

  /// Laravel's rendering of an uncaught ValidationException: the first message, then every one by field.
  static func uncaughtValidation(_ field: String, _ message: String) -> APIResponse {
    .json(
      422,
      .object(
        JSONObject([
          "message": .string(message),
          "errors": .object(JSONObject([field: .array([.string(message)])])),
        ])))
  }
}

extension StoreWriter {
  /// The activities of a deleted activity type keep their rows, their type null: the foreign key
  /// is `onDelete('set null')` (database/migrations/2019_01_11_142944_add_foreign_keys_to_activities.php:37).
  mutating func clearActivityType(_ typeID: Int) {
    for var activity in contents[.activity].all where activity["activity_type"]?["id"]?.intValue == typeID {
      guard let id = activity["id"]?.intValue else { continue }
      activity["activity_type"] = .null
      contents[.activity].put(id, activity)
    }
  }
}
