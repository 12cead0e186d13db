import MonicaKit

/// The rest of the account: Monica's reference data (genders, activity and relationship types,
/// contact field types, countries, currencies) and the records about contacts beyond notes,
/// tasks, gifts and photos, each in its resource's exact shape (app/Http/Resources at v4.1.2).
///
/// Each contact draws from its own random stream (5), so adding these leaves the first eight
/// kinds' records as they were; only a contact's `addresses` and its statistics of calls,
/// reminders and debts follow what is seeded here, as Monica computes them.
extension SeedData {
  /// When the account was set up: its reference data's timestamps (as the seeded contact fields').
  static let setUp = JSONValue.string(UTCTime.timestamp(UTCTime.seconds(year: 2020, month: 1, day: 1) - 86_400 * 30))
  private static let account = RecordShapes.accountJSON(1)

  /// The rows every instance has, with the same ids: currencies (all 153, `currencyRows`) and countries
  /// (a few of them, sorted by name as CountriesHelper::getAll sorts them).
  package static func reference(_ kind: RecordKind) -> [JSONObject] {
    switch kind {
    case .currency: return currencies
    case .country:
      return countries.map { iso, name in
        JSONObject(["id": .string(iso), "object": .string("country"), "name": .string(name), "iso": .string(iso)])
      }
    default:
      return []
    }
  }

  private static let countries = [
    ("AU", "Australia"), ("BR", "Brazil"), ("CA", "Canada"), ("CN", "China"), ("FR", "France"), ("DE", "Germany"),
    ("IL", "Israel"), ("IT", "Italy"), ("JP", "Japan"), ("MX", "Mexico"), ("NG", "Nigeria"), ("PL", "Poland"),
    ("KR", "South Korea"), ("ES", "Spain"), ("GB", "United Kingdom"), ("US", "United States"),
  ]

  /// The relationship types, as the account set-up creates them: name, reverse name, group.
  static let relationshipTypes: [(String, String, Int)] = [
    ("partner", "partner", 1), ("spouse", "spouse", 1), ("child", "parent", 2), ("parent", "child", 2),
    ("sibling", "sibling", 2), ("friend", "friend", 3), ("bestfriend", "bestfriend", 3),
    ("colleague", "colleague", 4), ("boss", "subordinate", 4),
  ]

  private static let fieldTypes: [(String, String?, String?, String?)] = [
    ("Email", "fa fa-envelope-open-o", "mailto:", "email"), ("Phone", "fa fa-volume-control-phone", "tel:", "phone"),
    ("Facebook", "fa fa-facebook-official", nil, nil), ("Twitter", "fa fa-twitter-square", nil, nil),
    ("Whatsapp", "fa fa-whatsapp", nil, nil), ("Telegram", "fa fa-telegram", "telegram:", nil),
    ("LinkedIn", "fa fa-linkedin-square", nil, nil),
  ]

  /// A contact field type (ContactFieldTypeResource); Email and Phone as contact fields embed them.
  static func contactFieldType(_ id: Int) -> JSONObject {
    let (name, icon, link, type) = fieldTypes[id - 1]
    return JSONObject([
      "id": .int(id), "uuid": .string("00000000-0000-4000-8000-0000000000f\(id)"),
      "object": .string("contactfieldtype"), "name": .string(name), "fontawesome_icon": .string(icon),
      "protocol": .string(link), "delible": .bool(id > 2), "type": .string(type), "account": account,
      "created_at": setUp, "updated_at": setUp,
    ])
  }

