/// Finds groups of contacts that are likely one person.
///
/// Contacts are put in blocks by their normalised keys (e-mail, the last digits of a phone,
/// the folded full name, the given name with the last name); only two contacts of one block are
/// ever compared, so the work grows with the contacts and the sizes of their blocks, never with
/// the square of the contacts. Pairs that score at least `minScore` are joined into groups,
/// strongest first; two groups whose members contradict each other on a birthday stay apart.
package struct DuplicateFinder {
  /// The lowest score a pair needs to join a group.
  package var minScore: Double
  /// A key shared by more contacts than this (a switchboard's number, a family's address, a
  /// common name) is not compared pair by pair; the finder says so through `warn`.
  package var blockLimit: Int
  /// Where warnings go, one line each.
  package var warn: (String) -> Void
  /// The contacts in the order read, at most one per id.
  package private(set) var contacts: [DedupeContact] = []
  /// Where each contact's id is in `contacts`.
  private var indices: [Int: Int] = [:]
  /// Contact fields met before their contact, by contact id.
  private var pendingFields: [Int: [(kind: String, content: String)]] = [:]

  package init(minScore: Double = 0.5, blockLimit: Int = 100, warn: @escaping (String) -> Void = { _ in }) {
    (self.minScore, self.blockLimit, self.warn) = (minScore, blockLimit, warn)
  }

  /// Takes a contact; a partial one, or a second record of one id, is passed over.
  package mutating func add(_ contact: DedupeContact) {
    guard !contact.isPartial, indices[contact.id] == nil else { return }
    indices[contact.id] = contacts.count
    contacts.append(contact)
    for field in pendingFields.removeValue(forKey: contact.id) ?? [] {
      add(field: field.kind, content: field.content, contact: contact.id)
    }
  }

  /// Takes a contact field given apart from its contact (`monica-fetch --all` writes them as
  /// `contactfield` records): an e-mail address or phone number the contact does not show yet
  /// joins it and counts as one of its records; other kinds are passed over.
  package mutating func add(field kind: String, content: String, contact id: Int) {
    guard kind == "email" || kind == "phone", !content.isEmpty else { return }
    guard let index = indices[id] else { return pendingFields[id, default: []].append((kind, content)) }
    if kind == "email", !contacts[index].emails.contains(content) {
      contacts[index].emails.append(content)
      contacts[index].records += 1
    } else if kind == "phone", !contacts[index].phones.contains(content) {
      contacts[index].phones.append(content)
      contacts[index].records += 1
    }
  }

  /// The groups found, highest score first (then by the keeper's id).
  package func groups() -> [DuplicateGroup] {
    var scored: [(pair: (Int, Int), evidence: PairEvidence, score: Double)] = []
    for pair in candidatePairs() {
      guard let evidence = PairEvidence(contacts[pair.0], contacts[pair.1]) else { continue }
      let score = evidence.score
      if score >= minScore { scored.append((pair, evidence, score)) }
    }
    scored.sort { ($0.score, -$0.pair.0, -$0.pair.1) > ($1.score, -$1.pair.0, -$1.pair.1) }
    var components = Components(count: contacts.count)
    for (pair, evidence, score) in scored {
      let (a, b) = (components.root(pair.0), components.root(pair.1))
      if a != b {
        guard !contradicting(components.members(of: a), components.members(of: b)) else { continue }
        components.join(a, b, score: score)
      }
      components.add(reasons: evidence.evidence.map(\.reason), to: components.root(pair.0))
    }
    var groups = components.groups.map { group in
      DuplicateGroup(
        contacts: group.members.map { contacts[$0] }, score: group.score ?? 0, reasons: group.reasons)
    }.sorted { ($0.score, -$0.keep.id) > ($1.score, -$1.keep.id) }
    let related = relatedFrom(Set(groups.flatMap { $0.merge.map(\.id) }))
    for index in groups.indices {
      let members = Set([groups[index].keep.id] + groups[index].merge.map(\.id))
      let holders = groups[index].merge.flatMap { related[$0.id] ?? [] }.filter { !members.contains($0) }
      groups[index].relatedFrom = Array(Set(holders)).sorted()
    }
    return groups
  }

  /// For each of `ids`, the contacts whose own relationships name it.
  private func relatedFrom(_ ids: Set<Int>) -> [Int: [Int]] {
    var holders: [Int: [Int]] = [:]
    for contact in contacts {
      for other in contact.relatedTo where ids.contains(other) { holders[other, default: []].append(contact.id) }
    }
    return holders
  }

  /// Every pair of contacts that share a block, each once, as indices (lower first).
  func candidatePairs() -> [(Int, Int)] {
    var blocks: [String: [Int]] = [:]
    for (index, contact) in contacts.enumerated() {
      for key in Self.blockKeys(contact) { blocks[key, default: []].append(index) }
    }
    var seen: Set<Int> = []
    var pairs: [(Int, Int)] = []
    for (key, members) in blocks.sorted(by: { $0.key < $1.key }) where members.count > 1 {
      guard members.count <= blockLimit else {
        warn("\(members.count) contacts share \(Self.describe(key)): they are not compared by it")
        continue
      }
      for (position, first) in members.enumerated() {
        for second in members[(position + 1)...] where seen.insert(first * contacts.count + second).inserted {
          pairs.append((first, second))
        }
      }
    }
    return pairs
  }

  /// The keys a contact is blocked by, each once.
  static func blockKeys(_ contact: DedupeContact) -> Set<String> {
    var keys: Set<String> = []
    for email in contact.emails { if let key = MatchKeys.email(email) { keys.insert("e:" + key) } }
    for phone in contact.phones {
      if let digits = MatchKeys.phoneDigits(phone) { keys.insert("p:" + MatchKeys.phoneBlock(digits)) }
    }
    if let name = MatchKeys.fullName(first: contact.firstName, last: contact.lastName) { keys.insert("n:" + name) }
    // First names and nicknames share one space of keys: a nickname meets the other's first name.
    for given in [contact.firstName, contact.nickname] {
      if let key = MatchKeys.givenName(given, last: contact.lastName) { keys.insert("g:" + key) }
    }
    return keys
  }

  /// A block key as a warning names it.
  static func describe(_ key: String) -> String {
    let value = key.dropFirst(2)
    switch key.prefix(2) {
    case "e:": return "the e-mail \(value)"
    case "p:": return "phones ending \(value)"
    case "n:": return "the name \(value)"
    default: return "the given and last name \(value.split(separator: "|").joined(separator: " "))"
    }
  }

  /// Whether a member of one group contradicts a member of the other on a birthday.
  private func contradicting(_ one: [Int], _ other: [Int]) -> Bool {
    one.contains { a in
      other.contains { b in
        guard let first = contacts[a].birthday, let second = contacts[b].birthday else { return false }
        return first.contradicts(second)
      }
    }
  }
}

