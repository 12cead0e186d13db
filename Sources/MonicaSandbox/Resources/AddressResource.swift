import MonicaKit

/// An address as the API renders it (app/Http/Resources/Address/Address.php): its place's parts
/// inline, for seeding and writing.
enum AddressResource {
  /// An address whose place holds `place`'s parts (street, city, province, postal_code,
  /// latitude, longitude, country); the parts it lacks are null.
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
    for member in place.members { record[member.key] = member.value }
    return record
  }
}
