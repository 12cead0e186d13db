import MonicaKit

/// A gender as the API renders it (app/Http/Resources/Gender/Gender.php:21-31), for seeding and
/// writing.
enum GenderResource {
  /// A gender of type `M`, `F` or `O`.
  static func json(id: Int, name: String?, type: String?, created: JSONValue, updated: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string(RecordKind.gender.object), "name": .string(name), "type": .string(type),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": updated,
    ])
  }
}

/// CreateGender and UpdateGender (app/Services/Account/Gender): a name and a type.
extension GenderResource: WritableResource {
  static let kind = RecordKind.gender

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    .record(
      json(
        id: id, name: StoreWriter.text(input["name"]), type: StoreWriter.text(input["type"]),
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}
