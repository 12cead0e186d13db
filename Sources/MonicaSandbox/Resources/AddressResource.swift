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

/// One seeded address of a contact, and the place it is at. A household's members live at its
/// address (the street of its first member's draw, numbered by it); anyone else at an address of
/// their own.
extension AddressResource {
  static func seed(_ context: inout SeedingContext) {
    let time = context.from + 7_200
    let contact = context.short["id"]?.intValue ?? 0
    let household = context.households[contact] ?? contact
    var drawn = context.random.pick(SeedData.addresses)
    if context.sharedHouseholds.contains(household) {
      drawn = SeedData.addresses[household % SeedData.addresses.count]
    }
    let (template, city, province, postal, iso, latitude, longitude) = drawn
    let street = SeedData.street(template, household: household)
    let placeID = context.id(.place)
    let country = SeedData.country(iso)
    let place = PlaceResource.json(
      id: placeID, street: street, city: city, province: province, postalCode: postal, latitude: .number(latitude),
      longitude: .number(longitude), country: country, created: context.stamp(time), updated: context.stamp(time))
    context.put(.place, placeID, place)
    let id = context.id(.address)
    let record = json(
      id: id, uuid: .string(context.random.uuid()), name: context.random.pick(["Home", "Work", "Holiday flat"]),
      place: place, contact: context.short, baseURL: context.baseURL, created: context.stamp(time),
      updated: context.stamp(time))
    context.put(.address, id, record)
    context.addresses.append(.object(record))
  }
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
