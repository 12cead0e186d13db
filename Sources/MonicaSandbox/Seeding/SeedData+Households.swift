import Foundation
import MonicaKit

/// Who shares what in the seeded account: only people who live together do (issue 38). A household
/// is the contacts joined by the seeded relationships of the love and family groups (a couple, a
/// parent and a child), named by its first member's id; its members share a landline, and an
/// address when they have one. Every other seeded contact has a phone, an e-mail and an address of
/// its own: two strangers never share a value that says "the same person". The real duplicates of
/// `--duplicates` (SeedData+Duplicates.swift) are added apart.
extension SeedData {
  /// The groups whose relationships make a household.
  static let householdGroups = ["love", "family"]

  /// Each contact's household: the lowest id among the contacts its love and family
  /// relationships join it to, its own id when it has none.
  static func households(_ facts: [ContactFacts]) -> [Int: Int] {
    var parent: [Int: Int] = [:]
    func root(_ id: Int) -> Int {
      var id = id
      while let next = parent[id], next != id { id = next }
      return id
    }
    for fact in facts {
      for group in householdGroups {
        for element in fact.relationships[group] ?? [] {
          guard let other = element["contact"]?["id"]?.intValue else { continue }
          let (one, two) = (root(fact.id), root(other))
          if one != two { parent[max(one, two)] = min(one, two) }
        }
      }
    }
    return Dictionary(facts.map { ($0.id, root($0.id)) }, uniquingKeysWith: { first, _ in first })
  }

  /// The landline of a household: one number per household, never another's.
  static func landline(_ household: Int) -> String { "+1 555 " + String(format: "%04d", household) }

  /// The street of a household's address, numbered by the household: `(n)` in the template.
  static func street(_ template: String, household: Int) -> String {
    template.replacingOccurrences(of: "(n)", with: String(household))
  }

  /// Gives every seeded phone its household's landline (`contactFields`, type 2: Phone).
  static func shareLandlines(_ contents: inout StoreContents, households: [Int: Int]) {
    for (contact, fields) in contents.contactFields {
      let landline = JSONValue.string(landline(households[contact] ?? contact))
      contents.contactFields[contact] = fields.map { field in
        guard var record = field.objectValue, record["contact_field_type"]?["id"] == .int(2) else { return field }
        record["content"] = landline
        return .object(record)
      }
    }
  }
}
