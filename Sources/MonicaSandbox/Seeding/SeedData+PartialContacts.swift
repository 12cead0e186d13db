import MonicaKit

extension SeedData {
  /// Monica makes a partial contact only as the other side of a relationship
  /// (app/Services/Contact/Relationship): each partial contact nobody is related to becomes the
  /// child of the nearest real contact before it, so that the API can reach it.
  static func linkPartials(_ contents: inout StoreContents, seed: UInt64, count: Int) {
    let contacts = contents[.contact].all
    var related: Set<Int> = []
    var lastID = 0
    for contact in contacts {
      for group in contact["information"]?["relationships"]?.objectValue?.members ?? [] {
        for element in group.value["contacts"]?.arrayValue ?? [] {
          if let other = element["contact"]?["id"]?.intValue { related.insert(other) }
          lastID = max(lastID, element["relationship"]?["id"]?.intValue ?? 0)
        }
      }
    }
    let reach = min(count, contactsWithItems)
    // Each pair of rows takes two ids, the reverse one even (SeedData.make reserves it).
    lastID += lastID % 2
    for partial in contacts where partial["is_partial"]?.boolValue == true {
      guard let id = partial["id"]?.intValue, !related.contains(id) else { continue }
      var owner = min(id, reach + 1) - 1
      while owner > 0, contents[.contact].records[owner]?["is_partial"]?.boolValue != false { owner -= 1 }
      guard owner > 0, var record = contents[.contact].records[owner],
        var information = record["information"]?.objectValue,
        var groups = information["relationships"]?.objectValue, var family = groups["family"]?.objectValue
      else { continue }
      var random = SplitMix64(seed: seed, stream: 7, index: UInt64(id))
      lastID += 2
      let relation = RelationshipResource.short(
        id: lastID - 1, uuid: .string(random.uuid()), name: .string("child"),
        contact: ContactShortResource.json(fromFull: partial, avatar: contents.partialAvatars[id]))
      let members = (family["contacts"]?.arrayValue ?? []) + [relation]
      (family["total"], family["contacts"]) = (.int(members.count), .array(members))
      groups["family"] = .object(family)
      information["relationships"] = .object(groups)
      record["information"] = .object(information)
      contents[.contact].put(owner, record)
    }
  }

}
