import Foundation
import MonicaKit

/// A place's create and update (app/Services/Account/Place).
extension StoreWriter {
  /// `CreatePlace` / `UpdatePlace` (app/Services/Account/Place, rules at CreatePlace.php:16-27):
  /// every part optional, the country an ISO code of at most 3 characters.
  mutating func savePlace(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.place].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.place, updating: id != nil, input)
    if let failure = check.failure { return failure }
    func number(_ key: String) -> JSONValue {
      guard let text = Self.text(input[key]), Double(text) != nil else { return .null }
      return .number(text)
    }
    let newID = id ?? contents[.place].nextID
    let record = PlaceResource.json(
      id: newID, street: Self.text(input["street"]), city: Self.text(input["city"]),
      province: Self.text(input["province"]), postalCode: Self.text(input["postal_code"]), latitude: number("latitude"),
      longitude: number("longitude"),
      country: Self.text(input["country"]).map { SeedData.country($0.uppercased()) } ?? .null,
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.place].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
