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

  /// The kind of `object` as the catalogue has it; `nil` when a migration does not know it.
  package static func named(_ object: String) -> MigrationKind? {
    guard let kind = RecordKind.named(object) else { return nil }
    let matching: Matching =
      switch kind.matching {
      case .created: .created
      case .byName: .byName
      case .global: .global
      case .notCopied: .notCopied
      }
    return MigrationKind(
      object: kind.object, path: kind.path, matching: matching,
      references: kind.references.map { MigrationReference($0.path, to: $0.object, byName: $0.byName) },
      writes: kind.writes)
  }
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

  /// Whether a write field of `mapping` reads this reference's path: only those are translated
  /// by a migration, and only those must point at a record the map (or the stream before) holds.
  package func isSent(by mapping: WriteMapping) -> Bool {
    let components = path.split(separator: ".").map { String($0.hasSuffix("[]") ? $0.dropLast(2) : $0) }
    if mapping.hasTags && components.first == "tags" { return false }
    return mapping.fields.contains { field in
      guard let path = field.source.path?.components else { return false }
      return components.starts(with: path)
    }
  }

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
