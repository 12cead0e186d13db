/// The people of a record stream and the relationships between them, as Monica keeps them.
///
/// Monica stores a relationship as two rows, one from each side (CreateRelationship.php:48-55
/// makes the reverse with the type's `name_reverse_relationship`, RelationshipType.php:57). A
/// row `contact_is A, relationship_type T, of_contact B` says B is A's T: A's page lists B
/// under T, named for B's gender (ContactsController.php:258, _relationship.blade.php:1-16).
/// Rows come from relationship records and from contacts' `information.relationships`
/// (ContactBase.php:40-57, grouped by type group there); the two rows of a pair become one edge.
package struct RelationshipGraph {
  /// A person: a contact of the stream, or one only named by a relationship.
  package struct Person {
    package let id: Int
    package var name: String
    package var dead: Bool
  }

  /// One row of Monica's `relationships` table.
  struct Row {
    let id: String
    let from: Int
    let to: Int
    var name: String
    var reverse: String?
    /// The group a contact lists the row under.
    var group: String?
    /// The group's id a relationship record gives (`relationship_type_group_id`).
    var groupID: Int?
  }

  /// A pair drawn once: what `from` is to `to` and what `to` is to `from`.
  package struct Edge: Equatable {
    package let from: Int
    package let to: Int
    /// What `from` is to `to` (`child`), when known.
    package let fromRole: String?
    /// What `to` is to `from` (`parent`).
    package let toRole: String
    /// `love`, `family`, `friend`, `work`, or `nil` for a type of another group.
    package let group: String?

    /// `child / parent`, or one name when both sides are the same (`sibling`).
    package var label: String {
      guard let fromRole, fromRole != toRole else { return toRole }
      return fromRole + " / " + toRole
    }
  }

  package private(set) var people: [Int: Person] = [:]
  private var rows: [String: Row] = [:]
  /// The account's type groups by id, from `relationshiptypegroup` records (`monica-fetch --all`).
  private var groupNames: [Int: String] = [:]

  package init() {}

  /// What a kind's records give the graph.
  enum Role: Sendable {
    /// A contact: a node, and the rows of its `information.relationships`.
    case person
    /// A relationship record: a row.
    case row
    /// A type group: its name, for the rows that give only its id.
    case groupName
    /// Nothing.
    case none
  }

  /// Each kind's role in the graph.
  static let roles = KindRegistry<Role>(
    "graph kinds (RelationshipGraph)", [.contact: .person, .relationship: .row, .relationshipTypeGroup: .groupName],
    common: .none,
    for: [
      .activity, .note, .task, .gift, .tag, .photo, .user, .call, .conversation, .reminder, .debt, .entry, .address,
      .contactField, .pet, .lifeEvent, .document, .occupation, .gender, .place, .company, .activityType,
      .activityTypeCategory, .contactFieldType, .relationshipType, .country, .currency, .auditLog,
    ])

  /// Monica's default relationship types, by name: their group and reverse name, as the
  /// migration 2018_03_18_085815_populate_default_relationship_type_tables.php seeds them (love
  /// :18-58 with ex at :55, family :61-116, friend :118-133, work :135-165). A relationship
  /// record gives only its group's id, which differs per account: without the account's
  /// `relationshiptypegroup` records in the stream, the type's name finds the group.
  static let defaultTypes: [String: (group: String, reverse: String)] = [
    "partner": ("love", "partner"), "spouse": ("love", "spouse"), "date": ("love", "date"),
    "lover": ("love", "lover"), "inlovewith": ("love", "lovedby"), "lovedby": ("love", "inlovewith"),
    "ex": ("love", "ex"), "parent": ("family", "child"), "child": ("family", "parent"),
    "sibling": ("family", "sibling"), "grandparent": ("family", "grandchild"),
    "grandchild": ("family", "grandparent"), "uncle": ("family", "nephew"), "nephew": ("family", "uncle"),
    "cousin": ("family", "cousin"), "godfather": ("family", "godson"), "godson": ("family", "godfather"),
    "friend": ("friend", "friend"), "bestfriend": ("friend", "bestfriend"), "colleague": ("work", "colleague"),
    "boss": ("work", "subordinate"), "subordinate": ("work", "boss"), "mentor": ("work", "protege"),
    "protege": ("work", "mentor"),
  ]

  /// The type groups of ContactBase.php:41-56, in the order the legend lists them.
  package static let groups = ["love", "family", "friend", "work"]

  /// Takes a contact (a node, and its rows), a relationship record (a row) or a type group (its
  /// name); `false` for other records.
  package mutating func add(_ record: RawValue, kind: String) -> Bool {
    switch Self.roles[object: kind] ?? .none {
    case .person:
      guard let id = Self.id(record) else { return true }
      meet(record, full: true)
      let groups = record.member("information")?.member("relationships")
      for group in Self.groups {
        for entry in groups?.member(group)?.member("contacts")?.elements ?? [] {
          guard let relationship = entry.member("relationship"), let other = entry.member("contact"),
            let rowID = relationship.member("id")?.displayText, let to = Self.id(other)
          else { continue }
          meet(other, full: false)
          merge(Row(id: rowID, from: id, to: to, name: relationship.member("name")?.stringValue ?? "", group: group))
        }
      }
      return true
    case .row:
      guard let rowID = record.member("id")?.displayText, let one = record.member("contact_is"),
        let other = record.member("of_contact"), let from = Self.id(one), let to = Self.id(other)
      else { return true }
      meet(one, full: false)
      meet(other, full: false)
      let type = record.member("relationship_type")
      let name = type?.member("name")?.stringValue ?? ""
      merge(
        Row(
          id: rowID, from: from, to: to, name: name, reverse: type?.member("name_reverse_relationship")?.stringValue,
          groupID: type?.member("relationship_type_group_id").flatMap { Int($0.displayText) }))
      return true
    case .groupName:
      if let id = Self.id(record), let name = record.member("name")?.stringValue { groupNames[id] = name }
      return true
    case .none:
      return false
    }
  }

  /// The pairs, each drawn once, in a stable order.
  package var edges: [Edge] {
    let sorted = rows.values.sorted { ($0.from, $0.to, $0.id) < ($1.from, $1.to, $1.id) }
    // The rows from one person to another, so that finding a twin does not scan every row.
    var between: [[Int]: [Row]] = [:]
    for row in sorted { between[[row.from, row.to], default: []].append(row) }
    var paired: Set<String> = []
    var edges: [Edge] = []
    for row in sorted where !paired.contains(row.id) {
      paired.insert(row.id)
      let reverse = row.reverse ?? Self.defaultTypes[row.name]?.reverse
      let twin = between[[row.to, row.from]]?.first { other in
        guard !paired.contains(other.id) else { return false }
        let otherReverse = other.reverse ?? Self.defaultTypes[other.name]?.reverse
        return (reverse == nil || reverse == other.name) && (otherReverse == nil || otherReverse == row.name)
      }
      if let twin { paired.insert(twin.id) }
      edges.append(
        Edge(
          from: row.from, to: row.to, fromRole: twin?.name ?? reverse, toRole: row.name,
          group: group(of: row) ?? twin.flatMap(group(of:))))
    }
    return edges
  }

  /// The people at most `depth` relationships away from `center`; `nil` when nobody has that id.
  package func around(_ center: Int, depth: Int, edges: [Edge]) -> Set<Int>? {
    guard people[center] != nil else { return nil }
    var neighbours: [Int: [Int]] = [:]
    for edge in edges {
      neighbours[edge.from, default: []].append(edge.to)
      neighbours[edge.to, default: []].append(edge.from)
    }
    var reached: Set<Int> = [center]
    var frontier = [center]
    for _ in 0..<max(0, depth) {
      frontier = frontier.flatMap { neighbours[$0] ?? [] }.filter { reached.insert($0).inserted }
      if frontier.isEmpty { break }
    }
    return reached
  }

  /// A row's group: as a contact lists it, else by its group's id, else by its type's name.
  private func group(of row: Row) -> String? {
    row.group ?? row.groupID.flatMap { groupNames[$0] } ?? Self.defaultTypes[row.name]?.group
  }

  /// Records a person; a full contact's name wins over the short one a relationship embeds.
  private mutating func meet(_ contact: RawValue, full: Bool) {
    guard let id = Self.id(contact) else { return }
    if !full, people[id] != nil { return }
    people[id] = Person(id: id, name: CalendarSink.name(of: contact), dead: contact.member("is_dead")?.isTrue == true)
  }

  /// Adds a row, or fills in what the same row seen elsewhere lacked (its reverse, its group).
  private mutating func merge(_ row: Row) {
    guard var known = rows[row.id] else {
      rows[row.id] = row
      return
    }
    if known.name.isEmpty { known.name = row.name }
    known.reverse = known.reverse ?? row.reverse
    known.group = known.group ?? row.group
    known.groupID = known.groupID ?? row.groupID
    rows[row.id] = known
  }

  private static func id(_ contact: RawValue) -> Int? {
    contact.member("id").flatMap { Int($0.displayText) }
  }
}
