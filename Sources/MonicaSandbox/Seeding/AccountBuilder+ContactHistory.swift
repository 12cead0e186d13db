import Foundation
import MonicaKit

/// The records a seeded contact has beside its notes and tasks: relationships (both rows), life
/// events, documents and occupations.
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

  mutating func lifeEvent(_ short: JSONValue, _ random: inout SplitMix64, after created: Int) {
    let id = id(.lifeEvent)
    let key = random.pick(SeedData.lifeEvents)
    let type = SeedData.lifeEventType(SeedData.lifeEventTypeID(key: key)) ?? JSONObject()
    let happened = UTCTime.seconds(year: 2015 + random.below(8), month: 1 + random.below(12), day: 1 + random.below(28))
    put(
      .lifeEvent, id,
      LifeEventResource.json(
        id: id, uuid: .string(random.uuid()), name: type["name"] ?? .null,
        note: random.chance(40) ? "What a day!" : nil, happened: happened, type: type, contact: short,
        created: stamp(created + 900), updated: stamp(created + 900)))
  }

  mutating func document(_ short: JSONValue, _ random: inout SplitMix64, at time: Int) {
    let id = id(.document)
    let (original, type, mime) = random.pick(SeedData.documents)
    let stored = "documents/\(random.hex(20)).\(original.split(separator: ".").last ?? "bin")"
    put(
      .document, id,
      DocumentResource.json(
        id: id, uuid: .string(random.uuid()), originalName: original, storedName: stored,
        size: 1_024 + random.below(400_000), type: type, mimeType: mime, downloads: random.below(5),
        link: "\(filesURL)/\(stored)", baseURL: baseURL, contact: short, created: stamp(time),
        updated: stamp(time)))
  }

  mutating func occupation(_ short: JSONValue, _ random: inout SplitMix64, at time: Int) {
    let companyName = random.pick(["Acme Corp", "Initech", "Globex", "Société Générale"])
    var company = contents[.company].all.first { $0["name"]?.stringValue == companyName }
    if company == nil {
      let companyID = id(.company)
      let made = CompanyResource.json(
        id: companyID, name: companyName,
        website: random.chance(50) ? "https://www.example.com/\(companyID)" : nil,
        employees: random.chance(50) ? 10 * (1 + random.below(500)) : nil, created: stamp(time), updated: stamp(time))
      put(.company, companyID, made)
      company = made
    }
    let id = id(.occupation)
    let current = random.chance(60)
    let started = UTCTime.seconds(year: 2010 + random.below(10), month: 1 + random.below(12), day: 1)
    put(
      .occupation, id,
      OccupationResource.json(
        id: id, title: random.pick(["Engineer", "Designer", "Nurse"]),
        description: random.chance(30) ? "Leads the night shift" : nil,
        salary: random.chance(40) ? 30_000 + 1_000 * random.below(60) : nil,
        salaryUnit: random.chance(40) ? "year" : nil, current: current, start: UTCTime.date(started),
        end: current ? nil : UTCTime.date(started + 86_400 * 400), company: company.map(JSONValue.object) ?? .null,
        contact: short, created: stamp(time), updated: stamp(time)))
  }
}
