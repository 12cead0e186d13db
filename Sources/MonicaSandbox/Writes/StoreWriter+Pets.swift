import Foundation
import MonicaKit

/// A pet's create and update (ApiPetController.php).
extension StoreWriter {
  /// `ApiPetController::validateUpdate` (ApiPetController.php:114-121): a category of
  /// `pet_categories` (Monica's eleven seeded rows), the contact, a name of at most 255 characters.
  mutating func savePet(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.pet].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.pet, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else { return .notFound }
    let newID = id ?? contents[.pet].nextID
    let record = PetResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), name: Self.text(input["name"]),
      category: input["pet_category_id"]?.intValue ?? 0, contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.pet].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