  /// Seeds every kind beyond the first eight into `contents`, whose contacts are already there.
  static func seedAccount(_ contents: inout StoreContents, seed: UInt64, count: Int, baseURL: String) {
    seedReference(&contents)
    linkPartials(&contents, seed: seed, count: count)
    var builder = AccountBuilder(contents: contents, seed: seed, baseURL: baseURL)
    for index in 1...max(1, min(count, contactsWithItems)) where index <= count {
      builder.seedContact(index)
    }
    // Contacts past those with items have relationship rows too: the reverse of others' rows.
    for contact in contents[.contact].all
    where (contact["id"]?.intValue ?? 0) > contactsWithItems && contact["is_partial"]?.boolValue == false
      && (contact["information"]?["relationships"]?.objectValue?.members.contains {
        ($0.value["total"]?.intValue ?? 0) > 0
      } ?? false)
    {
      let short = RecordShapes.shortContact(fromFull: contact, avatar: nil)
      builder.relationships(of: contact, short: short)
    }
    builder.seedJournal(entries: max(1, min(count, contactsWithItems) / 10))
    contents = builder.contents
  }

  /// Monica makes a partial contact only as the other side of a relationship
  /// (app/Services/Contact/Relationship): each partial contact nobody is related to becomes the
  /// child of the nearest real contact before it, so that the API can reach it.
  private static func linkPartials(_ contents: inout StoreContents, seed: UInt64, count: Int) {
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
      let relation = JSONValue.object(
        JSONObject([
          "relationship": .object(
            JSONObject(["id": .int(lastID - 1), "uuid": .string(random.uuid()), "name": .string("child")])),
          "contact": RecordShapes.shortContact(fromFull: partial, avatar: contents.partialAvatars[id]),
        ]))
      let members = (family["contacts"]?.arrayValue ?? []) + [relation]
      (family["total"], family["contacts"]) = (.int(members.count), .array(members))
      groups["family"] = .object(family)
      information["relationships"] = .object(groups)
      record["information"] = .object(information)
      contents[.contact].put(owner, record)
    }
  }

  private static func seedReference(_ contents: inout StoreContents) {
    var genders = RecordTable()
    for (offset, (name, type)) in [("Man", "M"), ("Woman", "F"), ("Rather not say", "O")].enumerated() {
      genders.put(
        offset + 1,
        JSONObject([
          "id": .int(offset + 1), "object": .string("gender"), "name": .string(name), "type": .string(type),
          "account": account, "created_at": setUp, "updated_at": setUp,
        ]))
    }
    contents[.gender] = genders
    var categories = RecordTable()
    for (offset, name) in ["Simple activities", "Sport", "Food", "Cultural activities"].enumerated() {
      categories.put(
        offset + 1,
        JSONObject([
          "id": .int(offset + 1), "uuid": .string("00000000-0000-4000-8000-0000000000c\(offset + 1)"),
          "object": .string("activityTypeCategory"), "name": .string(name), "account": account,
          "created_at": setUp, "updated_at": setUp,
        ]))
    }
    contents[.activityTypeCategory] = categories
    var types = RecordTable()
    for id in 1...3 { if let type = activityType(id).objectValue { types.put(id, type) } }
    contents[.activityType] = types
    var groups = RecordTable()
    for (offset, name) in RecordShapes.relationshipGroups.enumerated() {
      groups.put(
        offset + 1,
        JSONObject([
          "id": .int(offset + 1), "object": .string("relationshiptypegroup"), "name": .string(name),
          "delible": .bool(false), "account": account, "created_at": setUp, "updated_at": setUp,
        ]))
    }
    contents[.relationshipTypeGroup] = groups
    var relationshipTypes = RecordTable()
    for id in 1...Self.relationshipTypes.count { relationshipTypes.put(id, relationshipType(id)) }
    contents[.relationshipType] = relationshipTypes
    var fieldTypes = RecordTable()
    for id in 1...Self.fieldTypes.count { fieldTypes.put(id, contactFieldType(id)) }
    contents[.contactFieldType] = fieldTypes
  }

  /// The name of the type Monica makes the reverse row with (`child` -> `parent`).
  static func reverseName(of name: String) -> String {
    relationshipTypes.first { $0.0 == name }?.1 ?? name
  }

  /// A relationship type (RelationshipTypeResource).
  static func relationshipType(_ id: Int) -> JSONObject {
    let (name, reverse, group) = relationshipTypes[id - 1]
    return JSONObject([
      "id": .int(id), "object": .string("relationshiptype"), "name": .string(name),
      "name_reverse_relationship": .string(reverse), "relationship_type_group_id": .int(group),
      "delible": .bool(false), "account": account, "created_at": setUp, "updated_at": setUp,
    ])
  }

  /// A country as CountryResource embeds it.
  static func country(_ iso: String) -> JSONValue {
    .object(
      JSONObject([
        "id": .string(iso), "object": .string("country"),
        "name": .string(countries.first { $0.0 == iso }?.1 ?? ""), "iso": .string(iso),
      ]))
  }
}

