import MonicaKit

/// The kinds of records the sandbox serves and accepts.
package enum RecordKind: String, CaseIterable, Sendable {
  case contact, activity, note, task, gift, photo, tag

  /// The path segment of the kind's routes.
  package var plural: String {
    switch self {
    case .activity: "activities"
    default: rawValue + "s"
    }
  }

  /// The kind of a path segment such as `notes`.
  package init?(plural: String) {
    guard let kind = RecordKind.allCases.first(where: { $0.plural == plural }) else { return nil }
    self = kind
  }

  /// The sortable columns the kind's table really has; another valid name is an SQL error (40).
  package var sortColumns: Set<String> {
    switch self {
    case .note: ["created_at", "updated_at", "favorited_at"]
    case .task: ["created_at", "updated_at", "completed_at"]
    default: ["created_at", "updated_at"]
    }
  }

  /// The id type of a delete answer: Monica echoes the route's string for most kinds.
  package var deletesWithStringID: Bool { self != .note && self != .photo }
}

/// One kind's records in insertion order.
package struct RecordTable: Sendable {
  /// Ids in the order the records were added.
  package private(set) var order: [Int] = []
  /// The records by id.
  package private(set) var records: [Int: JSONObject] = [:]

  package init() {}

  /// Adds or replaces a record, keeping its place when it exists.
  package mutating func put(_ id: Int, _ record: JSONObject) {
    if records.updateValue(record, forKey: id) == nil { order.append(id) }
  }

  /// Removes a record.
  package mutating func remove(_ id: Int) {
    guard records.removeValue(forKey: id) != nil else { return }
    order.removeAll { $0 == id }
  }

  /// The records in insertion order.
  package var all: [JSONObject] { order.compactMap { records[$0] } }

  /// The next free id.
  package var nextID: Int { (records.keys.max() ?? 0) + 1 }
}

/// The whole account the sandbox serves: records plus what Monica keeps beside them.
package struct StoreContents: Sendable {
  /// The `/api/me` record.
  package var user: JSONObject
  /// The records of each kind.
  package var tables: [RecordKind: RecordTable] = [:]
  /// Contact fields (emails, phones...) by contact id, for `with=contactfields` and `field:` search.
  package var contactFields: [Int: [JSONValue]] = [:]
  /// Avatars of partial contacts, whose full form has none but whose short form shows one.
  package var partialAvatars: [Int: JSONValue] = [:]

  package init(user: JSONObject) { self.user = user }

  /// One kind's table.
  package subscript(kind: RecordKind) -> RecordTable {
    get { tables[kind] ?? RecordTable() }
    set { tables[kind] = newValue }
  }
}
