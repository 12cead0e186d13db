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
  /// The tables, the id counters and the households the kinds' samplers draw with, kept across
  /// contacts.
  var context: SeedingContext
  let seed: UInt64

  var contents: StoreContents {
    get { context.contents }
    _modify { yield &context.contents }
  }
  var baseURL: String { context.baseURL }

  init(contents: StoreContents, seed: UInt64, urls: SeedURLs, households: [Int: Int]) {
    context = SeedingContext(contents: contents, baseURL: urls.base, filesURL: urls.files)
    context.households = households
    context.sharedHouseholds = Set(households.filter { $0.key != $0.value }.values)
    self.seed = seed
  }

  mutating func id(_ kind: RecordKind) -> Int { context.id(kind) }

  func stamp(_ seconds: Int) -> JSONValue { .string(UTCTime.timestamp(seconds)) }

  mutating func put(_ kind: RecordKind, _ id: Int, _ record: JSONObject) { context.put(kind, id, record) }

  /// Seeds the records about contact `index`: each `.perContact` kind of the second pass in the
  /// seeding order (SeedSamplers), then the rows of its relationships and its audit log.
  mutating func seedContact(_ index: Int) {
    guard var contact = contents[.contact].records[index], contact["is_partial"]?.boolValue != true else { return }
    let short = ContactShortResource.json(fromFull: contact, avatar: contents.partialAvatars[index])
    let created = UTCTime.parseDate(String(contact["created_at"]?.stringValue?.prefix(10) ?? "")) ?? 0
    context.begin(index, short: short, from: created, random: SplitMix64(seed: seed, stream: 5, index: UInt64(index)))
    SeedSamplers.seed(.afterContacts, &context)
    // The relationship rows take no draw from the contact's stream (each reverse row has its own).
    relationships(of: contact, short: short)
    let logID = id(.auditLog)
    put(
      .auditLog, logID,
      AuditLogResource.json(
        id: logID, action: "contact_created",
        objects: JSONObject(["contact_name": short["complete_name"] ?? .null, "contact_id": .int(index)]),
        at: stamp(created)))
    contact["addresses"] = .array(context.addresses)
    if var statistics = contact["statistics"]?.objectValue {
      for (key, value) in context.statistics { statistics[key] = .int(value) }
      contact["statistics"] = .object(statistics)
    }
    contents[.contact].put(index, contact)
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