/// Builds the records about each contact, keeping the next id of every kind.
struct AccountBuilder {
  var contents: StoreContents
  let seed: UInt64
  let baseURL: String
  var next: [RecordKind: Int] = [:]
  var messages = 0
  let account = RecordShapes.accountJSON(1)

  init(contents: StoreContents, seed: UInt64, baseURL: String) {
    self.contents = contents
    self.seed = seed
    self.baseURL = baseURL
  }

  mutating func id(_ kind: RecordKind) -> Int {
    let id = next[kind, default: 0] + 1
    next[kind] = id
    return id
  }

  func stamp(_ seconds: Int) -> JSONValue { .string(UTCTime.timestamp(seconds)) }

  mutating func put(_ kind: RecordKind, _ id: Int, _ record: JSONObject) {
    contents[kind].put(id, record)
  }

  mutating func seedContact(_ index: Int) {
    guard var contact = contents[.contact].records[index], contact["is_partial"]?.boolValue != true else { return }
    var random = SplitMix64(seed: seed, stream: 5, index: UInt64(index))
    let short = RecordShapes.shortContact(fromFull: contact, avatar: contents.partialAvatars[index])
    let created = UTCTime.parseDate(String(contact["created_at"]?.stringValue?.prefix(10) ?? "")) ?? 0
    var counts: [String: Int] = [:]
    var addresses: [JSONValue] = []
    for _ in 0..<random.below(SeedData.seeded(.address)) where random.chance(40) {
      addresses.append(.object(address(short, &random, at: created + 7_200)))
    }
    for _ in 0..<random.below(SeedData.seeded(.call)) {
      let called = created + 86_400 * (1 + random.below(400)) + 60 * random.below(600)
      let id = id(.call)
      put(
        .call, id,
        CallResource.json(
          id: id, uuid: .string(random.uuid()), calledAt: stamp(called),
          content: random.chance(60) ? random.pick(SeedData.callNotes) : nil,
          contactCalled: .bool(random.chance(50)),
          emotions: random.chance(30) ? [SeedData.emotion(1 + random.below(4))] : [], contact: short,
          baseURL: baseURL, created: stamp(called), updated: stamp(called)))
      counts["number_of_calls", default: 0] += 1
    }
    for _ in 0..<random.below(SeedData.seeded(.conversation)) where random.chance(50) {
      conversation(short, index, &random, after: created)
    }
    for _ in 0..<random.below(SeedData.seeded(.reminder)) {
      let id = id(.reminder)
      let made = created + 86_400 * random.below(200)
      let yearly = random.chance(60)
      put(
        .reminder, id,
        ReminderResource.json(
          id: id, uuid: .string(random.uuid()),
          title: yearly ? "Wish happy birthday to \(short["first_name"]?.stringValue ?? "")" : "Call back",
          description: random.chance(30) ? "Ask about the new flat" : nil,
          frequencyType: yearly ? "year" : random.pick(["one_time", "week", "month"]),
          frequencyNumber: 1 + (yearly ? 0 : random.below(3)),
          initialDate: stamp(
            UTCTime.seconds(year: 2021 + random.below(3), month: 1 + random.below(12), day: 1 + random.below(28))),
          delible: !yearly, contact: short, created: stamp(made), updated: stamp(made)))
      counts["number_of_reminders", default: 0] += 1
    }
    for _ in 0..<random.below(SeedData.seeded(.debt)) where random.chance(40) {
      let id = id(.debt)
      let cents = (random.below(500) + 1) * 100 + (random.chance(50) ? 50 : 0)
      let made = created + 86_400 * random.below(300)
      put(
        .debt, id,
        DebtResource.json(
          id: id, uuid: .string(random.uuid()), inDebt: random.pick(["yes", "no"]),
          status: random.pick(["inprogress", "completed"]), cents: cents,
          reason: random.chance(60) ? random.pick(["Concert tickets", "Lunch", "Train fare"]) : nil, contact: short,
          created: stamp(made), updated: stamp(made)))
      counts["number_of_debts", default: 0] += 1
    }
    for _ in 0..<random.below(SeedData.seeded(.pet)) where random.chance(30) {
      let id = id(.pet)
      let category = 1 + random.below(SeedData.petCategories.count)
      put(
        .pet, id,
        PetResource.json(
          id: id, uuid: .string(random.uuid()), name: random.pick(["Felix", "Rex", "Nala", "Mochi", "Pépito"]),
          category: category, contact: short, created: stamp(created + 600), updated: stamp(created + 600)))
    }
    relationships(of: contact, short: short)
    for _ in 0..<random.below(SeedData.seeded(.lifeEvent)) where random.chance(30) {
      lifeEvent(short, &random, after: created)
    }
    for _ in 0..<random.below(SeedData.seeded(.document)) where random.chance(15) {
      document(short, &random, at: created + 3_600)
    }
    for _ in 0..<random.below(SeedData.seeded(.occupation)) where random.chance(25) {
      occupation(short, &random, at: created + 1_200)
    }
    let logID = id(.auditLog)
    put(
      .auditLog, logID,
      JSONObject([
        "id": .int(logID), "object": .string("auditlog"),
        "author": .object(JSONObject(["id": .int(1), "name": .string("Sam Rivera")])),
        "action": .string("contact_created"),
        "objects": .object(
          JSONObject(["contact_name": short["complete_name"] ?? .null, "contact_id": .int(index)])),
        "audited_at": stamp(created), "created_at": stamp(created), "updated_at": stamp(created),
      ]))
    contact["addresses"] = .array(addresses)
    if var statistics = contact["statistics"]?.objectValue {
      for (key, value) in counts { statistics[key] = .int(value) }
      contact["statistics"] = .object(statistics)
    }
    contents[.contact].put(index, contact)
  }

