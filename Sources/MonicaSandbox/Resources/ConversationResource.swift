import MonicaKit

/// A conversation as the API renders it (app/Http/Resources/Conversation/Conversation.php:24-38):
/// its messages (MessageResource) and its contact field type embedded; for seeding and writing.
enum ConversationResource {
  /// A conversation that happened at `happened` (seconds); `type` is a ContactFieldTypeResource.
  static func json(
    id: Int, uuid: JSONValue, happened: Int, messages: [JSONValue], type: JSONObject, baseURL: String,
    contact: JSONValue, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("conversation"),
      "happened_at": .string(UTCTime.timestamp(happened)), "messages": .array(messages),
      "contact_field_type": .object(type), "url": .string("\(baseURL)/api/conversations/\(id)"),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}
