import MonicaKit

/// Monica's write rules, as MonicaKit's WriteRuleChecker applies them, `exists` decided on the
/// sandbox's rows.
extension StoreWriter {
  /// The tables that the catalogue's `exists:<table>,id` rules name, with the kind holding their rows.
  static let existsTables: [String: RecordKind] = [
    "contacts": .contact, "genders": .gender, "companies": .company, "activity_types": .activityType,
    "activity_type_categories": .activityTypeCategory, "contact_field_types": .contactFieldType,
    "relationship_types": .relationshipType,
  ]

  /// Monica's `exists:<table>,id` rule for a value: whether a row of the table holds it. Laravel's
  /// Exists rule queries the table alone, not the account; pet categories are Monica's fixed
  /// list (the sandbox seeds them, SeedData.petCategories).
  static func rowExists(_ contents: StoreContents, _ rule: String, _ value: JSONValue) -> Bool {
    let table = rule.dropFirst("exists:".count).split(separator: ",").first.map(String.init) ?? ""
    guard let id = value.intValue else { return false }
    if table == "pet_categories" { return (1...SeedData.petCategories.count).contains(id) }
    guard let kind = existsTables[table] else { return true }
    // Another account's row too (`--fixture-routes`): `exists` is not scoped to the account.
    return contents.rowExists(kind, id)
  }

  /// A validation of one create (`updating` false) or update of `kind` by Monica's rules for it
  /// (the catalogue's, checked by MonicaKit's WriteRuleChecker); the sandbox's own checks
  /// (archived contacts, route ids, files) come before or after it, as Monica runs them.
  func validation(_ kind: RecordKind, updating: Bool, _ input: JSONObject) -> Validation {
    validation(updating ? kind.writes?.updateRules : kind.writes?.createRules, input)
  }

  /// A validation of `input` by `rules`, `exists` decided on the sandbox's rows.
  func validation(_ rules: WriteRules?, _ input: JSONObject) -> Validation {
    var check = Validation(input)
    apply(rules, to: &check)
    return check
  }

  /// Adds to `check` what `rules` find in its input, after the messages it holds.
  func apply(_ rules: WriteRules?, to check: inout Validation) {
    let rows = contents
    if let rules { check.rules(rules) { Self.rowExists(rows, $1, $2) } }
  }
}
