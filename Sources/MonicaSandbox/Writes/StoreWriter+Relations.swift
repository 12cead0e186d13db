import Foundation
import MonicaKit

/// The creates of relationships, life events, conversations and their messages, as Monica v4.1.2's
/// services and API controllers do them (issue 13).
extension StoreWriter {
  mutating func performRelationKind(_ route: Route, _ input: JSONObject) -> APIResponse {
    switch route {
    case .create(.relationship): return createRelationship(input)
    case .create(.lifeEvent): return createLifeEvent(input)
    case .create(.conversation): return createConversation(input)
    case .addMessage(let id): return Int(id).map { addMessage($0, input) } ?? .notFound
    default: return performRelationUpdate(route, input) ?? .message(405, "The method is not supported for this route.")
    }
  }

  /// `ApiRelationshipController::store` (ApiRelationshipController.php:60-76) runs
  /// `CreateRelationship` (app/Services/Contact/Relationship/CreateRelationship.php:17-58): both
  /// contacts and the type must be the account's (404), the first contact active (422), and
  /// besides the row asked for it makes the reverse one, of the type named by the type's
  /// `name_reverse_relationship` when the account has one (lines 51-55,
  /// RelationshipType.php:57-60). The answer is the first row, 201 (a model just created).
  private mutating func createRelationship(_ input: JSONObject) -> APIResponse {
    var check = Validation(input)
    for key in ["contact_is", "of_contact"] {
      check.integer(key, required: true)
      check.exists(key, existsInTable(.contact, input[key]))
    }
    check.integer("relationship_type_id", required: true)
    let type = input["relationship_type_id"]?.intValue.flatMap { contents[.relationshipType].records[$0] }
    check.exists("relationship_type_id", existsInTable(.relationshipType, input["relationship_type_id"]))
    if let failure = check.failure { return failure }
    // The look-ups are the account's, in this order (CreateRelationship.php:37-46: `contact_is`,
    // its `throwInactive`, `of_contact`, the type): another account's row is a 404.
    guard let from = input["contact_is"]?.intValue, contents[.contact].records[from] != nil else { return .notFound }
    if isArchived(from) { return Self.archived }
    guard let to = input["of_contact"]?.intValue, contents[.contact].records[to] != nil, let type else {
      return .notFound
    }
    let made = relationshipRow(from, to, type)
    let reverse = type["name_reverse_relationship"]?.stringValue
    if let back = contents[.relationshipType].all.first(where: { $0["name"]?.stringValue == reverse }) {
      _ = relationshipRow(to, from, back)
    }
    return data(201, made)
  }