/// Groups of contact indices joined pair by pair (a union-find that keeps its members).
private struct Components {
  struct Group {
    var members: [Int]
    /// The weakest score that joined the group; `nil` for a contact alone.
    var score: Double?
    var reasons: [String] = []
  }

  private var parent: [Int]
  private var data: [Int: Group] = [:]

  init(count: Int) { parent = Array(0..<count) }

  /// The members of the group whose root is `root`.
  func members(of root: Int) -> [Int] { data[root]?.members ?? [root] }

  mutating func root(_ index: Int) -> Int {
    var index = index
    while parent[index] != index {
      parent[index] = parent[parent[index]]
      index = parent[index]
    }
    return index
  }

  mutating func join(_ a: Int, _ b: Int, score: Double) {
    let first = data.removeValue(forKey: a) ?? Group(members: [a])
    let second = data.removeValue(forKey: b) ?? Group(members: [b])
    parent[b] = a
    let weakest = [first.score, second.score, score].compactMap { $0 }.min()
    data[a] = Group(members: first.members + second.members, score: weakest, reasons: first.reasons)
    add(reasons: second.reasons, to: a)
  }

  mutating func add(reasons: [String], to root: Int) {
    guard var group = data[root] else { return }
    for reason in reasons where !group.reasons.contains(reason) { group.reasons.append(reason) }
    data[root] = group
  }

  /// The groups of more than one contact.
  var groups: [Group] { data.values.filter { $0.members.count > 1 } }
}
