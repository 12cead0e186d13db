import MonicaKit

/// Relationship types: matched by name on the target (the API cannot create one); the names the
/// source has are noted for `RelationshipStep`, which refuses a row whose reverse type the source
/// lacks.
enum RelationshipTypeStep: MigrationStep {
  static func notice(_ line: MigrationLine, in migration: Migration) {
    guard let name = line.record["name"]?.stringValue else { return }
    migration.relations.sourceRelationshipTypes = (migration.relations.sourceRelationshipTypes ?? []).union([name])
  }
}
