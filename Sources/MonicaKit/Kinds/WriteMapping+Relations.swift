/// The write tables of relationships, life events and conversations (issue 13), read from their
/// services at v4.1.2. A conversation's messages have a route of their own, one POST each, which
/// the migration sends after the conversation (`Migration+Conversations`).
extension WriteMapping {
  /// Relationships: `CreateRelationship` takes both contacts and the type
  /// (app/Services/Contact/Relationship/CreateRelationship.php:17-25) and makes the reverse row
  /// too (lines 51-55); `UpdateRelationship` changes the type only, of the row and of its reverse
  /// (UpdateRelationship.php:43-51; the controller passes it nothing else,
  /// ApiRelationshipController.php:84-91). The contacts go in the update too, where they are
  /// ignored, so that a line that changes them is refused rather than sent as a type change.
  static let relationship = WriteMapping(
    services: "app/Services/Contact/Relationship/CreateRelationship.php, UpdateRelationship.php",
    fields: [
      WriteField("contact_is", .value(FieldPath(dotted: "contact_is.id"))),
      WriteField("of_contact", .value(FieldPath(dotted: "of_contact.id"))),
      WriteField("relationship_type_id", .value(FieldPath(dotted: "relationship_type.id"))),
    ],
    fixedOnUpdate: ["contact_is", "of_contact"])

  /// Life events: `CreateLifeEvent` (app/Services/Contact/LifeEvent/CreateLifeEvent.php:19-31)
  /// requires the contact, the type, the date and three booleans, and reads `name` and `note`
  /// unguarded (lines 57-58), so they are always sent. The record prints neither whether the
  /// month or day was unknown nor its reminder (app/Http/Resources/LifeEvent/LifeEvent.php:21-37):
  /// both go as false, the reminder being a record of its own in an account's stream.
  /// `UpdateLifeEvent` (UpdateLifeEvent.php:16-52) changes the date, the type, the name and the
  /// note, reading the last two unguarded too, and never the contact or the reminder.
  static let lifeEvent = WriteMapping(
    services: "app/Services/Contact/LifeEvent/CreateLifeEvent.php, UpdateLifeEvent.php",
    fields: [
      WriteField("contact_id", .value(FieldPath.contactID)),
      WriteField("life_event_type_id", .value(FieldPath(dotted: "life_event_type.id"))),
      .same("happened_at"), .same("name", fallback: .null), .same("note", fallback: .null),
      WriteField("has_reminder", .writeName, fallback: .bool(false), onUpdate: false),
      WriteField("happened_at_month_unknown", .writeName, fallback: .bool(false), onUpdate: false),
      WriteField("happened_at_day_unknown", .writeName, fallback: .bool(false), onUpdate: false),
    ],
    fixedOnUpdate: ["contact_id"])

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
    fixedOnUpdate: ["contact_id"])
}
