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
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.contactField.object), "content": .string(content),
      "contact_field_type": .object(type), "labels": labels, "account": RecordShapes.accountJSON(1),
      "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}

/// CreateContactField and UpdateContactField (app/Services/Contact/ContactField): the contact and
/// the type must be the account's (`findOrFail`, a 404), the contact active; the labels are
/// `UpdateContactFieldLabels`'s (`StoreWriter.labels`).
extension ContactFieldResource: WritableResource {
  static let kind = RecordKind.contactField

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let type = input["contact_field_type_id"]?.intValue.flatMap { writer.contents[.contactFieldType].records[$0] }
    guard let contactID = writer.accountContact(input["contact_id"]), let type else { return .stop(.notFound) }
    if writer.isArchived(contactID) { return .stop(StoreWriter.archived) }
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()),
        content: StoreWriter.text(input["data"]) ?? "", type: type,
        labels: writer.labels(input["labels"]) ?? existing?["labels"] ?? .array([]), contact: writer.short(contactID),
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}

extension StoreWriter {
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
