extension RecordKind {
  /// Relationship type groups (routes/api.php:122): read only, unsorted
  /// (ApiRelationshipTypeGroupController.php:27-28).
  package static let relationshipTypeGroup = RecordKind(
    object: "relationshiptypegroup", name: "relationshiptypegroups", table: "relationship_type_groups",
    singular: "relationship type group",
    routes: [.list, .show], rule: .object(.relationshipTypeGroup), display: KindDisplay(title: "name"),
    seeding: .reference, matching: .byName, listing: ListingShape(sorted: []))
}

extension ObjectShape {
  /// A group of relationship types: love, family, friend, work.
  package static let relationshipTypeGroup = ObjectShape(
    "relationship type group", source: "app/Http/Resources/RelationshipTypeGroup/RelationshipTypeGroup.php:18-28",
    fields: head("relationshiptypegroup", uuid: false) + [FieldRule("name", .string), FieldRule("delible", .boolean)]
      + stamped,
    checks: [.timestampsInOrder])
}
