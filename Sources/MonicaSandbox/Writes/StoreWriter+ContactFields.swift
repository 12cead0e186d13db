import Foundation
import MonicaKit

/// A contact field's and a contact field type's create and update.
extension StoreWriter {
  /// `CreateContactField` / `UpdateContactField` (app/Services/Contact/ContactField, rules at
  /// CreateContactField.php:19-27): the type must be one of the account's (`findOrFail`, a 404);
  /// the record embeds it as ContactFieldTypeResource and prints `data` as `content`.
  mutating func saveContactField(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.contactField].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.contactField, updating: id != nil, input)
    let type = input["contact_field_type_id"]?.intValue.flatMap { contents[.contactFieldType].records[$0] }
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, let type else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let newID = id ?? contents[.contactField].nextID
    let record = ContactFieldResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), content: Self.text(input["data"]) ?? "",
      type: type, labels: labels(input["labels"]) ?? existing?["labels"] ?? .array([]), contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    var table = contents[.contactField]
    table.put(newID, record)
    contents[.contactField] = table
    return data(id == nil ? 201 : 200, record)
  }

  /// `ApiContactFieldTypeController::store` / `update` (ApiContactFieldTypeController.php:53-127):
  /// a name, an icon, a protocol and a type of at most 255 characters, `delible` an integer.
  mutating func saveContactFieldType(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.contactFieldType].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.contactFieldType, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.contactFieldType].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("contactfieldtype"),
      "name": .string(Self.text(input["name"]) ?? ""),
      "fontawesome_icon": .string(Self.text(input["fontawesome_icon"])),
      "protocol": .string(Self.text(input["protocol"])),
      "delible": .bool(input["delible"].map { Self.flag($0) } ?? existing?["delible"]?.boolValue ?? true),
      "type": .string(Self.text(input["type"])), "account": RecordShapes.accountJSON(1),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.contactFieldType].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
