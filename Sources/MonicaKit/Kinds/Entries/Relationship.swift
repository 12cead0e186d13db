extension RecordKind {
  /// Relationships (routes/api.php:35-38): only one contact's, where it is `contact_is`, all at
  /// once without pagination (`->get()`, ApiRelationshipController.php:27-35).
  package static let relationship = RecordKind(
    object: "relationship", name: "relationships", routes: [.show, .create, .update, .delete, .nested],
    references: [
      KindReference("contact_is.id", to: "contact"), KindReference("of_contact.id", to: "contact"),
      KindReference("relationship_type.id", to: "relationshiptype"),
    ],
    writes: .relationship, rule: .object(.relationship),
    display: KindDisplay(contact: "of_contact", date: "updated_at"),
    seeding: .perContact(below: 2), deletesWithStringID: true,  // ApiRelationshipController.php:109,122
    listing: ListingShape(paginated: false, sorted: []),
    deleteRules: WriteRules(
      "app/Services/Contact/Relationship/DestroyRelationship.php",
      [("relationship_id", "required|integer|exists:relationships,id", "22")], route: ["relationship_id"]))
}

extension ObjectShape {
  /// A relationship of one contact to another.
  package static let relationship = ObjectShape(
    "relationship", source: "app/Http/Resources/Relationship/Relationship.php:21-35",
    fields: head("relationship") + [
      FieldRule("contact_is", .object(.shortContact)), FieldRule("relationship_type", .object(.relationshipType)),
      FieldRule("of_contact", .object(.shortContact)), FieldRule("url", .url),
    ] + stamped,
    checks: [.timestampsInOrder])
}

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
    fixedOnUpdate: ["contact_is", "of_contact"],
    create: WriteRules(
      "app/Services/Contact/Relationship/CreateRelationship.php",
      [
        ("contact_is", "required|integer|exists:contacts,id", "21"),
        ("of_contact", "required|integer|exists:contacts,id", "22"),
        ("relationship_type_id", "required|integer|exists:relationship_types,id", "23"),
      ]),
    update: WriteRules(
      "app/Services/Contact/Relationship/UpdateRelationship.php",
      [
        ("relationship_id", "required|integer|exists:relationships,id", "20"),
        ("relationship_type_id", "required|integer|exists:relationship_types,id", "21"),
      ], route: ["relationship_id"]))
}
