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
    guard let contactID = accountContact(input["contact_id"]), let type else { return .notFound }
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
    let record = ContactFieldTypeResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), name: Self.text(input["name"]) ?? "",
      icon: Self.text(input["fontawesome_icon"]), link: Self.text(input["protocol"]),
      delible: input["delible"].map { Self.flag($0) } ?? existing?["delible"]?.boolValue ?? true,
      type: Self.text(input["type"]), created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.contactFieldType].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// The labels of a contact field given as names, each the account's label of that name or a new
  /// one (`UpdateContactFieldLabels`, app/Services/Contact/Label/UpdateContactFieldLabels.php:
  /// 52-68): a standard name (ContactFieldLabel::$standardLabels) is kept as its key, printed
  /// translated (resources/lang/en/people.php:531-537). `nil` when none are given: the field
  /// keeps the labels it has.
  func labels(_ given: JSONValue?) -> JSONValue? {
    guard let names = given?.arrayValue?.compactMap(\.stringValue), !names.isEmpty else { return nil }
    let standard = [
      "home": "Home", "work": "Work", "cell": "Mobile", "fax": "Fax", "pager": "Pager", "main": "Main",
      "other": "Other",
    ]
    var known: [String: JSONObject] = [:]
    for field in contents[.contactField].all {
      for label in field["labels"]?.arrayValue ?? [] {
        if let type = label["type"]?.stringValue, let object = label.objectValue { known[type] = object }
      }
    }
    var nextID = (known.values.compactMap { $0["id"]?.intValue }.max() ?? 0) + 1
    var labels: [JSONValue] = []
    for name in names {
      let key = standard[name.lowercased()] != nil ? name.lowercased() : name
      if let label = known[key] {
        labels.append(.object(label))
        continue
      }
      let label = ContactFieldLabelResource.json(id: nextID, type: key, label: standard[key] ?? key, created: stamp)
      nextID += 1
      known[key] = label
      labels.append(.object(label))
    }
    return .array(labels)
  }
}
