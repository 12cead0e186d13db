import MonicaKit

/// An address as the API renders it (app/Http/Resources/Address/Address.php): its place's parts
/// inline, for seeding and writing.
enum AddressResource {
  /// An address of `place` (a PlaceResource), whose parts (street, city, province, postal_code,
  /// latitude, longitude, country) it prints inline (Address.php:26-32); the parts it lacks are null.
  static func json(
    id: Int, uuid: JSONValue, name: String?, place: JSONObject, contact: JSONValue, baseURL: String,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    var record = JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("address"), "name": .string(name), "street": .null,
      "city": .null, "province": .null, "postal_code": .null, "latitude": .null, "longitude": .null, "country": .null,
      "url": .string("\(baseURL)/api/addresses/\(id)"), "account": RecordShapes.accountJSON(1), "contact": contact,
      "created_at": created, "updated_at": updated,
    ])
    for key in parts { record[key] = place[key] ?? .null }
    return record
  }

  /// The place's columns an address prints.
  static let parts = ["street", "city", "province", "postal_code", "latitude", "longitude", "country"]
}
