import MonicaKit

/// The records about contacts beyond notes, tasks, gifts and photos (calls, conversations,
/// reminders, debts, pets, addresses, relationships, life events, documents, occupations, the
/// journal and audit logs), each built by its resource (Resources/).
///
/// Each contact draws from its own random stream (5), so adding these leaves the first eight
/// kinds' records as they were; only a contact's `addresses` and its statistics of calls,
/// reminders and debts follow what is seeded here, as Monica computes them.
extension SeedData {
  /// Seeds every kind beyond the first eight into `contents`, whose contacts are already there.
  static func seedAccount(
    _ contents: inout StoreContents, seed: UInt64, count: Int, urls: SeedURLs, households: [Int: Int]
  ) {
    seedReference(&contents)
    linkPartials(&contents, seed: seed, count: count)
    var builder = AccountBuilder(contents: contents, seed: seed, urls: urls, households: households)
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
      let short = ContactShortResource.json(fromFull: contact, avatar: nil)
      builder.relationships(of: contact, short: short)
    }
    builder.seedJournal(entries: max(1, min(count, contactsWithItems) / 10))
    contents = builder.contents
  }

}

/// Builds the records about each contact, keeping the next id of every kind.
struct AccountBuilder {
  var contents: StoreContents
  let seed: UInt64
  let baseURL: String
  /// Where stored files are (SeedURLs.files).
  let filesURL: String
  /// Each contact's household (SeedData+Households.swift).
  let households: [Int: Int]
  /// The households of more than one contact.
  let sharedHouseholds: Set<Int>
  var next: [RecordKind: Int] = [:]
  var messages = 0

  init(contents: StoreContents, seed: UInt64, urls: SeedURLs, households: [Int: Int]) {
    self.contents = contents
    self.seed = seed
    baseURL = urls.base
    filesURL = urls.files
    self.households = households
    sharedHouseholds = Set(households.filter { $0.key != $0.value }.values)
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
    let short = ContactShortResource.json(fromFull: contact, avatar: contents.partialAvatars[index])
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
      AuditLogResource.json(
        id: logID, action: "contact_created",
        objects: JSONObject(["contact_name": short["complete_name"] ?? .null, "contact_id": .int(index)]),
        at: stamp(created)))
    contact["addresses"] = .array(addresses)
    if var statistics = contact["statistics"]?.objectValue {
      for (key, value) in counts { statistics[key] = .int(value) }
      contact["statistics"] = .object(statistics)
    }
    contents[.contact].put(index, contact)
  }

  mutating func address(_ short: JSONValue, _ random: inout SplitMix64, at time: Int) -> JSONObject {
    // A household's members live at its address (the street of its first member's draw, numbered
    // by it); anyone else at an address of their own.
    let contact = short["id"]?.intValue ?? 0
    let household = households[contact] ?? contact
    var drawn = random.pick(SeedData.addresses)
    if sharedHouseholds.contains(household) { drawn = SeedData.addresses[household % SeedData.addresses.count] }
    let (template, city, province, postal, iso, latitude, longitude) = drawn
    let street = SeedData.street(template, household: household)
    let placeID = id(.place)
    let country = SeedData.country(iso)
    let place = PlaceResource.json(
      id: placeID, street: street, city: city, province: province, postalCode: postal, latitude: .number(latitude),
      longitude: .number(longitude), country: country, created: stamp(time), updated: stamp(time))
    put(.place, placeID, place)
    let id = id(.address)
    let record = AddressResource.json(
      id: id, uuid: .string(random.uuid()), name: random.pick(["Home", "Work", "Holiday flat"]), place: place,
      contact: short, baseURL: baseURL, created: stamp(time), updated: stamp(time))
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
          MessageResource.json(
            id: messageID, uuid: .string(random.uuid()), content: random.pick(SeedData.messages), written: written,
            writtenByMe: offset % 2 == 0, contact: short, conversationID: id, created: stamp(written),
            updated: stamp(written))))
    }
    put(
      .conversation, id,
      ConversationResource.json(
        id: id, uuid: .string(random.uuid()), happened: happened, messages: thread,
        type: SeedData.contactFieldType(random.chance(50) ? 1 : 2), baseURL: baseURL, contact: short,
        created: stamp(happened), updated: stamp(happened)))
  }

  mutating func seedJournal(entries: Int) {
    var random = SplitMix64(seed: seed, stream: 6, index: 0)
    for _ in 0..<entries {
      let id = id(.entry)
      let day = UTCTime.seconds(year: 2020 + random.below(4), month: 1 + random.below(12), day: 1 + random.below(28))
      put(
        .entry, id,
        JournalEntryResource.json(
          id: id, uuid: .string(random.uuid()), title: random.chance(80) ? random.pick(SeedData.journalTitles) : nil,
          post: random.pick(SeedData.journalPosts), date: .string(UTCTime.microseconds(day)), baseURL: baseURL,
          created: stamp(day + 72_000), updated: stamp(day + 72_000)))
    }
  }
}
