import MonicaKit

/// What a kind's seeding sampler draws one record with: one contact's short form and random
/// stream, the next id of every kind, the contact's statistics counters, and the account's
/// tables the record goes into. One context serves every contact of a pass (`begin`).
struct SeedingContext {
  /// The tables the samplers put records into (and read: occupations find their company).
  var contents: StoreContents
  /// The last id given out per kind.
  var next: [RecordKind: Int] = [:]
  /// The contact's own random stream of its pass (SeedPass).
  var random = SplitMix64(seed: 0, stream: 0, index: 0)
  /// The contact's id.
  private(set) var index = 0
  /// The contact's short form (ContactShortResource), the `contact` of each record.
  private(set) var short = JSONValue.null
  /// The moment the contact's records are dated from (SeedPass says which).
  private(set) var from = 0
  /// The contact's statistics counters (`number_of_calls`...), as Monica counts them.
  var statistics: [String: Int] = [:]
  /// The contact's addresses, which its own record lists.
  var addresses: [JSONValue] = []
  /// The last message id given out (messages are no kind of their own).
  var messages = 0
  let baseURL: String
  /// Where stored files are (SeedURLs.files).
  let filesURL: String
  /// Each contact's household and the households of more than one contact (SeedData+Households.swift).
  var households: [Int: Int] = [:]
  var sharedHouseholds: Set<Int> = []
  /// The number of contacts in the account (activities draw their guests among them).
  var count = 0
  /// The short form of contact `id` when it can be a guest at an activity: not partial.
  var guest: (Int) -> JSONValue? = { _ in nil }
  /// The contact's last activity, as its host.
  var lastActivity: Int?
  /// The activities each contact attends as another's guest, and the last of them.
  var attended: [Int: (count: Int, last: Int)] = [:]

  init(contents: StoreContents, baseURL: String, filesURL: String) {
    self.contents = contents
    self.baseURL = baseURL
    self.filesURL = filesURL
  }

  /// Starts on contact `index`: its short form, the moment its records date from, its stream.
  mutating func begin(_ index: Int, short: JSONValue, from: Int, random: SplitMix64) {
    self.index = index
    self.short = short
    self.from = from
    self.random = random
    statistics = [:]
    addresses = []
    lastActivity = nil
  }

  /// The next id of `kind`.
  mutating func id(_ kind: RecordKind) -> Int {
    let id = next[kind, default: 0] + 1
    next[kind] = id
    return id
  }

  func stamp(_ seconds: Int) -> JSONValue { .string(UTCTime.timestamp(seconds)) }

  mutating func put(_ kind: RecordKind, _ id: Int, _ record: JSONObject) {
    contents[kind].put(id, record)
  }
}

/// The two passes over the contacts: the first builds the records their own records count
/// (stream 2, dated from an hour after the contact was created), the second the records about
/// the built contacts (stream 5, dated from the day the contact was created).
enum SeedPass: Sendable {
  case withContactFacts
  case afterContacts
}

/// How a `.perContact` kind's records are drawn: in which pass, kept with which chance in
/// percent (100: always, without a draw), and the resource's code that draws one.
struct SeedSampler: Sendable {
  let pass: SeedPass
  let chance: Int
  let draw: @Sendable (inout SeedingContext) -> Void

  init(_ pass: SeedPass, chance: Int = 100, _ draw: @escaping @Sendable (inout SeedingContext) -> Void) {
    self.pass = pass
    self.chance = chance
    self.draw = draw
  }
}

/// The one registry of seeding samplers, keyed by kind, and the order they draw in.
enum SeedSamplers {
  /// The seeding order: each contact's stream is drawn in this order, so changing it changes
  /// every seeded account. Each pass takes the kinds of its own in this order.
  static let order: [RecordKind] = [
    .activity, .note, .task, .gift,
    .address, .call, .conversation, .reminder, .debt, .pet, .lifeEvent, .document, .occupation,
  ]

  /// The `.perContact` kinds whose seeding is tangled with others' and stays in SeedData.make.
  /// None draws its count below its entry's bound, as SeedSamplers.seed does, so
  /// moving one into the registry would add a draw to the contact's stream and change every
  /// seeded account: relationships (a 30% chance, drawn between the tags and the contact
  /// fields; each also makes the reverse row on the other contact, from stream 8, and both
  /// contacts' own records list it before the rows exist), photos (one when the avatar is a
  /// photo, else a 15% chance, after the gifts, which then attach photos; the avatar's url
  /// names the photo before it is drawn), contact fields (the e-mail on a 60% chance, the
  /// phone on a 40% chance, before the activities; households then share their landlines).
  static let special: [RecordKind] = [.relationship, .photo, .contactField]

  /// The sampler of each `.perContact` kind not in `special`.
  static let registry: [RecordKind: SeedSampler] = [
    .activity: SeedSampler(.withContactFacts, ActivityResource.seed),
    .note: SeedSampler(.withContactFacts, NoteResource.seed),
    .task: SeedSampler(.withContactFacts, TaskResource.seed),
    .gift: SeedSampler(.withContactFacts, GiftResource.seed),
    .address: SeedSampler(.afterContacts, chance: 40, AddressResource.seed),
    .call: SeedSampler(.afterContacts, CallResource.seed),
    .conversation: SeedSampler(.afterContacts, chance: 50, ConversationResource.seed),
    .reminder: SeedSampler(.afterContacts, ReminderResource.seed),
    .debt: SeedSampler(.afterContacts, chance: 40, DebtResource.seed),
    .pet: SeedSampler(.afterContacts, chance: 30, PetResource.seed),
    .lifeEvent: SeedSampler(.afterContacts, chance: 30, LifeEventResource.seed),
    .document: SeedSampler(.afterContacts, chance: 15, DocumentResource.seed),
    .occupation: SeedSampler(.afterContacts, chance: 25, OccupationResource.seed),
  ]

  /// The bound (from the kind's entry) and the sampler of each kind of a pass, in the seeding
  /// order: worked out once, not for each contact.
  private static let withContactFacts = steps(.withContactFacts)
  private static let afterContacts = steps(.afterContacts)

  private static func steps(_ pass: SeedPass) -> [(bound: Int, sampler: SeedSampler)] {
    order.compactMap { kind in
      guard let sampler = registry[kind], sampler.pass == pass else { return nil }
      return (SeedData.seeded(kind), sampler)
    }
  }

  /// Seeds every kind of `pass` for the contact of `context`, in the seeding order: for each, a
  /// number below the bound of its entry (`.perContact(below:)`), each kept with its sampler's
  /// chance, drawn by its sampler.
  static func seed(_ pass: SeedPass, _ context: inout SeedingContext) {
    for (bound, sampler) in pass == .withContactFacts ? withContactFacts : afterContacts {
      for _ in 0..<context.random.below(bound)
      where sampler.chance >= 100 || context.random.chance(sampler.chance) {
        sampler.draw(&context)
      }
    }
  }
}
