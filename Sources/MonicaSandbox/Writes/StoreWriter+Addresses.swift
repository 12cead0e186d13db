import Foundation
import MonicaKit

/// An address's create and update, with its place (app/Services/Contact/Address).
extension StoreWriter {
  /// `CreateAddress` / `UpdateAddress` (app/Services/Contact/Address, rules at CreateAddress.php:
  /// 20-33): the address's place is made with it (CreatePlace), and the contact's embedded
  /// `addresses` follow; the update finds the address through `contact_id` (UpdateAddress.php:48-50).
  mutating func saveAddress(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.address].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.address, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = accountContact(input["contact_id"]) else { return .notFound }  // CreateAddress.php:46
    if let existing, existing["contact"]?["id"]?.intValue != contactID { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let newID = id ?? contents[.address].nextID
    func number(_ key: String) -> JSONValue {
      guard let text = Self.text(input[key]), Double(text) != nil else { return .null }
      return .number(text)
    }
    let country = Self.text(input["country"]).map { SeedData.country($0.uppercased()) } ?? .null
    let placeID = contents[.place].nextID
    let placeRecord = PlaceResource.json(
      id: placeID, street: Self.text(input["street"]), city: Self.text(input["city"]),
      province: Self.text(input["province"]), postalCode: Self.text(input["postal_code"]), latitude: number("latitude"),
      longitude: number("longitude"), country: country, created: stamp, updated: stamp)
    let record = AddressResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), name: Self.text(input["name"]), place: placeRecord,
      contact: short(contactID), baseURL: baseURL, created: existing?["created_at"] ?? stamp, updated: stamp)
    if existing == nil { contents[.place].put(placeID, placeRecord) }
    contents[.address].put(newID, record)
    if var contact = contents[.contact].records[contactID] {
      var list = (contact["addresses"]?.arrayValue ?? []).filter { $0["id"]?.intValue != newID }
      list.append(.object(record))
      contact["addresses"] = .array(list)
      contents[.contact].put(contactID, contact)
    }
    return data(id == nil ? 201 : 200, record)
  }
}
