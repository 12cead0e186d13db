extension RecordKind {
  /// Conversations with their messages (routes/api.php:82-85); messages have no list of their own.
  /// A delete answers the id as a number (`destroy(int $conversationId)`).
  package static let conversation = RecordKind(
    object: "conversation", name: "conversations", routes: KindRoutes.resource.union(.nested),
    references: [
      KindReference("contact.id", to: "contact"), KindReference("contact_field_type.id", to: "contactfieldtype"),
    ],
    writes: .conversation, rule: .object(.conversation), display: KindDisplay(contact: "contact", date: "happened_at"),
    seeding: .perContact(below: 2), deletesWithStringID: false,
    deleteRules: WriteRules(
      "app/Services/Contact/Conversation/DestroyConversation.php",
      [("conversation_id", "required|integer|exists:conversations,id", "24")], route: ["conversation_id"]))
}

extension RecordKind {
  /// A conversation's messages: the member of its record that holds them, and the route below
  /// it that adds one, `POST /conversations/{id}/messages` (routes/api.php:84).
  package static let conversationMessages = "messages"
  /// The `object` of a message, and a migration's map lines for them: messages are no kind of
  /// their own (no route lists or shows one).
  package static let messageObject = "message"
}

extension ObjectShape {
  /// A message of a conversation.
  package static let message = ObjectShape(
    RecordKind.messageObject, source: "app/Http/Resources/Conversation/Message.php:20-38",
    fields: head(RecordKind.messageObject) + [
      FieldRule("content", .string), FieldRule("written_at", .timestamp), FieldRule("written_by_me", .boolean),
      FieldRule("account", .object(.account)), FieldRule("contact", .object(.shortContact)),
      FieldRule(
        "conversation",
        .object(ObjectShape("conversation id", source: "Message.php:33-35", fields: [FieldRule("id", .id)]))),
      FieldRule("created_at", .timestamp), FieldRule("updated_at", .timestamp),
    ],
    checks: [.timestampsInOrder])

  /// A conversation and its messages, held through a contact field type (SMS, e-mail...).
  package static let conversation = ObjectShape(
    "conversation", source: "app/Http/Resources/Conversation/Conversation.php:22-38",
    fields: head("conversation") + [
      FieldRule("happened_at", .timestamp), FieldRule(RecordKind.conversationMessages, .array(.object(.message))),
      FieldRule("contact_field_type", .object(.contactFieldType)), FieldRule("url", .url),
    ] + aboutContact,
    checks: [.timestampsInOrder])
}

extension WriteMapping {
  /// Conversations: `CreateConversation` (app/Services/Contact/Conversation/CreateConversation.php:
  /// 18-26) takes the date, the contact and the contact field type (the medium) and nothing else:
  /// it creates the row from the whole request (line 44), so any other key is an SQL error.
  /// `UpdateConversation` (UpdateConversation.php:21-53) changes the date and the type only, never
  /// the contact. Its messages are not written here: they have no route of their own to read
  /// one from (routes/api.php:84 has no `show`) and are addressed through their conversation.
  static let conversation = WriteMapping(
    services: "app/Services/Contact/Conversation/CreateConversation.php, UpdateConversation.php",
    fields: [
      .same("happened_at"), WriteField("contact_id", .value(FieldPath.contactID)),
      WriteField("contact_field_type_id", .value(FieldPath(dotted: "contact_field_type.id"))),
    ],
    fixedOnUpdate: ["contact_id"],
    create: WriteRules(
      "app/Services/Contact/Conversation/CreateConversation.php",
      [
        ("happened_at", "required|date", "25"),
        ("contact_id", "required|integer|exists:contacts,id", "27"),
        ("contact_field_type_id", "required|integer|exists:contact_field_types,id", "28"),
      ]),
    update: WriteRules(
      "app/Services/Contact/Conversation/UpdateConversation.php",
      [
        ("happened_at", "required|date", "25"),
        ("contact_field_type_id", "required|integer", "26"),
        ("conversation_id", "required|integer|exists:conversations,id", "27"),
      ], route: ["conversation_id"]))
}

extension WriteRules {
  /// A message of a conversation, `POST /api/conversations/{id}/messages` (routes/api.php:84):
  /// `AddMessageToConversation` at v4.1.2; the controller adds the contact and the conversation
  /// from the route, so a body carries these three. A migration sends each message of a
  /// conversation record this way, after the conversation.
  package static let conversationMessage = WriteRules(
    "app/Services/Contact/Conversation/AddMessageToConversation.php",
    [
      ("written_at", "required|date", "28"),
      ("written_by_me", "required|boolean", "29"),
      ("content", "required|string", "30"),
    ])

  /// The body a migration sends for one message of a conversation record (Steps/ConversationStep.swift).
  package static func messageBody(_ message: JSONObject) -> JSONObject {
    JSONObject([
      "written_at": message["written_at"] ?? .null, "written_by_me": message["written_by_me"] ?? .bool(false),
      "content": message["content"] ?? .null,
    ])
  }
}
