import MonicaKit

/// A contact field as the API renders it (app/Http/Resources/ContactField/ContactField.php): its
/// type embedded, `data` printed as `content`; for seeding and writing.
enum ContactFieldResource {
  /// A contact field of the type `type` (a ContactFieldTypeResource).
  static func json(
    id: Int, uuid: JSONValue, content: String, type: JSONObject, labels: JSONValue, contact: JSONValue,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("contactfield"), "content": .string(content),
      "contact_field_type": .object(type), "labels": labels, "account": RecordShapes.accountJSON(1),
      "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}
