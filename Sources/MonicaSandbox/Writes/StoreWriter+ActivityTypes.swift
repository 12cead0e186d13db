import Foundation
import MonicaKit

/// An activity type's and its category's create and update (app/Services/Account/Activity).
extension StoreWriter {
  /// `CreateActivityTypeCategory` / `UpdateActivityTypeCategory` (rules at
  /// CreateActivityTypeCategory.php:15-22): an optional name.
  mutating func saveActivityTypeCategory(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.activityTypeCategory].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.activityTypeCategory, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.activityTypeCategory].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()),
      "object": .string("activityTypeCategory"), "name": .string(Self.text(input["name"])),
      "account": RecordShapes.accountJSON(1), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.activityTypeCategory].put(newID, record)
    // The service answers `ActivityTypeCategory::find($id)`, no model just created: 200
    // (CreateActivityTypeCategory.php:40).
    return data(200, record)
  }

  /// `CreateActivityType` / `UpdateActivityType` (rules at CreateActivityType.php:16-24): one of
  /// the account's categories (`exists`, then `findOrFail`) and an optional name; no location type.
  mutating func saveActivityType(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.activityType].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.activityType, updating: id != nil, input)
    let category = input["activity_type_category_id"]?.intValue.flatMap {
      contents[.activityTypeCategory].records[$0]
    }
    if let failure = check.failure { return failure }
    guard let category else { return .notFound }
    let newID = id ?? contents[.activityType].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("activityType"),
      "name": .string(Self.text(input["name"])), "location_type": existing?["location_type"] ?? .null,
      "activity_type_category": .object(category), "account": RecordShapes.accountJSON(1),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.activityType].put(newID, record)
    // `ActivityType::find($id)` (CreateActivityType.php:46): 200, as for categories.
    return data(200, record)
  }
}
