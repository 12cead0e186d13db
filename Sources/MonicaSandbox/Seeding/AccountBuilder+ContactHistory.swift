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
        JSONObject([
          "id": .int(id), "uuid": uuid, "object": .string("relationship"), "contact_is": from,
          "relationship_type": .object(SeedData.relationshipType(type)), "of_contact": to,
          "url": .string("\(baseURL)/api/relationships/\(id)"), "account": account, "created_at": stamp,
          "updated_at": stamp,
        ]))
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
      JSONObject([
        "id": .int(id), "uuid": .string(random.uuid()), "object": .string("lifeevent"), "name": type["name"] ?? .null,
        "note": random.chance(40) ? .string("What a day!") : .null, "happened_at": stamp(happened),
        "life_event_type": .object(type), "account": account, "contact": short, "created_at": stamp(created + 900),
        "updated_at": stamp(created + 900),
      ]))
  }

  mutating func document(_ short: JSONValue, _ random: inout SplitMix64, at time: Int) {
    let id = id(.document)
    let (original, type, mime) = random.pick(SeedData.documents)
    let stored = "documents/\(random.hex(20)).\(original.split(separator: ".").last ?? "bin")"
    put(
      .document, id,
      JSONObject([
        "id": .int(id), "uuid": .string(random.uuid()), "object": .string("document"),
        "original_filename": .string(original), "new_filename": .string(stored),
        "filesize": .int(1_024 + random.below(400_000)), "type": .string(type), "mime_type": .string(mime),
        "number_of_downloads": .int(random.below(5)), "link": .string("\(baseURL)/store/\(stored)"),
        "url": .string("\(baseURL)/api/documents/\(id)"), "account": account, "contact": short,
        "created_at": stamp(time), "updated_at": stamp(time),
      ]))
  }

  mutating func occupation(_ short: JSONValue, _ random: inout SplitMix64, at time: Int) {
    let companyName = random.pick(["Acme Corp", "Initech", "Globex", "Société Générale"])
    var company = contents[.company].all.first { $0["name"]?.stringValue == companyName }
    if company == nil {
      let companyID = id(.company)
      let made = JSONObject([
        "id": .int(companyID), "object": .string("company"), "name": .string(companyName),
        "website": random.chance(50) ? .string("https://www.example.com/\(companyID)") : .null,
        "number_of_employees": random.chance(50) ? .int(10 * (1 + random.below(500))) : .null,
        "account": account, "created_at": stamp(time), "updated_at": stamp(time),
      ])
      put(.company, companyID, made)
      company = made
    }
    let id = id(.occupation)
    let current = random.chance(60)
    let started = UTCTime.seconds(year: 2010 + random.below(10), month: 1 + random.below(12), day: 1)
    put(
      .occupation, id,
      JSONObject([
        "id": .int(id), "object": .string("occupation"),
        "title": .string(random.pick(["Engineer", "Designer", "Nurse"])),
        "description": random.chance(30) ? .string("Leads the night shift") : .null,
        "salary": random.chance(40) ? .int(30_000 + 1_000 * random.below(60)) : .null,
        "salary_unit": random.chance(40) ? .string("year") : .null, "currently_works_here": .bool(current),
        "start_date": .string(UTCTime.date(started)),
        "end_date": current ? .null : .string(UTCTime.date(started + 86_400 * 400)),
        "company": company.map(JSONValue.object) ?? .null, "account": account, "contact": short,
        "created_at": stamp(time), "updated_at": stamp(time),
      ]))
  }
}
