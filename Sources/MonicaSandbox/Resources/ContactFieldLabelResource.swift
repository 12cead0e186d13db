import MonicaKit

/// A contact field label as contact fields embed it
/// (app/Http/Resources/ContactField/ContactFieldLabel.php:21-31).
enum ContactFieldLabelResource {
  /// A label of key `type`, printed as `label`.
  static func json(id: Int, type: String, label: String, created: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string("contactfieldlabel"), "type": .string(type), "label": .string(label),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": created,
    ])
  }
}