  /// Inserts one relationship row and shows it in its contact's `information.relationships`,
  /// under the group of its type (ContactResource lists a contact's rows by type group).
  private mutating func relationshipRow(_ from: Int, _ to: Int, _ type: JSONObject) -> JSONObject {
    let id = contents[.relationship].nextID
    let uuid = JSONValue.string(random.uuid())
    let record = JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string("relationship"), "contact_is": short(from),
      "relationship_type": .object(type), "of_contact": short(to),
      "url": .string("\(baseURL)/api/relationships/\(id)"), "account": RecordShapes.accountJSON(1),
      "created_at": stamp, "updated_at": stamp,
    ])
    contents[.relationship].put(id, record)
    touchContacts(of: record)
    let groupIndex = (type["relationship_type_group_id"]?.intValue ?? 1) - 1
    guard RecordShapes.relationshipGroups.indices.contains(groupIndex),
      var contact = contents[.contact].records[from], var information = contact["information"]?.objectValue,
      var groups = information["relationships"]?.objectValue
    else { return record }
    let name = RecordShapes.relationshipGroups[groupIndex]
    var group = groups[name]?.objectValue ?? JSONObject()
    let element = JSONValue.object(
      JSONObject([
        "relationship": .object(JSONObject(["id": .int(id), "uuid": uuid, "name": type["name"] ?? .null])),
        "contact": short(to),
      ]))
    let members = (group["contacts"]?.arrayValue ?? []) + [element]
    (group["total"], group["contacts"]) = (.int(members.count), .array(members))
    groups[name] = .object(group)
    information["relationships"] = .object(groups)
    contact["information"] = .object(information)
    contents[.contact].put(from, contact)
    return record
  }

  /// `ApiLifeEventController::store` (Contact/ApiLifeEventController.php:55-72) runs
  /// `CreateLifeEvent` (app/Services/Contact/LifeEvent/CreateLifeEvent.php:19-68): the contact and
  /// the type must be the account's (404), the contact active (422); `name` and `note` are read
  /// unguarded (lines 57-58), so a body without them is PHP's "Undefined array key", a 500; a
  /// reminder follows when `has_reminder` (lines 76-95). The answer is `LifeEvent::find`'s fresh
  /// model, not one just created: 200.
  private mutating func createLifeEvent(_ input: JSONObject) -> APIResponse {
    var check = Validation(input)
    check.integer("contact_id", required: true)
    check.integer("life_event_type_id", required: true)
    check.date("happened_at", required: true)
    check.string("name")
    check.string("note")
    for key in ["has_reminder", "happened_at_month_unknown", "happened_at_day_unknown"] {
      check.boolean(key, required: true)
    }
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contents[.contact].records[contactID] != nil else {
      return .notFound
    }
    if isArchived(contactID) { return Self.archived }
    guard let typeID = input["life_event_type_id"]?.intValue, let type = SeedData.lifeEventType(typeID) else {
      return .notFound
    }
    if input["name"] == nil || input["note"] == nil { return .message(500, "Server Error") }
    let happened = Self.moment(Self.text(input["happened_at"]) ?? "") ?? now
    let id = contents[.lifeEvent].nextID
    if Self.flag(input["has_reminder"]) {
      let reminder = JSONObject([
        "contact_id": .int(contactID), "initial_date": .string(UTCTime.date(happened)),
        "frequency_type": .string("year"), "frequency_number": .int(1), "title": type["name"] ?? .null,
      ])
      let made = performAccountKind(.create(.reminder), reminder)
      // `$lifeEvent->reminder_id = $reminder->id` (CreateLifeEvent.php:92-93), a column not printed.
      contents.lifeEventReminders[id] = (try? JSONValue(parsing: made.body))?["data"]?["id"]?.intValue
    }
    let record = JSONObject([
      "id": .int(id), "uuid": .string(random.uuid()), "object": .string("lifeevent"),
      "name": .string(Self.text(input["name"])), "note": .string(Self.text(input["note"])),
      "happened_at": .string(UTCTime.timestamp(happened)), "life_event_type": .object(type),
      "account": RecordShapes.accountJSON(1), "contact": short(contactID), "created_at": stamp, "updated_at": stamp,
    ])
    contents[.lifeEvent].put(id, record)
    return data(200, record)
  }

  /// `ApiConversationController::store` (Contact/ApiConversationController.php:88-107) runs
  /// `CreateConversation` (app/Services/Contact/Conversation/CreateConversation.php:18-45): the
  /// contact and the contact field type must be the account's (404), the contact active (422);
  /// `Conversation::create($data)` takes the whole request (only `id` is guarded,
  /// Conversation.php:20), so a key that is no column is an SQL error, caught as error 40. 201.
  private mutating func createConversation(_ input: JSONObject) -> APIResponse {
    var check = Validation(input)
    check.date("happened_at", required: true)
    check.integer("contact_id", required: true)
    check.exists("contact_id", existsInTable(.contact, input["contact_id"]))
    check.integer("contact_field_type_id", required: true)
    let type = input["contact_field_type_id"]?.intValue.flatMap { contents[.contactFieldType].records[$0] }
    check.exists("contact_field_type_id", type != nil)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, let type else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let columns: Set = ["id", "uuid", "happened_at", "contact_id", "contact_field_type_id", "created_at", "updated_at"]
    if input.members.contains(where: { !columns.contains($0.key) }) { return .error(500, 40) }
    let id = contents[.conversation].nextID
    let happened = Self.moment(Self.text(input["happened_at"]) ?? "") ?? now
    let record = JSONObject([
      "id": .int(id), "uuid": .string(random.uuid()), "object": .string("conversation"),
      "happened_at": .string(UTCTime.timestamp(happened)), "messages": .array([]),
      "contact_field_type": .object(type), "url": .string("\(baseURL)/api/conversations/\(id)"),
      "account": RecordShapes.accountJSON(1), "contact": short(contactID), "created_at": stamp, "updated_at": stamp,
    ])
    contents[.conversation].put(id, record)
    return data(201, record)
  }

  /// `ApiMessageController::store` (Contact/ApiMessageController.php:25-52) runs
  /// `AddMessageToConversation` (app/Services/Contact/Conversation/AddMessageToConversation.php:
  /// 18-48) on the conversation's contact: `written_at`, `written_by_me` and `content` required,
  /// the contact active; `Message::create($data)` takes the whole request (Message.php:19). The
  /// answer is the conversation with all its messages, the new one last (`hasMany`, insertion
  /// order), 200: the conversation was found, not created.
  private mutating func addMessage(_ conversationID: Int, _ input: JSONObject) -> APIResponse {
    guard var conversation = contents[.conversation].records[conversationID],
      let contactID = conversation["contact"]?["id"]?.intValue
    else { return .notFound }
    var check = Validation(input)
    check.date("written_at", required: true)
    check.boolean("written_by_me", required: true)
    check.string("content", required: true)
    if let failure = check.failure { return failure }
    if isArchived(contactID) { return Self.archived }
    let columns: Set = ["id", "uuid", "written_at", "written_by_me", "content", "created_at", "updated_at"]
    if input.members.contains(where: { !columns.contains($0.key) }) { return .error(500, 40) }
    let last = contents[.conversation].all.flatMap { $0["messages"]?.arrayValue ?? [] }.compactMap {
      $0["id"]?.intValue
    }
    let written = Self.moment(Self.text(input["written_at"]) ?? "") ?? now
    let message = JSONValue.object(
      JSONObject([
        "id": .int((last.max() ?? 0) + 1), "uuid": .string(random.uuid()), "object": .string("message"),
        "content": .string(Self.text(input["content"]) ?? ""), "written_at": .string(UTCTime.timestamp(written)),
        "written_by_me": .bool(Self.flag(input["written_by_me"])), "account": RecordShapes.accountJSON(1),
        "contact": short(contactID), "conversation": .object(JSONObject(["id": .int(conversationID)])),
        "created_at": stamp, "updated_at": stamp,
      ]))
    conversation["messages"] = .array((conversation["messages"]?.arrayValue ?? []) + [message])
    contents[.conversation].put(conversationID, conversation)
    return data(200, conversation)
  }
}
