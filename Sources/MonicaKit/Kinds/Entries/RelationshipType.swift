extension RecordKind {
  /// Relationship types (routes/api.php:125): read only, unsorted
  /// (ApiRelationshipTypeController.php:27-28).
  package static let relationshipType = RecordKind(
    object: "relationshiptype", name: "relationshiptypes", table: "relationship_types", singular: "relationship type",
    routes: [.list, .show],
    references: [KindReference("relationship_type_group_id", to: "relationshiptypegroup")],
    rule: .object(.relationshipType), display: KindDisplay(title: "name"), seeding: .reference, matching: .byName,
    listing: ListingShape(sorted: []))
}

extension ObjectShape {
  /// A relationship type (partner, child...); `delible` is cast to a boolean (RelationshipType.php:28-30).
  package static let relationshipType = ObjectShape(
    "relationship type", source: "app/Http/Resources/RelationshipType/RelationshipType.php:18-30",
    fields: head("relationshiptype", uuid: false) + [
      FieldRule("name", .string), FieldRule("name_reverse_relationship", .string),
      FieldRule("relationship_type_group_id", .nullable(.id)), FieldRule("delible", .boolean),
    ] + stamped,
    checks: [.timestampsInOrder])
}
