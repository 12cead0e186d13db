/// What a record loses on its way to another instance through Monica's API: the values no create
/// or update route takes (read from the services and routes at v4.1.2), each as the phrase the
/// end-of-run summary counts, so that nothing is dropped without being said. The phrases are
/// the kinds' own (`RecordKind.losses`, in each kind's file under Entries/).
package enum MigrationLosses {
  /// Said once for every created record: Eloquent sets the timestamps of every row it inserts.
  package static let timestamps = "created_at and updated_at (the server sets them to the time of the migration)"

  /// The phrases for what `record`, of kind `object`, has that the target will not.
  package static func of(_ object: String, _ record: JSONObject) -> [String] {
    guard let kind = RecordKind.named(object) else { return [] }
    return kind.losses.filter { $0.holds(for: record) }.map(\.phrase)
  }

  /// Why Monica's API cannot create `record` at all, or `nil` when it can: said in the summary
  /// as a record not carried, with its reason, instead of a create the server would refuse.
  package static func uncreatable(_ object: String, _ record: JSONObject) -> String? {
    guard let kind = RecordKind.named(object) else { return nil }
    if let refusal = kind.uncreatable, refusal.holds(for: record) { return refusal.phrase }
    // A deleted contact's records stay listed, their contact null, until it is pruned a week
    // later (SoftDeletes, Contact.php:49,1585-1588): they belong to no one and are not made.
    if kind.owner != nil, kind != .task, record["contact"] == .null {
      return "records of a deleted contact (\"contact\": null: Monica lists them until the contact is pruned, "
        + "Contact.php:1585-1588)"
    }
    return nil
  }
}

/// One thing a kind's records can lose in a migration, and when a record has it.
package struct MigrationLoss: Sendable {
  /// When a record has something to lose.
  package enum Condition: Sendable {
    /// Every record.
    case always
    /// The value at this dotted path is given: not null, not empty, not false.
    case given(String)
    /// The value at this dotted path is `false`.
    case isFalse(String)
    /// The key at this dotted path is there, whatever its value.
    case present(String)
    /// The string at this dotted path is missing or white space only.
    case blank(String)
    /// The key at this dotted path is there and null.
    case isNull(String)
  }

  /// The phrase the summary counts.
  package let phrase: String
  /// When a record has it.
  package let condition: Condition

  init(_ phrase: String, when condition: Condition = .always) {
    self.phrase = phrase
    self.condition = condition
  }

  /// Whether `record` has something to lose.
  func holds(for record: JSONObject) -> Bool {
    let root = JSONValue.object(record)
    switch condition {
    case .always:
      return true
    case .given(let path):
      guard let value = root.value(at: FieldPath(dotted: path)) else { return false }
      switch value {
      case .null: return false
      case .string(let text): return !text.isEmpty
      case .bool(let flag): return flag
      case .array(let elements): return !elements.isEmpty
      case .object(let members): return members.members.contains { $0.value != .null }
      default: return true
      }
    case .isFalse(let path):
      return root.value(at: FieldPath(dotted: path)) == .bool(false)
    case .present(let path):
      return root.value(at: FieldPath(dotted: path)) != nil
    case .blank(let path):
      return (root.value(at: FieldPath(dotted: path))?.stringValue ?? "").trimmingWhiteSpace.isEmpty
    case .isNull(let path):
      return root.value(at: FieldPath(dotted: path)) == .null
    }
  }
}
