import MonicaKit

/// A pet as the API renders it (app/Http/Resources/Pet/Pet.php), for seeding and writing.
enum PetResource {
  /// A pet of one of Monica's eleven categories (`category` from 1), printed as PetCategory does
  /// (app/Http/Resources/Pet/PetCategory.php:18-26).
  static func json(
    id: Int, uuid: JSONValue, name: String?, category: Int, contact: JSONValue, created: JSONValue,
    updated: JSONValue
  ) -> JSONObject {
    let categories = SeedData.petCategories
    let known = categories.indices.contains(category - 1) ? categories[category - 1] : nil
    return JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.pet.object), "name": .string(name),
      "pet_category": .object(
        JSONObject([
          "id": .int(category), "object": .string("pet_category"), "name": .string(known?.name ?? ""),
          "is_common": .bool(known?.isCommon ?? false),
        ])),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}

/// One seeded pet of a contact.
extension PetResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.pet)
    let category = 1 + context.random.below(SeedData.petCategories.count)
    let record = json(
      id: id, uuid: .string(context.random.uuid()),
      name: context.random.pick(["Felix", "Rex", "Nala", "Mochi", "Pépito"]), category: category,
      contact: context.short, created: context.stamp(context.from + 600), updated: context.stamp(context.from + 600))
    context.put(.pet, id, record)
  }
}

/// ApiPetController::store and update (ApiPetController.php:114-121): a category of
/// `pet_categories` (Monica's eleven seeded rows), the contact (404), a name.
extension PetResource: WritableResource {
  static let kind = RecordKind.pet

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    guard let contactID = writer.accountContact(input["contact_id"]) else { return .stop(.notFound) }
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), name: StoreWriter.text(input["name"]),
        category: input["pet_category_id"]?.intValue ?? 0, contact: writer.short(contactID),
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}
