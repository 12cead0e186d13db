extension RecordKind {
  /// Countries (routes/api.php:155): every country at once, `data` an object keyed by ISO code,
  /// as `CountriesHelper::getAll` keys the collection (Misc/ApiCountryController.php:20-27,
  /// app/Helpers/CountriesHelper.php:17-28).
  package static let country = RecordKind(
    object: "country", name: "countries", singular: "country", routes: [.list], rule: .object(.country),
    display: KindDisplay(title: "name"), seeding: .reference, matching: .global,
    listing: ListingShape(paginated: false, keyedByID: true, sorted: []))
}

extension ObjectShape {
  /// A country, as every instance knows it: its ISO 3166 code is its id.
  package static let country = ObjectShape(
    "country", source: "app/Http/Resources/Country/Country.php:19-32",
    fields: [
      FieldRule("id", .string), FieldRule("object", .text(.literal("country"))), FieldRule("name", .optionalString),
      FieldRule("iso", .string),
    ])
}
