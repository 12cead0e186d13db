import MonicaKit

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
