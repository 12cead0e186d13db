import MonicaKit

/// A place as the API renders it (app/Http/Resources/Place/Place.php:22-37), for seeding and
/// writing.
enum PlaceResource {
  /// A place; `latitude` and `longitude` are numbers or null, `country` a CountryResource or null.
  static func json(
    id: Int, street: String?, city: String?, province: String?, postalCode: String?, latitude: JSONValue,
    longitude: JSONValue, country: JSONValue, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string("place"), "street": .string(street), "city": .string(city),
      "province": .string(province), "postal_code": .string(postalCode), "latitude": latitude,
      "longitude": longitude, "country": country, "account": RecordShapes.accountJSON(1), "created_at": created,
      "updated_at": updated,
    ])
  }
}
