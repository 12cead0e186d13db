import MonicaKit

/// A country as places and addresses embed it and `/api/countries` lists it
/// (app/Http/Resources/Country/Country.php:26-31).
enum CountryResource {
  /// A country of ISO code `iso`.
  static func json(iso: String, name: String) -> JSONObject {
    JSONObject([
      "id": .string(iso), "object": .string(RecordKind.country.object), "name": .string(name), "iso": .string(iso),
    ])
  }
}
