import MonicaKit

/// A conversation's message as the API renders it (app/Http/Resources/Conversation/Message.php:
/// 22-38), for seeding and writing.
enum MessageResource {
  /// A message of conversation `conversationID`, written at `written` (seconds).
  static func json(
    id: Int, uuid: JSONValue, content: String, written: Int, writtenByMe: Bool, contact: JSONValue,
    conversationID: Int, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("message"), "content": .string(content),
      "written_at": .string(UTCTime.timestamp(written)), "written_by_me": .bool(writtenByMe),
      "account": RecordShapes.accountJSON(1), "contact": contact,
      "conversation": .object(JSONObject(["id": .int(conversationID)])), "created_at": created,
      "updated_at": updated,
    ])
  }
}
