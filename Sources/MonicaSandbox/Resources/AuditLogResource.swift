import MonicaKit

/// An audit log as the API renders it (app/Http/Resources/AuditLog/AuditLog.php:22-36).
enum AuditLogResource {
  /// A log of `action` by the account's user, about `objects`.
  static func json(id: Int, action: String, objects: JSONObject, at time: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string(RecordKind.auditLog.object),
      "author": .object(JSONObject(["id": .int(1), "name": .string("Sam Rivera")])), "action": .string(action),
      "objects": .object(objects), "audited_at": time, "created_at": time, "updated_at": time,
    ])
  }
}

extension StoreWriter {
  /// Writes an entry of the audit log, as LogAccountAudit does at once on Monica's default sync
  /// queue (app/Jobs/AuditLog/LogAccountAudit.php, LogAccountAction.php:40-52), by the user. An
  /// entry about a contact names it in `objects.contact_id`, which `/contacts/{id}/logs` follows
  /// for the entry's `about_contact_id` (Contact.php:474-477), a column the API never prints.
  mutating func log(_ action: String, objects: JSONObject) {
    let id = contents[.auditLog].nextID
    var record = AuditLogResource.json(id: id, action: action, objects: objects, at: stamp)
    let name = [contents.user["first_name"]?.stringValue, contents.user["last_name"]?.stringValue].compactMap { $0 }
    if !name.isEmpty {
      record["author"] = .object(JSONObject(["id": .int(1), "name": .string(name.joined(separator: " "))]))
    }
    contents[.auditLog].put(id, record)
  }

  /// A contact's audit log: `contact_created` (CreateContact.php:241-262), `contact_work_updated`
  /// (UpdateWorkInformation.php:64-85), with the contact's name as Contact::getNameAttribute makes it.
  mutating func logContact(_ action: String, _ contact: JSONObject) {
    guard let id = contact["id"]?.intValue else { return }
    let name = RecordShapes.completeName(
      first: contact["first_name"]?.stringValue ?? "", last: contact["last_name"]?.stringValue, dead: false)
    log(action, objects: JSONObject(["contact_name": .string(name), "contact_id": .int(id)]))
  }
}
