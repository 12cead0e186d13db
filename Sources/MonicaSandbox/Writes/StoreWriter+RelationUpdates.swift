import Foundation
import MonicaKit

/// The updates and deletes of relationships, life events, conversations and their messages, as
/// Monica v4.1.2's services and API controllers do them: each validates before it looks anything
/// up, so an unknown id is a 422 where the rule says `exists` and a 404 where it does not.
extension StoreWriter {
  /// A route id that is no number given to a controller that declares it `int`: PHP's TypeError,
  /// which Laravel renders as a bare 500.
  static let typeError = APIResponse.message(500, "Server Error")

  /// `{"deleted": true, "id": ...}` (JsonRespondController.php:186-192): the id as the controller
  /// got it, a string from an untyped parameter, a number from an `int` one.
  private func deleted(_ id: JSONValue) -> APIResponse {
    .json(200, .object(JSONObject(["deleted": .bool(true), "id": id])))
  }

  // MARK: - Relationships

  /// `UpdateRelationship` (app/Services/Contact/Relationship/UpdateRelationship.php:16-52) through
  /// `ApiRelationshipController::update` (ApiRelationshipController.php:84-101): the relationship
  /// and the type must exist (`exists`, 422), the relationship's `contact_is` be active; the
  /// reverse row, found through the old type's reverse (Relationship.php:85-98), takes the new
  /// type's reverse when the account has one (lines 43-49), then the row takes the new type.
  /// The answer is the row, refreshed: 200.
  mutating func updateRelationship(_ id: String, _ input: JSONObject) -> APIResponse {
    var check = Validation(JSONObject(["relationship_id": .string(id)]).merging(input, ["relationship_type_id"]))
    check.integer("relationship_id", required: true)
    check.exists("relationship_id", Int(id).flatMap { contents[.relationship].records[$0] } != nil)
    apply(RecordKind.relationship.writes?.updateRules, to: &check)
    let type = input["relationship_type_id"]?.intValue.flatMap { contents[.relationshipType].records[$0] }
    if let failure = check.failure { return failure }
    guard let number = Int(id), let row = contents[.relationship].records[number], let type else { return .notFound }
    if isArchived(row["contact_is"]?["id"]?.intValue) { return Self.archived }
    if let reverse = reverseRelationship(of: row), let back = relationshipType(named: type["name_reverse_relationship"])
    {
      retype(reverse, back)
    }
    retype(number, type)
    return data(200, contents[.relationship].records[number] ?? row)
  }

  /// `DestroyRelationship` (app/Services/Contact/Relationship/DestroyRelationship.php:16-88)
  /// through `ApiRelationshipController::destroy` (lines 110-124): the row must exist (`exists`,
  /// 422), its `contact_is` be active; the reverse row goes with it (lines 124-132), and the other
  /// contact too when it is partial and no row is left about it (lines 139-157).
  mutating func deleteRelationship(_ id: String) -> APIResponse {
    var check = Validation(JSONObject(["relationship_id": .string(id)]))
    check.integer("relationship_id", required: true)
    check.exists("relationship_id", Int(id).flatMap { contents[.relationship].records[$0] } != nil)
    if let failure = check.failure { return failure }
    guard let number = Int(id), destroyRelationship(number) else { return Self.archived }
    return deleted(.string(id))
  }

  /// Deletes a row as `DestroyRelationship` does; false, deleting nothing, when its `contact_is`
  /// is archived (`throwInactive`, DestroyRelationship.php:108).
  private mutating func destroyRelationship(_ id: Int) -> Bool {
    guard let row = contents[.relationship].records[id] else { return true }
    if isArchived(row["contact_is"]?["id"]?.intValue) { return false }
    if let reverse = reverseRelationship(of: row) { removeRelationship(reverse) }
    removeRelationship(id)
    guard let other = row["of_contact"]?["id"]?.intValue,
      contents[.contact].records[other]?["is_partial"]?.boolValue == true,
      !contents[.relationship].all.contains(where: { Self.links($0, other) })
    else { return true }
    // DestroyContact::dispatch (DestroyRelationship.php:151-155), run at once here.
    _ = deleteContact(String(other))
    return true
  }

