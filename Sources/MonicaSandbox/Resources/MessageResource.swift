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

/// A conversation's messages: added, changed and deleted through their conversation
/// (routes/api.php:84, app/Services/Contact/Conversation).
extension StoreWriter {
  /// `ApiMessageController::store` (Contact/ApiMessageController.php:25-52) runs
  /// `AddMessageToConversation` (app/Services/Contact/Conversation/AddMessageToConversation.php:
  /// 18-48) on the conversation's contact: `written_at`, `written_by_me` and `content` required,
  /// the contact active; `Message::create($data)` takes the whole request (Message.php:19). The
  /// answer is the conversation with all its messages, the new one last (`hasMany`, insertion
  /// order), 200: the conversation was found, not created.
  mutating func addMessage(_ conversationID: Int, _ input: JSONObject) -> APIResponse {
    guard var conversation = contents[.conversation].records[conversationID],
      let contactID = conversation["contact"]?["id"]?.intValue
    else { return .notFound }
    if let refusal = refusal(WriteRules.conversationMessage, input) { return refusal }
    if isArchived(contactID) { return Self.archived }
    let columns: Set = ["id", "uuid", "written_at", "written_by_me", "content", "created_at", "updated_at"]
    if input.members.contains(where: { !columns.contains($0.key) }) { return .error(500, 40) }
    let last = contents[.conversation].all.flatMap { $0["messages"]?.arrayValue ?? [] }.compactMap {
      $0["id"]?.intValue
    }
    let written = Self.moment(Self.text(input["written_at"]) ?? "") ?? now
    let message = JSONValue.object(
      MessageResource.json(
        id: (last.max() ?? 0) + 1, uuid: .string(random.uuid()), content: Self.text(input["content"]) ?? "",
        written: written, writtenByMe: Self.flag(input["written_by_me"]), contact: short(contactID),
        conversationID: conversationID, created: stamp, updated: stamp))
    conversation["messages"] = .array((conversation["messages"]?.arrayValue ?? []) + [message])
    contents[.conversation].put(conversationID, conversation)
    return data(200, conversation)
  }

  /// The conversation and the index of a message in it, wherever the message is.
  func findMessage(_ id: Int) -> (conversation: Int, index: Int)? {
    for conversation in contents[.conversation].all {
      if let index = conversation["messages"]?.arrayValue?.firstIndex(where: { $0["id"]?.intValue == id }),
        let conversationID = conversation["id"]?.intValue
      {
        return (conversationID, index)
      }
    }
    return nil
  }

  /// `UpdateMessage` (app/Services/Contact/Conversation/UpdateMessage.php:22-67) through
  /// `ApiMessageController::update` (Contact/ApiMessageController.php:62-91): the conversation and
  /// the message must exist (404, found before validation), the date, the author flag and the
  /// content be given, the conversation's contact be active, and the message be the
  /// conversation's (404, lines 55-58). It changes those three; the answer is the conversation
  /// with all its messages, 200.
  mutating func updateMessage(_ conversationID: Int, _ messageID: Int, _ input: JSONObject) -> APIResponse {
    guard var conversation = contents[.conversation].records[conversationID], let found = findMessage(messageID) else {
      return .notFound
    }
    if let refusal = refusal(WriteRules.conversationMessage, input) { return refusal }
    if isArchived(conversation["contact"]?["id"]?.intValue) { return Self.archived }
    guard found.conversation == conversationID, var messages = conversation["messages"]?.arrayValue,
      var message = messages[found.index].objectValue
    else { return .notFound }
    let before = message
    let written = Self.moment(Self.text(input["written_at"]) ?? "") ?? now
    message["written_at"] = .string(UTCTime.timestamp(written))
    message["written_by_me"] = .bool(Self.flag(input["written_by_me"]))
    message["content"] = .string(Self.text(input["content"]) ?? "")
    if message != before { message["updated_at"] = stamp }
    messages[found.index] = .object(message)
    conversation["messages"] = .array(messages)
    contents[.conversation].put(conversationID, conversation)
    return data(200, conversation)
  }

  /// `DestroyMessage` (app/Services/Contact/Conversation/DestroyMessage.php:21-52) through
  /// `ApiMessageController::destroy` (Contact/ApiMessageController.php:101-125): both must exist
  /// (404), the message be the conversation's (404), its contact be active. The id answers as a
  /// number (`int $messageId`).
  mutating func deleteMessage(_ conversationID: Int, _ messageID: Int) -> APIResponse {
    guard var conversation = contents[.conversation].records[conversationID], let found = findMessage(messageID),
      found.conversation == conversationID, var messages = conversation["messages"]?.arrayValue
    else { return .notFound }
    if isArchived(messages[found.index]["contact"]?["id"]?.intValue) { return Self.archived }
    messages.remove(at: found.index)
    conversation["messages"] = .array(messages)
    contents[.conversation].put(conversationID, conversation)
    return deleted(.int(messageID))
  }
}
