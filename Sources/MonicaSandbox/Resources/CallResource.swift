import MonicaKit

/// A call as the API renders it (app/Http/Resources/Call/Call.php), for seeding and writing.
enum CallResource {
  /// A call; `contactCalled` is null when an update stored none.
  static func json(
    id: Int, uuid: JSONValue, calledAt: JSONValue, content: String?, contactCalled: JSONValue, emotions: [JSONValue],
    contact: JSONValue, baseURL: String, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("call"), "called_at": calledAt, "content": .string(content),
      "contact_called": contactCalled, "emotions": .array(emotions), "url": .string("\(baseURL)/api/calls/\(id)"),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}
