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
