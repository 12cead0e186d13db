import MonicaKit

/// One kind's records in insertion order.
package struct RecordTable: Sendable {
  /// Ids in the order the records were added.
  package private(set) var order: [Int] = []
  /// The records by id.
  package private(set) var records: [Int: JSONObject] = [:]
  /// The ids removed so far: an auto-increment never hands them out again, and a soft-deleted
  /// contact keeps its row (Contact.php:49 SoftDeletes), which `exists:contacts,id` still finds.
  package private(set) var removed: Set<Int> = []
  /// The ids of another account's rows (`--fixture-routes`, SandboxAPI+Fixtures.swift): taken
  /// from the same auto-increment, found by `exists`, never served.
  package var otherAccountIDs: Set<Int> = []

  package init() {}

  /// Adds or replaces a record, keeping its place when it exists.
  package mutating func put(_ id: Int, _ record: JSONObject) {
    if records.updateValue(record, forKey: id) == nil { order.append(id) }
  }

  /// Removes a record.
  package mutating func remove(_ id: Int) {
    guard records.removeValue(forKey: id) != nil else { return }
    order.removeAll { $0 == id }
    removed.insert(id)
  }

  /// The records in insertion order.
  package var all: [JSONObject] { order.compactMap { records[$0] } }

  /// The next free id.
  package var nextID: Int { max(records.keys.max() ?? 0, removed.max() ?? 0, otherAccountIDs.max() ?? 0) + 1 }
}

extension StoreContents {
  /// Whether Monica's `exists:<table>,id` rule finds `id` among `kind`'s rows: a row of the
  /// account's or of another account's (`RecordTable.exists`), or a soft-deleted contact, whose
  /// row stays (SoftDeletes, Contact.php:49) as Laravel's Exists rule reads the table with no model
  /// scope. The account-scoped look-up that follows leaves the last two out: a 404.
  package func rowExists(_ kind: RecordKind, _ id: Int) -> Bool {
    self[kind].exists(id) || (kind == .contact && self[kind].removed.contains(id))
  }
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
  /// The bytes of uploaded documents, by `new_filename` (seeded ones are made from their name).
  package var documentFiles: [String: [UInt8]] = [:]
  /// The reminder a life event made (its unprinted `reminder_id` column), by life event id.
  package var lifeEventReminders: [Int: Int] = [:]
  /// The reminder of a contact's first-met date (its unprinted `first_met_reminder_id`
  /// column), by contact id.
  package var firstMetReminders: [Int: Int] = [:]
  /// The compliance terms (`terms`): the one Monica's migration inserts, and any the fixture
  /// routes make.
  package var terms: [JSONObject] = [ComplianceResource.migrationTerm]
  /// The terms the user signed (`term_user`), by term id: the IP address given, and when.
  package var signatures: [Int: Signature] = [:]

  /// One row of `term_user`.
  package struct Signature: Sendable, Equatable {
    /// The IP address `POST /api/me/compliance` gave, if any.
    package var ipAddress: String?
    /// When it was signed, seconds since 1970.
    package var at: Int
  }

  package init(user: JSONObject) { self.user = user }

  /// One kind's table. Contact fields are kept by contact (`contactFields`): their table is
  /// made from there, in contact order, and written back there.
  package subscript(kind: RecordKind) -> RecordTable {
    get {
      guard kind == .contactField else { return tables[kind] ?? RecordTable() }
      var table = RecordTable()
      for contact in contactFields.keys.sorted() {
        for field in contactFields[contact] ?? [] {
          if let record = field.objectValue, let id = record["id"]?.intValue { table.put(id, record) }
        }
      }
      return table
    }
    set {
      guard kind == .contactField else { return tables[kind] = newValue }
      contactFields = Dictionary(grouping: newValue.all.map(JSONValue.object)) { $0["contact"]?["id"]?.intValue ?? 0 }
    }
    // In place, so that `contents[.contact].put(...)` does not copy a table of 100,000 contacts.
    _modify {
      if kind == .contactField {
        var table = self[kind]
        yield &table
        self[kind] = table
      } else {
        var table = tables.removeValue(forKey: kind) ?? RecordTable()
        defer { tables[kind] = table }
        yield &table
      }
    }
  }
}
