import Foundation
import MonicaKit

/// The relationship rows of a seeded contact (both rows), which its own record already shows.
extension AccountBuilder {
  /// The relationship records behind the relationships a full contact shows (their ids and uuids),
  /// and the reverse rows of its relationships with partial contacts, which show none
  /// (CreateRelationship.php:51-55 makes both; the reverse takes the next id).
  mutating func relationships(of contact: JSONObject, short: JSONValue) {
    guard case .object(let groups)? = contact["information"]?["relationships"] else { return }
    let stamp = contact["created_at"] ?? .null
    func row(_ id: Int, _ uuid: JSONValue, _ type: Int, _ from: JSONValue, _ to: JSONValue) {
      put(
        .relationship, id,
        RelationshipResource.json(
          id: id, uuid: uuid, contactIs: from, type: SeedData.relationshipType(type), ofContact: to, baseURL: baseURL,
          created: stamp, updated: stamp))
    }
    for group in groups.members {
      for element in group.value["contacts"]?.arrayValue ?? [] {
        guard let relation = element["relationship"], let id = relation["id"]?.intValue,
          let name = relation["name"]?.stringValue,
          let type = SeedData.relationshipTypes.firstIndex(where: { $0.0 == name }),
          let other = element["contact"]
        else { continue }
        row(id, relation["uuid"] ?? .null, type + 1, short, other)
        let reverse = SeedData.reverseName(of: name)
        guard other["is_partial"]?.boolValue == true,
          let back = SeedData.relationshipTypes.firstIndex(where: { $0.0 == reverse })
        else { continue }
        var random = SplitMix64(seed: seed, stream: 8, index: UInt64(id + 1))
        row(id + 1, .string(random.uuid()), back + 1, other, short)
      }
    }
  }
}
