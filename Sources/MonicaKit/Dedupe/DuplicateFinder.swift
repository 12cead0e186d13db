/// Finds groups of contacts that are one person, as `IdentityJudgement` judges them.
///
/// The contacts are held in an `IdentityIndex`, so only contacts that share a block (an e-mail,
/// a phone's last digits, a name or a form of it) are ever judged: the work grows with the
/// contacts and the sizes of their blocks, never with the square of the contacts. Groups are
/// formed from the pairs scoring at least `minScore`, strongest first, and only ever by
/// complete linkage: two groups join only when every member of one is judged with every member
/// of the other at `minScore` or more. A chain never joins strangers: A shares a phone with B
/// and B an e-mail with C, but when A and C are not judged one person (other first names, other
/// birthdays) C stays out of A's group.
package struct DuplicateFinder {
  /// The lowest score a pair needs, and every pair of a group.
  package var minScore: Double
  /// A key shared by more contacts than this (a switchboard's number, a family's address, a
  /// common name) is not compared by; the finder says so through `warn`.
  package var blockLimit: Int
  /// The most contacts one group holds: a group that would grow past it stays apart (a merge
  /// of dozens of contacts into one is a mistake more often than not).
  package var groupLimit: Int
  /// Where warnings go, one line each.
  package var warn: (String) -> Void
  /// The contacts in the order read, at most one per id.
  package private(set) var contacts: [DedupeContact] = []
  /// Where each contact's id is in `contacts`.
  private var indices: [Int: Int] = [:]
  /// Contact fields met before their contact, by contact id.
  private var pendingFields: [Int: [(kind: ContactFieldKind, content: String)]] = [:]

  package init(
    minScore: Double = IdentityJudgement.likely, blockLimit: Int = 100, groupLimit: Int = 20,
    warn: @escaping (String) -> Void = { _ in }
  ) {
    (self.minScore, self.blockLimit, self.groupLimit, self.warn) = (minScore, blockLimit, groupLimit, warn)
  }

  /// Takes a contact; a partial one, or a second record of one id, is passed over.
  package mutating func add(_ contact: DedupeContact) {
    guard !contact.person.isPartial, indices[contact.id] == nil else { return }
    indices[contact.id] = contacts.count
    contacts.append(contact)
    for field in pendingFields.removeValue(forKey: contact.id) ?? [] {
      add(field: field.kind, content: field.content, contact: contact.id)
    }
  }

  /// Takes a contact field given apart from its contact (`monica-fetch --all` writes them as
  /// `contactfield` records): an e-mail address or phone number the contact does not show yet
  /// joins it and counts as one of its records; other kinds are passed over.
  package mutating func add(field kind: ContactFieldKind, content: String, contact id: Int) {
    guard kind == .email || kind == .phone, !content.trimmingWhiteSpace.isEmpty else { return }
    guard let index = indices[id] else { return pendingFields[id, default: []].append((kind, content)) }
    if contacts[index].person.add(field: kind, content: content) { contacts[index].records += 1 }
  }

  /// The groups found, highest score first (then by the keeper's id).
  package func groups() -> [DuplicateGroup] {
    var judged: [Pair: IdentityJudgement] = [:]
    var index = IdentityIndex<Int>(blockLimit: blockLimit)
    for (position, contact) in contacts.enumerated() { index.add(contact.person, as: position) }
    let compared = contacts.indices.compactMap { index.compared($0) }
    for block in index.oversizedBlocks {
      warn("\(block.count) contacts share \(IdentityIndex<Int>.describe(block.key)): they are not compared by it")
    }
    for (position, asked) in compared.enumerated() {
      // Each pair once: a contact is judged against the later ones only, never both ways.
      for match in index.matches(for: asked, minScore: minScore, excluding: position, including: { $0 > position }) {
        judged[Pair(position, match.key)] = match.judgement
      }
    }
    let strongest = judged.sorted {
      ($0.value.score, -$0.key.low, -$0.key.high) > ($1.value.score, -$1.key.low, -$1.key.high)
    }
    var clusters = Clusters(count: contacts.count)
    for (pair, _) in strongest {
      let (a, b) = (clusters.root(pair.low), clusters.root(pair.high))
      guard a != b else { continue }
      let (one, other) = (clusters.members(of: a), clusters.members(of: b))
      guard one.count + other.count <= groupLimit else { continue }
      // Complete linkage: every member with every member, judged now when no block met them.
      var crossing: [IdentityJudgement] = []
      for x in one {
        for y in other {
          let key = Pair(x, y)
          let judgement = judged[key] ?? compared[key.low].judge(compared[key.high])
          judged[key] = judgement
          crossing.append(judgement)
        }
      }
      guard crossing.allSatisfy({ $0.score >= minScore }) else { continue }
      clusters.join(a, b)
    }
    var groups = clusters.groups.map { members in
      let pairs = members.indices.flatMap { i in members[(i + 1)...].compactMap { judged[Pair(members[i], $0)] } }
      return DuplicateGroup(
        contacts: members.map { contacts[$0] }, score: pairs.map(\.score).min() ?? 0,
        reasons: Self.once(pairs.flatMap(\.reasonsFor)), against: Self.once(pairs.flatMap(\.reasonsAgainst)))
    }.sorted { ($0.score, -$0.keep.id) > ($1.score, -$1.keep.id) }
    let related = relatedFrom(Set(groups.flatMap { $0.merge.map(\.id) }))
    for index in groups.indices {
      let members = Set([groups[index].keep.id] + groups[index].merge.map(\.id))
      let holders = groups[index].merge.flatMap { related[$0.id] ?? [] }.filter { !members.contains($0) }
      groups[index].relatedFrom = Array(Set(holders)).sorted()
    }
    return groups
  }

  /// Each string once, in the order first met.
  private static func once(_ texts: [String]) -> [String] {
    var seen: Set<String> = []
    return texts.filter { seen.insert($0).inserted }
  }

  /// For each of `ids`, the contacts whose own relationships name it.
  private func relatedFrom(_ ids: Set<Int>) -> [Int: [Int]] {
    var holders: [Int: [Int]] = [:]
    for contact in contacts {
      for other in contact.relatedTo where ids.contains(other) { holders[other, default: []].append(contact.id) }
    }
    return holders
  }
}

/// Two positions in `contacts`, the lower first.
private struct Pair: Hashable {
  let low: Int
  let high: Int
  init(_ a: Int, _ b: Int) { (low, high) = a < b ? (a, b) : (b, a) }
}

/// Groups of contact positions joined pair by pair (a union-find that keeps its members).
private struct Clusters {
  private var parent: [Int]
  private var memberLists: [Int: [Int]] = [:]

  init(count: Int) { parent = Array(0..<count) }

  /// The members of the group whose root is `root`, in the order joined.
  func members(of root: Int) -> [Int] { memberLists[root] ?? [root] }

  mutating func root(_ index: Int) -> Int {
    var index = index
    while parent[index] != index {
      parent[index] = parent[parent[index]]
      index = parent[index]
    }
    return index
  }

  mutating func join(_ a: Int, _ b: Int) {
    let members = members(of: a) + members(of: b)
    memberLists[b] = nil
    parent[b] = a
    memberLists[a] = members
  }

  /// The groups of more than one contact, each sorted.
  var groups: [[Int]] { memberLists.values.filter { $0.count > 1 }.map { $0.sorted() } }
}
