extension RecordKind {
  /// Currencies (routes/api.php:9, outside the `auth:api` group): the same rows on every
  /// instance; `Currency::paginate` has no `orderBy` (Settings/ApiCurrencyController.php:23).
  package static let currency = RecordKind(
    object: "currency", name: "currencies", singular: "currency", routes: [.list, .show], rule: .object(.currency),
    display: KindDisplay(title: "name"), seeding: .reference, matching: .global, listing: ListingShape(sorted: []))
}

extension ObjectShape {
  /// The signed-in user's currency.
  package static let currency = ObjectShape(
    "currency", source: "app/Http/Resources/Settings/Currency/Currency.php",
    fields: [
      FieldRule("id", .id), FieldRule("object", .text(.literal("currency"))), FieldRule("iso", .string),
      FieldRule("name", .string), FieldRule("symbol", .string),
    ])
}