  /// `DestroyContact::destroyRelationships` (app/Services/Contact/Contact/DestroyContact.php:
  /// 64-86): every row where the contact is `contact_is`, then every one where it is `of_contact`,
  /// each through `DestroyRelationship`; false when one of them refuses, which fails the job
  /// before the contact goes.
  mutating func destroyRelationships(of contactID: Int) -> Bool {
    for key in ["contact_is", "of_contact"] {
      let rows = contents[.relationship].all.filter { $0[key]?["id"]?.intValue == contactID }
      for row in rows {
        guard let id = row["id"]?.intValue, destroyRelationship(id) else { return false }
      }
    }
    return true
  }

  private static func links(_ row: JSONObject, _ contactID: Int) -> Bool {
    row["contact_is"]?["id"]?.intValue == contactID || row["of_contact"]?["id"]?.intValue == contactID
  }

  /// `Relationship::reverseRelationship` (app/Models/Relationship/Relationship.php:85-98): the
  /// first row from the other contact back, of the type named by this type's reverse name.
  private func reverseRelationship(of row: JSONObject) -> Int? {
    let typeID = row["relationship_type"]?["id"]?.intValue
    let current = typeID.flatMap { contents[.relationshipType].records[$0] } ?? row["relationship_type"]?.objectValue
    guard let back = relationshipType(named: current?["name_reverse_relationship"]),
      let from = row["contact_is"]?["id"]?.intValue, let to = row["of_contact"]?["id"]?.intValue
    else { return nil }
    return contents[.relationship].all.first {
      $0["contact_is"]?["id"]?.intValue == to && $0["of_contact"]?["id"]?.intValue == from
        && $0["relationship_type"]?["id"] == back["id"]
    }?["id"]?.intValue
  }

  /// `Account::getRelationshipTypeByType` (RelationshipType.php:57-60): the account's type of that name.
  private func relationshipType(named name: JSONValue?) -> JSONObject? {
    guard let name = name?.stringValue else { return nil }
    return contents[.relationshipType].all.first { $0["name"]?.stringValue == name }
  }

  /// `$relationship->update(['relationship_type_id' => ...])`: nothing when the type is the same
  /// (a clean model is not saved); otherwise the row and both contacts (Relationship.php:23-26,
  /// `$touches`) take the time, and the row moves to its new type's group in its contact.
  private mutating func retype(_ id: Int, _ type: JSONObject) {
    guard var row = contents[.relationship].records[id], row["relationship_type"]?["id"] != type["id"] else { return }
    row["relationship_type"] = .object(type)
    row["updated_at"] = stamp
    contents[.relationship].put(id, row)
    touchContacts(of: row)
    showRelationship(id, in: row["contact_is"]?["id"]?.intValue)
  }

  private mutating func removeRelationship(_ id: Int) {
    guard let row = contents[.relationship].records[id] else { return }
    contents[.relationship].remove(id)
    touchContacts(of: row)
    showRelationship(id, in: row["contact_is"]?["id"]?.intValue)
  }

  /// Sets the time on a row's two contacts, as a relationship's save or delete does
  /// (`$touches`, app/Models/Relationship/Relationship.php:23-26).
  mutating func touchContacts(of row: JSONObject) {
    for key in ["contact_is", "of_contact"] {
      guard let id = row[key]?["id"]?.intValue, var contact = contents[.contact].records[id],
        contact["updated_at"] != nil
      else { continue }
      contact["updated_at"] = stamp
      contents[.contact].put(id, contact)
    }
  }

  /// Shows row `id` in its contact's `information.relationships` as the row now is: under its
  /// type's group, in id order (ContactBase.php:40-56 filters the contact's rows by group), or
  /// nowhere once deleted. A contact without the groups (a partial one) shows none.
  private mutating func showRelationship(_ id: Int, in contactID: Int?) {
    guard let contactID, var contact = contents[.contact].records[contactID],
      var information = contact["information"]?.objectValue, var groups = information["relationships"]?.objectValue
    else { return }
    var shown: JSONValue?
    for member in groups.members {
      guard var group = member.value.objectValue, let list = group["contacts"]?.arrayValue else { continue }
      let kept = list.filter { $0["relationship"]?["id"]?.intValue != id }
      if kept.count == list.count { continue }
      shown = list.first { $0["relationship"]?["id"]?.intValue == id }?["contact"]
      (group["total"], group["contacts"]) = (.int(kept.count), .array(kept))
      groups[member.key] = .object(group)
    }
    if let row = contents[.relationship].records[id], let type = row["relationship_type"] {
      let index = (type["relationship_type_group_id"]?.intValue ?? 1) - 1
      let name = RecordShapes.relationshipGroups.indices.contains(index) ? RecordShapes.relationshipGroups[index] : ""
      if var group = groups[name]?.objectValue {
        var list = group["contacts"]?.arrayValue ?? []
        let element = JSONValue.object(
          JSONObject([
            "relationship": .object(
              JSONObject(["id": .int(id), "uuid": row["uuid"] ?? .null, "name": type["name"] ?? .null])),
            "contact": shown ?? row["of_contact"] ?? .null,
          ]))
        list.insert(element, at: list.firstIndex { ($0["relationship"]?["id"]?.intValue ?? 0) > id } ?? list.count)
        (group["total"], group["contacts"]) = (.int(list.count), .array(list))
        groups[name] = .object(group)
      }
    }
    information["relationships"] = .object(groups)
    contact["information"] = .object(information)
    contents[.contact].put(contactID, contact)
  }

