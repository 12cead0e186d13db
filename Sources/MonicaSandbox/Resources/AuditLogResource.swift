import MonicaKit

/// An audit log as the API renders it (app/Http/Resources/AuditLog/AuditLog.php:22-36).
enum AuditLogResource {
  /// A log of `action` by the account's user, about `objects`.
  static func json(id: Int, action: String, objects: JSONObject, at time: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string("auditlog"),
      "author": .object(JSONObject(["id": .int(1), "name": .string("Sam Rivera")])), "action": .string(action),
      "objects": .object(objects), "audited_at": time, "created_at": time, "updated_at": time,
    ])
  }
}