  mutating func address(_ short: JSONValue, _ random: inout SplitMix64, at time: Int) -> JSONObject {
    let (street, city, province, postal, iso, latitude, longitude) = random.pick(SeedData.addresses)
    let placeID = id(.place)
    let country = SeedData.country(iso)
    put(
      .place, placeID,
      JSONObject([
        "id": .int(placeID), "object": .string("place"), "street": .string(street), "city": .string(city),
        "province": .string(province), "postal_code": .string(postal), "latitude": .number(latitude),
        "longitude": .number(longitude), "country": country, "account": account, "created_at": stamp(time),
        "updated_at": stamp(time),
      ]))
    let id = id(.address)
    let record = AddressResource.json(
      id: id, uuid: .string(random.uuid()), name: random.pick(["Home", "Work", "Holiday flat"]),
      place: JSONObject([
        "street": .string(street), "city": .string(city), "province": .string(province),
        "postal_code": .string(postal), "latitude": .number(latitude), "longitude": .number(longitude),
        "country": country,
      ]), contact: short, baseURL: baseURL, created: stamp(time), updated: stamp(time))
    put(.address, id, record)
    return record
  }

  mutating func conversation(_ short: JSONValue, _ index: Int, _ random: inout SplitMix64, after created: Int) {
    let id = id(.conversation)
    let happened = created + 86_400 * (1 + random.below(300))
    var thread: [JSONValue] = []
    for offset in 0..<(1 + random.below(3)) {
      messages += 1
      let messageID = messages
      let written = happened + 300 * offset
      thread.append(
        .object(
          JSONObject([
            "id": .int(messageID), "uuid": .string(random.uuid()), "object": .string("message"),
            "content": .string(random.pick(SeedData.messages)), "written_at": stamp(written),
            "written_by_me": .bool(offset % 2 == 0), "account": account, "contact": short,
            "conversation": .object(JSONObject(["id": .int(id)])), "created_at": stamp(written),
            "updated_at": stamp(written),
          ])))
    }
    put(
      .conversation, id,
      JSONObject([
        "id": .int(id), "uuid": .string(random.uuid()), "object": .string("conversation"),
        "happened_at": stamp(happened), "messages": .array(thread),
        "contact_field_type": .object(SeedData.contactFieldType(random.chance(50) ? 1 : 2)),
        "url": .string("\(baseURL)/api/conversations/\(id)"), "account": account, "contact": short,
        "created_at": stamp(happened), "updated_at": stamp(happened),
      ]))
  }

