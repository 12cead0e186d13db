import MonicaKit

/// A pet as the API renders it (app/Http/Resources/Pet/Pet.php), for seeding and writing.
enum PetResource {
  /// A pet of one of Monica's ten categories (`category` from 1).
  static func json(
    id: Int, uuid: JSONValue, name: String?, category: Int, contact: JSONValue, created: JSONValue,
    updated: JSONValue
  ) -> JSONObject {
    let names = SeedData.petCategories
    return JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("pet"), "name": .string(name),
      "pet_category": .object(
        JSONObject([
          "id": .int(category), "object": .string("pet_category"),
          "name": .string(names.indices.contains(category - 1) ? names[category - 1] : ""),
          "is_common": .bool(category <= 3),
        ])),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}
