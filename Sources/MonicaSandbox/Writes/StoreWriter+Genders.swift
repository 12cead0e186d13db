import Foundation
import MonicaKit

/// A gender's create and update (app/Services/Account/Gender).
extension StoreWriter {
  /// `CreateGender` / `UpdateGender` (rules at CreateGender.php:16-26): a name and a type among
  /// `M`, `F` and `O`.
  mutating func saveGender(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.gender].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.gender, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.gender].nextID
    let record = GenderResource.json(
      id: newID, name: Self.text(input["name"]), type: Self.text(input["type"]),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.gender].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
