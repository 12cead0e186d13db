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
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.conversation.object),
      "happened_at": .string(UTCTime.timestamp(happened)), "messages": .array(messages),
      "contact_field_type": .object(type), "url": .string(baseURL + "/api" + RecordKind.conversation.path(of: id)),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}

/// One seeded conversation of a contact, with one to three messages.
extension ConversationResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.conversation)
    let happened = context.from + 86_400 * (1 + context.random.below(300))
    var thread: [JSONValue] = []
    for offset in 0..<(1 + context.random.below(3)) {
      context.messages += 1
      let written = happened + 300 * offset
      thread.append(
        .object(
          MessageResource.json(
            id: context.messages, uuid: .string(context.random.uuid()), content: context.random.pick(SeedData.messages),
            written: written, writtenByMe: offset % 2 == 0, contact: context.short, conversationID: id,
            created: context.stamp(written), updated: context.stamp(written))))
    }
    let record = json(
      id: id, uuid: .string(context.random.uuid()), happened: happened, messages: thread,
      type: SeedData.contactFieldType(context.random.chance(50) ? 1 : 2), baseURL: context.baseURL,
      contact: context.short, created: context.stamp(happened), updated: context.stamp(happened))
    context.put(.conversation, id, record)
  }
}

/// A conversation's create, update and delete (app/Services/Contact/Conversation).
///
/// `CreateConversation` (CreateConversation.php:18-45, through ApiConversationController.php:
/// 88-107): the contact and the contact field type must be the account's (404), the contact active
/// (422); `Conversation::create($data)` takes the whole request (only `id` is guarded,
/// Conversation.php:20), so a key that is no column is an SQL error, caught as error 40. 201.
///
/// `UpdateConversation` (UpdateConversation.php:21-56, through lines 116-136 of the controller):
/// the conversation's contact must be active, the contact field type the account's (404); it
/// changes the date and the type only. 200.
///
/// `DestroyConversation` (DestroyConversation.php:20-46, through `destroy(int $conversationId)`,
/// lines 145-161): its contact must be active; its messages go with it (`onDelete('cascade')`,
/// database/migrations/2018_07_26_104306_create-conversations.php:37).
extension ConversationResource: WritableResource {
  static let kind = RecordKind.conversation

  static func unnumbered(_ operation: WriteOperation) -> APIResponse? {
    operation == .delete ? StoreWriter.typeError : nil
  }

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let type = input["contact_field_type_id"]?.intValue.flatMap { writer.contents[.contactFieldType].records[$0] }
    let happened = StoreWriter.moment(StoreWriter.text(input["happened_at"]) ?? "") ?? writer.now
    if var conversation = existing {
      if writer.isArchived(conversation["contact"]?["id"]?.intValue) { return .stop(StoreWriter.archived) }
      guard let type else { return .stop(.notFound) }
      conversation["happened_at"] = .string(UTCTime.timestamp(happened))
      conversation["contact_field_type"] = .object(type)
      return .record(writer.touched(conversation, was: existing))
    }
    guard let contactID = writer.accountContact(input["contact_id"]), let type else { return .stop(.notFound) }
    if writer.isArchived(contactID) { return .stop(StoreWriter.archived) }
    let columns: Set = ["id", "uuid", "happened_at", "contact_id", "contact_field_type_id", "created_at", "updated_at"]
    if input.members.contains(where: { !columns.contains($0.key) }) { return .stop(.error(500, 40)) }
    return .record(
      json(
        id: id, uuid: .string(writer.random.uuid()), happened: happened, messages: [], type: type,
        baseURL: writer.baseURL, contact: writer.short(contactID), created: writer.stamp, updated: writer.stamp))
  }

  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse {
    if writer.isArchived(record["contact"]?["id"]?.intValue) { return StoreWriter.archived }
    writer.contents[kind].remove(id)
    return writer.deleted(.int(id))
  }
}
