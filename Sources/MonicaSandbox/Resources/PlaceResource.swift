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
      "id": .int(id), "object": .string(RecordKind.place.object), "street": .string(street), "city": .string(city),
      "province": .string(province), "postal_code": .string(postalCode), "latitude": latitude,
      "longitude": longitude, "country": country, "account": RecordShapes.accountJSON(1), "created_at": created,
      "updated_at": updated,
    ])
  }
}

/// CreatePlace and UpdatePlace (app/Services/Account/Place): every part optional, the country an
/// ISO code.
extension PlaceResource: WritableResource {
  static let kind = RecordKind.place

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    .record(place(input, id: id, created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }

  /// The place of a request's parts (CreatePlace.php:45-60): an address's too.
  static func place(_ input: JSONObject, id: Int, created: JSONValue, updated: JSONValue) -> JSONObject {
    func number(_ key: String) -> JSONValue {
      guard let text = StoreWriter.text(input[key]), Double(text) != nil else { return .null }
      return .number(text)
    }
    return json(
      id: id, street: StoreWriter.text(input["street"]), city: StoreWriter.text(input["city"]),
      province: StoreWriter.text(input["province"]), postalCode: StoreWriter.text(input["postal_code"]),
      latitude: number("latitude"), longitude: number("longitude"),
      country: StoreWriter.text(input["country"]).map { SeedData.country($0.uppercased()) } ?? .null,
      created: created, updated: updated)
  }
}
