import MonicaKit

/// A relationship as the API renders it (app/Http/Resources/Relationship/Relationship.php:23-36),
/// and as a contact lists it (RelationshipShort.php:21-28); for seeding and writing.
enum RelationshipResource: Sendable {
  /// A relationship row of type `type` (a RelationshipTypeResource) between two short contacts.
  static func json(
    id: Int, uuid: JSONValue, contactIs: JSONValue, type: JSONObject, ofContact: JSONValue, baseURL: String,
    created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.relationship.object), "contact_is": contactIs,
      "relationship_type": .object(type), "of_contact": ofContact,
      "url": .string(baseURL + "/api" + RecordKind.relationship.path(of: id)), "account": RecordShapes.accountJSON(1),
      "created_at": created, "updated_at": updated,
    ])
  }

  /// A row as a contact's `information.relationships.<group>.contacts` lists it
  /// (RelationshipShortResource): the row's id, uuid and type name, and the other contact.
  static func short(id: Int, uuid: JSONValue, name: JSONValue, contact: JSONValue) -> JSONValue {
    .object(
      JSONObject([
        "relationship": .object(JSONObject(["id": .int(id), "uuid": uuid, "name": name])), "contact": contact,
      ]))
  }
}

/// A relationship type (app/Http/Resources/RelationshipType/RelationshipType.php:21-33) and a
/// type group (RelationshipTypeGroup/RelationshipTypeGroup.php:21-31), as the account set-up
/// makes them.
enum RelationshipTypeResource {
  /// A type of group `group` (1-based, `RecordShapes.relationshipGroups`).
  static func json(id: Int, name: String, reverse: String, group: Int, created: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string(RecordKind.relationshipType.object), "name": .string(name),
      "name_reverse_relationship": .string(reverse), "relationship_type_group_id": .int(group),
      "delible": .bool(false), "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": created,
    ])
  }

  /// A group (`love`, `family`, `friend`, `work`).
  static func group(id: Int, name: String, created: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string(RecordKind.relationshipTypeGroup.object), "name": .string(name),
      "delible": .bool(false),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": created,
    ])
  }
}
