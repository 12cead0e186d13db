/// Many people, and who among them could be a given person, judged.
///
/// People are put in blocks by their keys: the uuid, each e-mail address, the last
/// `MatchKeys.phoneDigitsMinimum` digits of each phone, the full name (its words' spelling
/// keys in any order, and written together for names without spaces), and each form of the
/// first name (or nickname) with the last name's spelling (`NameVariants` groups: Bob Smith
/// meets Robert Smith). A question judges only the people that share a block with the person
/// asked about, and passes over a block larger than `blockLimit` (a switchboard, a common name):
/// the work of one question is bounded by its keys times `blockLimit`, whatever the number of
/// people held.
///
/// A streaming importer asks before it adds (`matches(for:)`, then `add(_:as:)`); a later
/// record of someone already held adds what it knows to them (`absorb(_:into:)`).
package struct IdentityIndex<Key: Hashable & Sendable>: Sendable {
  /// A person held, with the key the caller knows them by.
  private struct Entry: Sendable {
    var key: Key
    var compared: ComparedPerson
  }

  /// The people of one block, by position in `entries`: most blocks hold one person, who
  /// needs no array of their own.
  private enum Block: Sendable {
    /// No one: only the default of a look-up that adds the first member, never held.
    case none
    case one(Int32)
    case many([Int32])

    var members: [Int32] {
      switch self {
      case .none: []
      case .one(let position): [position]
      case .many(let positions): positions
      }
    }

    var count: Int {
      switch self {
      case .none: 0
      case .one: 1
      case .many(let positions): positions.count
      }
    }

    /// Adds `position`; returns how many the block holds then.
    mutating func append(_ position: Int32) -> Int {
      switch self {
      case .none:
        self = .one(position)
        return 1
      case .one(let first):
        self = .many([first, position])
        return 2
      case .many(var positions):
        self = .one(0)  // lets the array be appended to in place
        positions.append(position)
        self = .many(positions)
        return positions.count
      }
    }
  }

  /// A block with more people than this is not looked in.
  package let blockLimit: Int
  private var entries: [Entry] = []
  private var positions: [Key: Int] = [:]
  /// The blocks by their key's hash: a collision only puts more people in a block, whom the
  /// judgement then tells apart.
  private var blocks: [Int: Block] = [:]
  /// The blocks grown past `blockLimit`: their key as text and size, for `oversizedBlocks`.
  private var oversized: [Int: (key: String, count: Int)] = [:]

  /// An empty index; `blockLimit` bounds the people judged per block key of a question.
  package init(blockLimit: Int = 100) { self.blockLimit = blockLimit }

  /// How many people are held.
  package var count: Int { entries.count }

  /// The person held under `key`.
  package func person(_ key: Key) -> Person? { positions[key].map { entries[$0].compared.person } }

  /// The person held under `key`, in the form it is compared in.
  func compared(_ key: Key) -> ComparedPerson? { positions[key].map { entries[$0].compared } }

  /// Holds `person` under `key`; a key already held takes what `person` adds (`absorb`).
  package mutating func add(_ person: Person, as key: Key) { add(ComparedPerson(person), as: key) }

  /// `add(_:as:)` of a person already in its compared form (the form a question was asked in).
  mutating func add(_ compared: ComparedPerson, as key: Key) { add(compared, as: key, blocks: BlockKeys(compared)) }

  /// `add(_:as:)` of a person whose block keys were worked out for the question asked before.
  mutating func add(_ compared: ComparedPerson, as key: Key, blocks: BlockKeys) {
    if positions[key] != nil { return absorb(compared.person, into: key) }
    positions[key] = entries.count
    entries.append(Entry(key: key, compared: compared))
    for index in blocks.hashes.indices { put(entries.count - 1, in: blocks, at: index) }
  }

  /// Puts the person at `position` in the block of `blocks`' key at `index`.
  private mutating func put(_ position: Int, in blocks: BlockKeys, at index: Int) {
    let hash = blocks.hashes[index]
    // One look-up, the block changed where it is held.
    let count = self.blocks[hash, default: .none].append(Int32(position))
    // A block of one is new: the first member never makes it oversized.
    if count > 1, count > blockLimit, "uepn".contains(blocks.keys[index].prefix(1)) {
      oversized[hash] = (blocks.keys[index], count)
    }
  }

  /// Adds to the person held under `key` what `person` knows and they do not (e-mails, phones,
  /// a birthday...), in the blocks too; nothing when `key` is not held.
  package mutating func absorb(_ person: Person, into key: Key) {
    guard let position = positions[key] else { return }
    let before = Set(BlockKeys(entries[position].compared).keys)
    var merged = entries[position].compared.person
    merged.absorb(person)
    entries[position].compared = ComparedPerson(merged)
    let after = BlockKeys(entries[position].compared)
    for index in after.keys.indices where !before.contains(after.keys[index]) {
      put(position, in: after, at: index)
    }
  }

  /// The people held who share a block with `person`, each judged against it, highest score
  /// first (then in the order added), leaving out `excluding` and any scoring under `minScore`.
  package func matches(for person: Person, minScore: Double = 0, excluding: Key? = nil) -> [IdentityMatch<Key>] {
    matches(for: ComparedPerson(person), minScore: minScore, excluding: excluding)
  }

  /// `matches(for:minScore:excluding:)` of a person already in its compared form; only the held
  /// people `including` takes are judged (a finder asking each pair once).
  func matches(
    for asked: ComparedPerson, minScore: Double, excluding: Key?, including: (Key) -> Bool = { _ in true }
  ) -> [IdentityMatch<Key>] {
    matches(for: asked, blocks: BlockKeys(asked), minScore: minScore, excluding: excluding, including: including)
  }

  /// `matches(for:minScore:excluding:including:)` of a person whose block keys are worked out
  /// already (to be added after the question).
  func matches(
    for asked: ComparedPerson, blocks keys: BlockKeys, minScore: Double, excluding: Key?,
    including: (Key) -> Bool = { _ in true }
  ) -> [IdentityMatch<Key>] {
    var seen: Set<Int> = []
    var found: [(position: Int, judgement: IdentityJudgement)] = []
    // In any order: what is found is sorted below by score and position, each position once.
    for hash in keys.hashes {
      guard let members = blocks[hash], members.count <= blockLimit else { continue }
      for member in members.members {
        let position = Int(member)
        let key = entries[position].key
        guard seen.insert(position).inserted, key != excluding, including(key) else { continue }
        let judgement = asked.judge(entries[position].compared)
        if judgement.score >= minScore { found.append((position, judgement)) }
      }
    }
    found.sort { ($0.judgement.score, -$0.position) > ($1.judgement.score, -$1.position) }
    return found.map { IdentityMatch(key: entries[$0.position].key, judgement: $0.judgement) }
  }

  /// The blocks of a uuid, an e-mail address, a phone or a full name holding more than
  /// `blockLimit` people, with their sizes, by key: what questions passed over (`describe`
  /// names one for a warning). The blocks of names' other forms hold the same people and are
  /// not listed again.
  package var oversizedBlocks: [(key: String, count: Int)] { oversized.values.sorted { $0.key < $1.key } }

  /// A block key as a warning names it: `the e-mail a@b`, `phones ending 1234567`, `the name
  /// ana lima`.
  package static func describe(_ key: String) -> String {
    let value = key.dropFirst(2)
    switch key.prefix(2) {
    case "u:": return "the uuid \(value)"
    case "e:": return "the e-mail \(value)"
    case "p:": return "phones ending \(value)"
    case "n:", "c:": return "the name \(value)"
    default:
      let parts = value.split(separator: "|", maxSplits: 1).map(String.init)
      let given = parts.first.map { $0.hasPrefix("#") ? Self.groupName($0) : $0 } ?? ""
      return "the given name \(given) with the last name \(parts.last ?? "")"
    }
  }

  /// `#3` as the group's first name (`forms of robert`).
  private static func groupName(_ text: String) -> String {
    guard let index = Int(text.dropFirst()), NameVariants.groups.indices.contains(index) else { return text }
    return "forms of " + (NameVariants.groups[index].first ?? "").folded
  }
}

