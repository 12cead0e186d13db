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
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.address.object), "name": .string(name),
      "street": .null,
      "city": .null, "province": .null, "postal_code": .null, "latitude": .null, "longitude": .null, "country": .null,
      "url": .string(baseURL + "/api" + RecordKind.address.path(of: id)), "account": RecordShapes.accountJSON(1),
      "contact": contact,
      "created_at": created, "updated_at": updated,
    ])
    for key in parts { record[key] = place[key] ?? .null }
    return record
  }

  /// The place's columns an address prints.
  static let parts = ["street", "city", "province", "postal_code", "latitude", "longitude", "country"]
}

/// CreateAddress and UpdateAddress (app/Services/Contact/Address): the address's place is made with
/// it (CreatePlace), the contact must be the account's (CreateAddress.php:46) and active, the update
/// finds the address through `contact_id` (UpdateAddress.php:48-50); the contact's embedded
/// `addresses` follow.
extension AddressResource: WritableResource {
  static let kind = RecordKind.address

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    guard let contactID = writer.accountContact(input["contact_id"]) else { return .stop(.notFound) }
    if let existing, existing["contact"]?["id"]?.intValue != contactID { return .stop(.notFound) }
    if writer.isArchived(contactID) { return .stop(StoreWriter.archived) }
    let placeID = writer.contents[.place].nextID
    let place = PlaceResource.place(input, id: placeID, created: writer.stamp, updated: writer.stamp)
    if existing == nil { writer.contents[.place].put(placeID, place) }
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), name: StoreWriter.text(input["name"]),
        place: place, contact: writer.short(contactID), baseURL: writer.baseURL,
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }

  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    guard let id = record["id"]?.intValue, let contactID = record["contact"]?["id"]?.intValue,
      var contact = writer.contents[.contact].records[contactID]
    else { return }
    var list = (contact["addresses"]?.arrayValue ?? []).filter { $0["id"]?.intValue != id }
    list.append(.object(record))
    contact["addresses"] = .array(list)
    writer.contents[.contact].put(contactID, contact)
  }

  /// A contact lists its addresses from the relation (ContactBase.php:90): a deleted address
  /// leaves its contact's list too.
  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse {
    if let contactID = record["contact"]?["id"]?.intValue, var contact = writer.contents[.contact].records[contactID] {
      contact["addresses"] = .array((contact["addresses"]?.arrayValue ?? []).filter { $0["id"]?.intValue != id })
      writer.contents[.contact].put(contactID, contact)
    }
    return writer.removeRow(kind, id, route: route)
  }
}
