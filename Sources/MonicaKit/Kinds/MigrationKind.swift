/// How `monica-push --create --map` brings one kind of record to another instance: whether it is
/// created or matched by name, where its records refer to others, and how it is written.
///
/// The references and the matching are the catalogue's (issue 13's one table of kinds); this is
/// the view of them that a migration needs.
package struct MigrationKind: Sendable {
  /// How the target comes by the kind's records.
  package enum Matching: Sendable, Equatable {
    /// Each record is created on the target.
    case created
    /// The target's record of the same `name`, else a new one (tags, genders, activity types).
    case byName
    /// The same records with the same ids everywhere (countries, currencies, emotions).
    case global
    /// Neither created nor matched: the target keeps its own (the user, audit logs).
    case notCopied
  }

  /// The records' `object`.
  package let object: String
  /// The collection's path below `/api`: `/tags`.
  package let path: String
  /// How the target comes by its records.
  package let matching: Matching
  /// The places in a record that refer to other records.
  package let references: [MigrationReference]
  /// How a record is created, `nil` when the API has no create this toolset sends.
  package let writes: WriteMapping?

  package init(
    object: String, path: String, matching: Matching = .created, references: [MigrationReference] = [],
    writes: WriteMapping?
  ) {
    self.object = object
    self.path = path
    self.matching = matching
    self.references = references
    self.writes = writes
  }

  /// The kind of `object`, `nil` when a migration does not know it.
  package static func named(_ object: String) -> MigrationKind? { all.first { $0.object == object } }

  /// The kinds a migration knows, in the order `--all` streams them.
  package static let all: [MigrationKind] = [
    MigrationKind(object: "tag", path: "/tags", matching: .byName, writes: .tag),
    MigrationKind(object: "gender", path: "/genders", matching: .byName, writes: nil),
    MigrationKind(object: "activityType", path: "/activitytypes", matching: .byName, writes: nil),
    MigrationKind(object: "contactfieldtype", path: "/contactfieldtypes", matching: .byName, writes: nil),
    MigrationKind(
      object: "contact", path: "/contacts",
      references: [
        MigrationReference("tags[].id", to: "tag"), MigrationReference("gender", to: "gender", byName: true),
      ],
      writes: .contact),
    MigrationKind(
      object: "activity", path: "/activities",
      references: [
        MigrationReference("attendees.contacts[].id", to: "contact"),
        MigrationReference("activity_type.id", to: "activityType"),
      ],
      writes: .activity),
    MigrationKind(
      object: "note", path: "/notes", references: [MigrationReference("contact.id", to: "contact")], writes: .note),
    MigrationKind(
      object: "task", path: "/tasks", references: [MigrationReference("contact.id", to: "contact")], writes: .task),
    MigrationKind(
      object: "photo", path: "/photos", references: [MigrationReference("contact.id", to: "contact")], writes: nil),
    MigrationKind(
      object: "gift", path: "/gifts",
      references: [
        MigrationReference("contact.id", to: "contact"), MigrationReference("recipient.id", to: "contact"),
        MigrationReference("photos[].id", to: "photo"),
      ],
      writes: .gift),
    MigrationKind(object: "user", path: "/me", matching: .notCopied, writes: nil),
    MigrationKind(object: "country", path: "/countries", matching: .global, writes: nil),
    MigrationKind(object: "currency", path: "/currencies", matching: .global, writes: nil),
    MigrationKind(object: "auditlog", path: "/logs", matching: .notCopied, writes: nil),
  ]
}

/// A place in a record that holds the id (or, `byName`, the name) of another record:
/// `contact.id`, `attendees.contacts[].id` (each element's), `gender` (a name).
package struct MigrationReference: Sendable, Equatable, CustomStringConvertible {
  /// The dotted path; `[]` after a key walks each element of that array.
  package let path: String
  /// The `object` of the kind referred to.
  package let object: String
  /// Whether the path holds the record's name rather than its id.
  package let byName: Bool

  package init(_ path: String, to object: String, byName: Bool = false) {
    self.path = path
    self.object = object
    self.byName = byName
  }

  package var description: String { "\(path) -> \(object)" }

  /// The values at the path, in order, `null`s left out.
  package func values(in record: JSONValue) -> [JSONValue] {
    var found: [JSONValue] = []
    _ = rewriting(record) { value in
      found.append(value)
      return value
    }
    return found
  }

  /// The record with every non-null value at the path replaced by `change(value)`.
  package func rewriting<E: Error>(_ record: JSONValue, _ change: (JSONValue) throws(E) -> JSONValue) throws(E)
    -> JSONValue
  {
    let steps = path.split(separator: ".").map(String.init)
    func walk(_ value: JSONValue, _ rest: ArraySlice<String>) throws(E) -> JSONValue {
      guard let step = rest.first else { return value == .null ? value : try change(value) }
      let each = step.hasSuffix("[]")
      let key = each ? String(step.dropLast(2)) : step
      guard case .object(var object) = value, let inner = object[key] else { return value }
      if each {
        guard case .array(let elements) = inner else { return value }
        var changed: [JSONValue] = []
        for element in elements { changed.append(try walk(element, rest.dropFirst())) }
        object[key] = .array(changed)
      } else {
        object[key] = try walk(inner, rest.dropFirst())
      }
      return .object(object)
    }
    return try walk(record, steps[...])
  }
}
