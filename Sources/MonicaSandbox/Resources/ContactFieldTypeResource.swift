import MonicaKit

/// A contact field type as the API renders it
/// (app/Http/Resources/Settings/ContactFieldType/ContactFieldType.php:21-35), for seeding,
/// writing and the contact fields and conversations that embed it.
enum ContactFieldTypeResource {
  /// A type; `link` is its `protocol` (`mailto:`).
  static func json(
    id: Int, uuid: JSONValue, name: String?, icon: String?, link: String?, delible: Bool, type: String?,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.contactFieldType.object), "name": .string(name),
      "fontawesome_icon": .string(icon), "protocol": .string(link), "delible": .bool(delible), "type": .string(type),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": updated,
    ])
  }
}

/// ApiContactFieldTypeController::store and update (ApiContactFieldTypeController.php:53-127).
extension ContactFieldTypeResource: WritableResource {
  static let kind = RecordKind.contactFieldType

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), name: StoreWriter.text(input["name"]) ?? "",
        icon: StoreWriter.text(input["fontawesome_icon"]), link: StoreWriter.text(input["protocol"]),
        delible: input["delible"].map { StoreWriter.flag($0) } ?? existing?["delible"]?.boolValue ?? true,
        type: StoreWriter.text(input["type"]), created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}
