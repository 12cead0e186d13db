/// Relationships another contact holds to a contact with no reverse row: Monica lists a
/// contact's relationships by `contact_is` only (ApiRelationshipController.php:23-28, the contact
/// record's `information.relationships` likewise, Contact.php:324-327), so a row `C -> M` whose
/// reverse `M -> C` does not exist is seen only in C's list, and `DestroyContact` deletes it with
/// M (DestroyContact.php:64-71). Such a row exists when its type's reverse type is not the
/// account's (CreateRelationship.php:51-55 makes no reverse then, RelationshipType.php:57-60), or
/// when it came from an import or an older version.
extension MergeContact {
  /// Takes, from other contacts' relationship lists, the rows pointing at this contact that are
  /// not the reverse of one of its own rows (its `relationship` list must be added first; one
  /// call per other contact's list): a row
  /// `C -> self` of a type whose reverse is named R is the reverse of a row `self -> C` of type R,
  /// each of its own rows standing for one such row only (Relationship.php:85-98).
  package mutating func addInbound(_ rows: [JSONObject]) {
    var own: [String: Int] = [:]
    for row in records[RecordKind.relationship.object] ?? [] {
      guard let to = row["of_contact"]?["id"]?.intValue else { continue }
      own["\(to)|" + (row["relationship_type"]?["name"]?.stringValue ?? ""), default: 0] += 1
    }
    for row in rows where row["of_contact"]?["id"]?.intValue == id {
      guard let rowID = row["id"]?.intValue, row["contact_is"]?["id"]?.intValue != id,
        !inbound.contains(where: { $0["id"]?.intValue == rowID })
      else { continue }
      let key = Self.reverseKey(of: row)
      if let count = own[key], count > 0 {
        own[key] = count - 1
      } else {
        inbound.append(row)
      }
    }
  }

  /// The key of the own row a row `C -> self` is the reverse of: `C|<its type's reverse name>`.
  static func reverseKey(of row: JSONObject) -> String {
    let from = row["contact_is"]?["id"]?.intValue ?? 0
    return "\(from)|" + (row["relationship_type"]?["name_reverse_relationship"]?.stringValue ?? "\u{0}")
  }
}
