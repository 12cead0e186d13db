import Foundation
import MonicaKit

/// A conversation's and its messages' create, update and delete (app/Services/Contact/Conversation).
extension StoreWriter {
  /// `ApiConversationController::store` (Contact/ApiConversationController.php:88-107) runs
  /// `CreateConversation` (app/Services/Contact/Conversation/CreateConversation.php:18-45): the
  /// contact and the contact field type must be the account's (404), the contact active (422);
  /// `Conversation::create($data)` takes the whole request (only `id` is guarded,
  /// Conversation.php:20), so a key that is no column is an SQL error, caught as error 40. 201.
  mutating func createConversation(_ input: JSONObject) -> APIResponse {
    let check = validation(.conversation, updating: false, input)
    let type = input["contact_field_type_id"]?.intValue.flatMap { contents[.contactFieldType].records[$0] }
    if let failure = check.failure { return failure }
    guard let contactID = accountContact(input["contact_id"]), let type else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let columns: Set = ["id", "uuid", "happened_at", "contact_id", "contact_field_type_id", "created_at", "updated_at"]
    if input.members.contains(where: { !columns.contains($0.key) }) { return .error(500, 40) }
    let id = contents[.conversation].nextID
    let happened = Self.moment(Self.text(input["happened_at"]) ?? "") ?? now
    let record = ConversationResource.json(
      id: id, uuid: .string(random.uuid()), happened: happened, messages: [], type: type, baseURL: baseURL,
      contact: short(contactID), created: stamp, updated: stamp)
    contents[.conversation].put(id, record)
    return data(201, record)
  }

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
    let check = validation(WriteRules.conversationMessage, input)
    if let failure = check.failure { return failure }
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

  /// `UpdateConversation` (app/Services/Contact/Conversation/UpdateConversation.php:21-56)
  /// through `ApiConversationController::update` (Contact/ApiConversationController.php:116-136):
  /// the conversation must exist (`exists`, 422, its rule last), its contact be active, the
  /// contact field type be the account's (404); it changes the date and the type only. 200.
  mutating func updateConversation(_ id: String, _ input: JSONObject) -> APIResponse {
    var check = Validation(JSONObject(["conversation_id": .string(id)]).merging(input, nil))
    apply(RecordKind.conversation.writes?.updateRules, to: &check)
    check.integer("conversation_id", required: true)
    check.exists("conversation_id", Int(id).flatMap { contents[.conversation].records[$0] } != nil)
    if let failure = check.failure { return failure }
    guard let number = Int(id), var conversation = contents[.conversation].records[number] else { return .notFound }
    if isArchived(conversation["contact"]?["id"]?.intValue) { return Self.archived }
    guard let type = input["contact_field_type_id"]?.intValue.flatMap({ contents[.contactFieldType].records[$0] })
    else { return .notFound }
    let before = conversation
    let happened = Self.moment(Self.text(input["happened_at"]) ?? "") ?? now
    conversation["happened_at"] = .string(UTCTime.timestamp(happened))
    conversation["contact_field_type"] = .object(type)
    return saveUpdate(.conversation, number, conversation, was: before)
  }

  /// `DestroyConversation` (app/Services/Contact/Conversation/DestroyConversation.php:20-46)
  /// through `ApiConversationController::destroy(int $conversationId)` (lines 145-161): the
  /// conversation must exist (`exists`, 422), its contact be active; its messages go with it
  /// (`onDelete('cascade')`, database/migrations/2018_07_26_104306_create-conversations.php:37).
  mutating func deleteConversation(_ id: String) -> APIResponse {
    guard let number = Int(id) else { return Self.typeError }
    var check = Validation(JSONObject(["conversation_id": .int(number)]))
    check.exists("conversation_id", contents[.conversation].records[number] != nil)
    if let failure = check.failure { return failure }
    if isArchived(contents[.conversation].records[number]?["contact"]?["id"]?.intValue) { return Self.archived }
    contents[.conversation].remove(number)
    return deleted(.int(number))
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
    let check = validation(WriteRules.conversationMessage, input)
    if let failure = check.failure { return failure }
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