  mutating func seedJournal(entries: Int) {
    var random = SplitMix64(seed: seed, stream: 6, index: 0)
    for _ in 0..<entries {
      let id = id(.entry)
      let day = UTCTime.seconds(year: 2020 + random.below(4), month: 1 + random.below(12), day: 1 + random.below(28))
      put(
        .entry, id,
        JSONObject([
          "id": .int(id), "uuid": .string(random.uuid()), "object": .string("entry"),
          "title": random.chance(80) ? .string(random.pick(SeedData.journalTitles)) : .null,
          "post": .string(random.pick(SeedData.journalPosts)), "date": .string(UTCTime.microseconds(day)),
          "url": .string("\(baseURL)/api/journal/\(id)"), "account": account, "created_at": stamp(day + 72_000),
          "updated_at": stamp(day + 72_000),
        ]))
    }
  }
}

extension SeedData {
  static let callNotes = ["Talked about the move to Lyon", "Planned the weekend — finally!", "誕生日の電話"]
  static let messages = ["Are we still on for Friday?", "Oui, à vendredi !", "See you there 🎉", "👍"]
  static let petCategories = ["Dog", "Cat", "Bird", "Fish", "Hamster", "Horse", "Rabbit", "Rat", "Reptile", "Other"]
  static let journalTitles = ["A quiet Sunday", "Trip to the Alps", "Première neige", "Busy week"]
  static let journalPosts = [
    "Long walk by the river, then dinner with friends.", "Finished the book </br> at last.",
    "Went to https://example.com/events?id=1&lang=fr — great talk.", "雨の日。家で映画を見た。",
  ]
  static let addresses: [(String, String, String, String, String, String, String)] = [
    ("12 rue de la Paix", "Paris", "Île-de-France", "75002", "FR", "48.8686", "2.3314"),
    ("221B Baker Street", "London", "Greater London", "NW1 6XE", "GB", "51.5237", "-0.1585"),
    ("1600 Amphitheatre Pkwy", "Mountain View", "CA", "94043", "US", "37.4220", "-122.0841"),
    ("Unter den Linden 1", "Berlin", "Berlin", "10117", "DE", "52.5170", "13.3889"),
    ("1-1 Chiyoda", "Tokyo", "Tokyo", "100-8111", "JP", "35.6852", "139.7528"),
  ]
  /// The keys of the life event types seeded life events have.
  static let lifeEvents = ["new_job", "moved", "marriage", "new_sport"]
  static let documents: [(String, String, String)] = [
    ("passport.pdf", "pdf", "application/pdf"),
    (
      "lease-2021.docx", "docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    ),
    ("receipt.png", "png", "image/png"),
  ]

  /// An emotion as EmotionResource writes it.
  static func emotion(_ id: Int) -> JSONValue {
    let names = ["adoration", "joy", "relief", "nostalgia"]
    return .object(JSONObject(["id": .int(id), "object": .string("emotion"), "name": .string(names[(id - 1) % 4])]))
  }
}
