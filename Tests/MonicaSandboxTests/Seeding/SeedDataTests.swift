import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

@Suite("SeedData")
struct SeedDataTests {
  @Test("the same seed gives the same bytes; another seed differs")
  func determinism() {
    let a = SeedData.make(seed: 7, contacts: 50, baseURL: "http://127.0.0.1:1")
    let b = SeedData.make(seed: 7, contacts: 50, baseURL: "http://127.0.0.1:1")
    let c = SeedData.make(seed: 8, contacts: 50, baseURL: "http://127.0.0.1:1")
    let bytes = { (s: StoreContents) in s[.contact].all.map { JSONWriter.monica.bytes(.object($0)) } }
    #expect(bytes(a) == bytes(b))
    #expect(bytes(a) != bytes(c))
  }

  @Test("full contacts carry Monica's keys in order; partial ones lack keys")
  func contactShapes() {
    let contents = SeedData.make(seed: 1, contacts: 200, baseURL: "http://127.0.0.1:1")
    let full = contents[.contact].all.first { $0["is_partial"]?.boolValue == false }
    #expect(
      full?.keys == [
        "id", "uuid", "object", "hash_id", "first_name", "last_name", "nickname", "complete_name", "initials",
        "description", "gender", "gender_type", "is_starred", "is_partial", "is_active", "is_dead", "is_me",
        "last_called", "last_activity_together", "stay_in_touch_frequency", "stay_in_touch_trigger_date",
        "information", "addresses", "tags", "statistics", "url", "account", "created_at", "updated_at",
      ])
    let partial = contents[.contact].all.first { $0["is_partial"]?.boolValue == true }
    #expect(partial?["url"] == nil && partial?["information"]?.objectValue?.keys == ["dates"])
    let dead = contents[.contact].all.first { $0["is_dead"]?.boolValue == true }
    #expect(dead?["complete_name"]?.stringValue?.hasSuffix(" ⚰") == true)
  }

  @Test("the initials' table holds ICU's ASCII form of each non-ASCII first letter of the seeded names")
  func initialForms() {
    var letters: Set<Character> = ["⚰"]
    for name in SeedData.names {
      for word in name.split(separator: " ") where word.first?.isASCII == false { letters.insert(word.first ?? " ") }
    }
    #expect(Set(SeedData.initialASCIIForms.keys) == letters)
    let transform = StringTransform("Any-Latin; Latin-ASCII")
    for (letter, form) in SeedData.initialASCIIForms {
      #expect(form == String(letter).applyingTransform(transform, reverse: false), "\(letter)")
    }
  }

  @Test("a seeded stream's uuid and hex digits stay those of every earlier release")
  func pinnedDraws() {
    // Contact 1 of seed 1 as seeded since the start: SeedData.contactFacts draws its creation
    // time, then its uuid.
    var random = SplitMix64(seed: 1, stream: 1, index: 1)
    _ = random.below(1_800)
    #expect(random.uuid() == "9eabed80-ddf0-40a6-921a-48ff38282bba")
    let contents = SeedData.make(seed: 1, contacts: 1, baseURL: "http://127.0.0.1:1")
    #expect(contents[.contact].records[1]?["uuid"] == .string("9eabed80-ddf0-40a6-921a-48ff38282bba"))
    #expect(contents[.contact].records[1]?["hash_id"] == .string("h:GmmQSSNF"))
    var other = SplitMix64(seed: 42)
    #expect(other.hex(40).count == 40 && other.hex(0).isEmpty)
  }

  @Test("a contact's short form made from the part of it that it reads is the one made from the whole")
  func shortSource() {
    let urls = SeedURLs(base: "http://127.0.0.1:1", gravatar: "http://127.0.0.1:2")
    let facts = (1...300).map { SeedData.contactFacts(index: $0, seed: 5, count: 300, urls: urls) }
    #expect(facts.contains(where: \.isPartial) && facts.contains(where: \.isDead))
    for contact in facts {
      let avatar = ContactResource.avatar(contact)
      #expect(
        ContactShortResource.json(fromFull: ContactResource.shortSource(contact), avatar: avatar)
          == ContactShortResource.json(fromFull: ContactResource.json(contact), avatar: avatar))
    }
  }

  @Test("photos carry a valid PNG data URL")
  func photoData() throws {
    let contents = SeedData.make(seed: 1, contacts: 100, baseURL: "http://127.0.0.1:1")
    let photo = try #require(contents[.photo].all.first)
    #expect(photo["dataUrl"]?.stringValue?.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
    let png = TinyImage.png(red: 1, green: 2, blue: 3, size: 2)
    #expect(TinyImage.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    #expect(Array(png.suffix(4)) == [0xAE, 0x42, 0x60, 0x82])
  }

  @Test("people share a phone or an address only within a household (a couple, a parent and a child)")
  func sharedOnlyByHouseholds() throws {
    let contents = SeedData.make(seed: 1, contacts: 600, baseURL: "http://127.0.0.1:1")
    // The households as the relationship records say, independently of the seeding's own.
    var linked: [Int: Set<Int>] = [:]
    for row in contents[.relationship].all {
      let group = row["relationship_type"]?["relationship_type_group_id"]?.intValue ?? 0
      guard group == 1 || group == 2, let one = row["contact_is"]?["id"]?.intValue,
        let two = row["of_contact"]?["id"]?.intValue
      else { continue }
      linked[one, default: []].insert(two)
      linked[two, default: []].insert(one)
    }
    func household(_ start: Int) -> Set<Int> {
      var seen: Set<Int> = [start]
      var pending = [start]
      while let next = pending.popLast() {
        for other in linked[next] ?? [] where seen.insert(other).inserted { pending.append(other) }
      }
      return seen
    }
    var byValue: [String: Set<Int>] = [:]
    for (contact, fields) in contents.contactFields {
      for field in fields { byValue["field " + (field["content"]?.stringValue ?? ""), default: []].insert(contact) }
    }
    for address in contents[.address].all {
      let key = "address \(address["street"]?.stringValue ?? "") \(address["city"]?.stringValue ?? "")"
      if let contact = address["contact"]?["id"]?.intValue { byValue[key, default: []].insert(contact) }
    }
    let shared = byValue.filter { $0.value.count > 1 }
    #expect(!shared.isEmpty, "a household shares its landline")
    for (value, contacts) in shared {
      let first = try #require(contacts.min())
      #expect(contacts.isSubset(of: household(first)), "\(value) is shared by \(contacts.sorted()), strangers")
    }
  }

  @Test("a contact's activities are counted through every attendee, as Monica's pivot does (Contact.php:224-227)")
  func activitiesThroughEveryAttendee() throws {
    let contents = SeedData.make(seed: 1, contacts: 200, baseURL: "http://127.0.0.1:1")
    var count: [Int: Int] = [:]
    var last: [Int: String] = [:]
    var guests = 0
    for activity in contents[.activity].all {
      let attendees = activity["attendees"]?["contacts"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
      guests += max(0, attendees.count - 1)
      for id in attendees {
        count[id, default: 0] += 1
        last[id] = max(last[id] ?? "", activity["happened_at"]?.stringValue ?? "")
      }
    }
    #expect(guests > 10)
    for contact in contents[.contact].all where contact["is_partial"] == .bool(false) {
      let id = try #require(contact["id"]?.intValue)
      #expect(contact["statistics"]?["number_of_activities"]?.intValue == count[id] ?? 0, "contact \(id)")
      let expected: JSONValue = last[id].map { .string($0 + "T00:00:00.000000Z") } ?? .null
      #expect(contact["last_activity_together"] == expected, "contact \(id)")
    }
  }
}