  // MARK: - Life events

  /// `UpdateLifeEvent` (app/Services/Contact/LifeEvent/UpdateLifeEvent.php:16-55) through
  /// `ApiLifeEventController::update` (Contact/ApiLifeEventController.php:81-99): no `exists`
  /// rule, so an unknown event or type is a 404; the contact must be active; `name` and `note`
  /// are read unguarded (lines 50-51), so leaving one out is a 500. It changes the date, the type,
  /// the name and the note, never the contact. 200.
  mutating func updateLifeEvent(_ id: String, _ input: JSONObject) -> APIResponse {
    var check = Validation(JSONObject(["life_event_id": .string(id)]).merging(input, nil))
    check.integer("life_event_id", required: true)
    apply(RecordKind.lifeEvent.writes?.updateRules, to: &check)
    if let failure = check.failure { return failure }
    guard let number = Int(id), var event = contents[.lifeEvent].records[number] else { return .notFound }
    if isArchived(event["contact"]?["id"]?.intValue) { return Self.archived }
    guard let typeID = input["life_event_type_id"]?.intValue, let type = SeedData.lifeEventType(typeID) else {
      return .notFound
    }
    if input["name"] == nil || input["note"] == nil { return .message(500, "Server Error") }
    let before = event
    let happened = Self.moment(Self.text(input["happened_at"]) ?? "") ?? now
    event["name"] = .string(Self.text(input["name"]))
    event["note"] = .string(Self.text(input["note"]))
    event["happened_at"] = .string(UTCTime.timestamp(happened))
    event["life_event_type"] = .object(type)
    return saveUpdate(.lifeEvent, number, event, was: before)
  }

  /// Keeps a record an update wrote and answers it, 200; `updated_at` moves only when something
  /// changed, as Eloquent saves no clean model.
  mutating func saveUpdate(_ kind: RecordKind, _ id: Int, _ record: JSONObject, was before: JSONObject)
    -> APIResponse
  {
    var record = record
    if record != before { record["updated_at"] = stamp }
    contents[kind].put(id, record)
    return data(200, record)
  }

  /// `DestroyLifeEvent` (app/Services/Contact/LifeEvent/DestroyLifeEvent.php:16-44) through
  /// `ApiLifeEventController::destroy(int $lifeEventId)` (lines 108-120), which catches only the
  /// 404: an archived contact's `throwInactive` goes to Laravel's handler; the reminder the event
  /// made goes with it. The id answers as a number.
  mutating func deleteLifeEvent(_ id: Int) -> APIResponse {
    guard let event = contents[.lifeEvent].records[id] else { return .notFound }
    if isArchived(event["contact"]?["id"]?.intValue) { return Self.archivedUncaught }
    // The reminder it made goes too (DestroyLifeEvent.php:49-54).
    if let reminder = contents.lifeEventReminders.removeValue(forKey: id) { contents[.reminder].remove(reminder) }
    contents[.lifeEvent].remove(id)
    return deleted(.int(id))
  }

  // MARK: - Conversations and messages

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
  private func findMessage(_ id: Int) -> (conversation: Int, index: Int)? {
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

extension JSONObject {
  /// This object with `other`'s members added (only `keys` of them, when given), as PHP's `+`
  /// of the controllers' `$request->except(...) + [...]` keeps the left side's value of a key both have.
  fileprivate func merging(_ other: JSONObject, _ keys: [String]?) -> JSONObject {
    var result = self
    for member in other.members where result[member.key] == nil && (keys?.contains(member.key) ?? true) {
      result[member.key] = member.value
    }
    return result
  }
}
