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
    let record = ActivityTypeCategoryResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), name: Self.text(input["name"]),
      created: existing?["created_at"] ?? stamp, updated: stamp)
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
    let record = ActivityTypeResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), name: Self.text(input["name"]),
      locationType: existing?["location_type"] ?? .null, category: .object(category),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.activityType].put(newID, record)
    // `ActivityType::find($id)` (CreateActivityType.php:46): 200, as for categories.
    return data(200, record)
  }
}

extension StoreWriter {
  /// The activities of a deleted activity type keep their rows, their type null: the foreign key
  /// is `onDelete('set null')` (database/migrations/2019_01_11_142944_add_foreign_keys_to_activities.php:37).
  mutating func deleteActivityType(_ id: String) -> APIResponse {
    let answer = delete(.activityType, id)
    if answer.status == 200, let number = Int(id) { clearActivityType(number) }
    return answer
  }

  /// Sets null the type of the activities of type `typeID`.
  mutating func clearActivityType(_ typeID: Int) {
    for var activity in contents[.activity].all where activity["activity_type"]?["id"]?.intValue == typeID {
      guard let id = activity["id"]?.intValue else { continue }
      activity["activity_type"] = .null
      contents[.activity].put(id, activity)
    }
  }
}