@Suite("SeedData's urls")
struct SeedURLsTests {
  @Test("seeding at the served urls gives what seeding and then rewriting every string gave")
  func seededAtTheirURLs() throws {
    let base = "http://127.0.0.1:1"
    let gravatar = "http://127.0.0.1:2"
    for publicStorage in [false, true] {
      let seeded = SeedData.make(
        seed: 3, contacts: 120, urls: SeedURLs(base: base, publicStorage: publicStorage, gravatar: gravatar))
      var rewritten = SeedData.make(
        seed: 3, contacts: 120, urls: SeedURLs(base: base, gravatar: GravatarOrigin.realBase))
      StoreFile.rebase(&rewritten, from: GravatarOrigin.realBase, to: gravatar)
      if publicStorage { StoreFile.rebase(&rewritten, from: base + "/store/", to: base + "/storage/") }
      #expect(try Self.bytes(seeded) == Self.bytes(rewritten))
      let photo = try #require(seeded[.photo].all.first?["link"]?.stringValue)
      #expect(photo.hasPrefix(base + (publicStorage ? "/storage/" : "/store/")))
      #expect(
        seeded[.contact].all.contains { $0["information"]?["avatar"]?["url"]?.stringValue?.hasPrefix(gravatar) == true }
      )
    }
  }

  /// The state file the sandbox would write.
  static func bytes(_ contents: StoreContents) throws -> Data {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString).ndjson").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try StoreFile.save(contents, baseURL: "http://127.0.0.1:1", to: path)
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }
}
