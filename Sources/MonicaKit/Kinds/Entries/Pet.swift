extension RecordKind {
  /// Pets (routes/api.php:58-59); one contact's are unsorted (ApiPetController.php:54-55).
  package static let pet = RecordKind(
    object: "pet", name: "pets", routes: KindRoutes.resource.union(.nested),
    references: [KindReference("contact.id", to: "contact")], writes: .pet, rule: .object(.pet),
    display: KindDisplay(title: "name", contact: "contact"), seeding: .perContact(below: 2),
    listing: ListingShape(sorted: [.list]))
}

extension ObjectShape {
  /// A pet's category.
  package static let petCategory = ObjectShape(
    "pet category", source: "app/Http/Resources/Pet/PetCategory.php:17-22",
    fields: head("pet_category", uuid: false) + [FieldRule("name", .string), FieldRule("is_common", .boolean)])

  /// A pet.
  package static let pet = ObjectShape(
    "pet", source: "app/Http/Resources/Pet/Pet.php:20-33",
    fields: head("pet") + [FieldRule("name", .optionalString), FieldRule("pet_category", .object(.petCategory))]
      + aboutContact,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Pets: `ApiPetController` writes the model from the request (ApiPetController.php:66-68,
  /// 114-121): the category (`pet_categories`, the same seeded rows on every instance), the
  /// contact and a name.
  static let pet = WriteMapping(
    services: "app/Http/Controllers/Api/ApiPetController.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)),
      WriteField("pet_category_id", .value(FieldPath(dotted: "pet_category.id"))), .same("name"),
    ],
    create: WriteRules(
      "app/Http/Controllers/Api/ApiPetController.php",
      [
        ("pet_category_id", "integer|required|exists:pet_categories,id", "118"),
        ("contact_id", "required|integer", "119"),
        ("name", "max:255", "120"),
      ]))
}
