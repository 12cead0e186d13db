extension RecordKind {
  /// Places (routes/api.php:46): the account's addresses without their contacts.
  package static let place = RecordKind(
    object: "place", name: "places", routes: .resource, references: [KindReference("country.id", to: "country")],
    writes: .place, rule: .object(.place), display: KindDisplay(title: "city"), seeding: .account,
    deleteRules: WriteRules(
      "app/Services/Account/Place/DestroyPlace.php", [("place_id", "required|integer|exists:places,id", "19")],
      route: ["place_id"]))
}

extension ObjectShape {
  /// A place: an address without its contact.
  package static let place = ObjectShape(
    "place", source: "app/Http/Resources/Place/Place.php:19-35",
    fields: head("place", uuid: false) + [
      FieldRule("street", .optionalString), FieldRule("city", .optionalString), FieldRule("province", .optionalString),
      FieldRule("postal_code", .optionalString), FieldRule("latitude", .nullable(.number)),
      FieldRule("longitude", .nullable(.number)), FieldRule("country", .nullable(.object(.country))),
    ] + stamped,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Places: `CreatePlace` (app/Services/Account/Place/CreatePlace.php:16-27,40-49) takes the
  /// parts of the address and the country as its ISO code (`max:3`), as an address does.
  static let place = WriteMapping(
    services: "app/Services/Account/Place/CreatePlace.php, UpdatePlace.php",
    fields: [
      .same("street"), .same("city"), .same("province"), .same("postal_code"),
      WriteField("country", .value(FieldPath(dotted: "country.id"))), .same("latitude"), .same("longitude"),
    ],
    create: WriteRules(
      "app/Services/Account/Place/CreatePlace.php",
      [
        ("street", "nullable|string|max:255", "20"),
        ("city", "nullable|string|max:255", "21"),
        ("province", "nullable|string|max:255", "22"),
        ("postal_code", "nullable|string|max:255", "23"),
        ("country", "nullable|string|max:3", "24"),
        ("latitude", "nullable|numeric", "25"),
        ("longitude", "nullable|numeric", "26"),
      ]),
    update: WriteRules(
      "app/Services/Account/Place/UpdatePlace.php",
      [
        ("place_id", "required|integer|exists:places,id", "20"),
        ("street", "nullable|string|max:255", "21"),
        ("city", "nullable|string|max:255", "22"),
        ("province", "nullable|string|max:255", "23"),
        ("postal_code", "nullable|string|max:255", "24"),
        ("country", "nullable|string|max:3", "25"),
        ("latitude", "nullable|numeric", "26"),
        ("longitude", "nullable|numeric", "27"),
      ], route: ["place_id"]))
}