/// A person an index holds, judged against the one asked about.
package struct IdentityMatch<Key: Hashable & Sendable>: Sendable, Equatable {
  /// The key the person was added under.
  package let key: Key
  /// How they compare.
  package let judgement: IdentityJudgement
}

/// The keys a person is blocked by (`IdentityIndex`), each once, with their hashes (a block is
/// found by its key's hash): worked out once for a question and the add that follows it.
struct BlockKeys: Sendable {
  /// The keys: `u:` a uuid, `e:` an e-mail key, `p:` a phone's last digits, `n:` and `c:` a
  /// full name, `g:` a form of the given name with the last name.
  private(set) var keys: [String] = []
  /// Each key's hash, in the order of `keys`.
  private(set) var hashes: [Int] = []

  init(_ compared: ComparedPerson) {
    if let uuid = compared.person.uuid { insert("u:" + uuid) }
    for email in compared.emails { insert("e:" + email) }
    for phone in compared.phones { insert("p:" + MatchKeys.phoneBlock(phone.digits)) }
    let (first, last) = (compared.first, compared.last)
    let full = first.keys + last.keys
    if !full.isEmpty {
      insert("n:" + full.sorted().joined(separator: " "))
      if full.count <= 4 {
        insert("c:" + (first.words + last.words).joined())
        insert("c:" + (last.words + first.words).joined())
      }
    }
    // Forms of the first name and the nickname meet each other's with the same last name.
    let lastKey = last.keys.joined(separator: " ")
    if !lastKey.isEmpty {
      for given in [first.keys.first, compared.nickname.keys.first].compactMap({ $0 }) {
        insert("g:" + given + "|" + lastKey)
        for group in NameForms.variantGroups(key: given) { insert("g:#\(group)|" + lastKey) }
      }
    }
  }

  /// Adds `key` unless it is there already.
  private mutating func insert(_ key: String) {
    let hash = key.hashValue
    // A person has a few keys: a scan beats a set.
    for (index, known) in hashes.enumerated() where known == hash && keys[index] == key { return }
    keys.append(key)
    hashes.append(hash)
  }
}
