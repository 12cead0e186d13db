import MonicaKit
import Synchronization

/// How a record is rendered in a response.
package enum RecordVariant: Sendable, Hashable {
  /// As the record is stored.
  case plain
  /// A contact as a free-text search returns it.
  case search
  /// A contact with `contactFields` and its latest notes.
  case contactFields
  /// A contact as a free-text search returns it, with `contactFields` and its latest notes.
  case searchContactFields

  /// This variant with `contactFields` and the latest notes added, as `with=contactfields` asks:
  /// app/Http/Resources/Contact/Contact.php:22 reads `with` in every item's `toArray`, list and
  /// search included, and ContactBase.php:101-102 adds both keys to every non-partial contact.
  package var withContactFields: RecordVariant {
    switch self {
    case .plain, .contactFields: .contactFields
    case .search, .searchContactFields: .searchContactFields
    }
  }
}

/// The sandbox's records in memory, with their wire bytes cached until the next write.
package final class RecordStore: Sendable {
  /// The mutable state behind the lock.
  package struct State: Sendable {
    /// The records.
    package var contents: StoreContents
    private var wireCache: [WireKey: [UInt8]] = [:]
    private var listingCache: [String: [Int]] = [:]

    struct WireKey: Hashable {
      var kind: RecordKind
      var id: Int
      var variant: RecordVariant
    }

    init(contents: StoreContents) { self.contents = contents }

    /// Forgets every cached rendering: any write may change embedded copies elsewhere.
    package mutating func invalidate() {
      wireCache.removeAll(keepingCapacity: true)
      listingCache.removeAll()
    }

    /// The record's JSON as Monica puts it on the wire.
    package mutating func wire(_ kind: RecordKind, _ id: Int, _ variant: RecordVariant = .plain) -> [UInt8]? {
      let key = WireKey(kind: kind, id: id, variant: variant)
      if let bytes = wireCache[key] { return bytes }
      guard let record = rendered(kind, id, variant) else { return nil }
      let bytes = JSONWriter.monica.bytes(.object(record))
      wireCache[key] = bytes
      return bytes
    }

    /// The record as a value, in the given variant.
    package func rendered(_ kind: RecordKind, _ id: Int, _ variant: RecordVariant = .plain) -> JSONObject? {
      guard let record = contents[kind].records[id] else { return nil }
      switch variant {
      case .plain: return record
      case .search: return RecordShapes.searchForm(of: record)
      case .contactFields, .searchContactFields:
        let notes = children(of: id, kind: .note)
          .sorted { ($0["created_at"]?.stringValue ?? "") > ($1["created_at"]?.stringValue ?? "") }
          .prefix(3).map(JSONValue.object)
        let base = variant == .searchContactFields ? RecordShapes.searchForm(of: record) : record
        return RecordShapes.withContactFields(base, fields: contents.contactFields[id] ?? [], notes: Array(notes))
      }
    }

    /// A cached list of ids, computed once until the next write.
    package mutating func listing(_ key: String, _ compute: (StoreContents) -> [Int]) -> [Int] {
      if let ids = listingCache[key] { return ids }
      let ids = compute(contents)
      listingCache[key] = ids
      return ids
    }

    /// The records of `kind` that belong to a contact: a note's `contact.id`, an activity's attendees.
    package func children(of contactID: Int, kind: RecordKind) -> [JSONObject] {
      contents[kind].all.filter { Self.contactIDs(of: $0, kind: kind).contains(contactID) }
    }

    /// The contacts a record belongs to: the ids at the kind's first reference to a contact (the
    /// one its nested route `/contacts/{id}/<kind>` follows); none for contacts themselves.
    package static func contactIDs(of record: JSONObject, kind: RecordKind) -> [Int] {
      guard kind != .contact, let owner = kind.references.first(where: { $0.object == RecordKind.contact.object })
      else { return [] }
      return owner.ids(in: .object(record))
    }
  }

  private let state: Mutex<State>

  /// A store serving `contents`.
  package init(contents: StoreContents) { state = Mutex(State(contents: contents)) }

  /// Runs `body` with exclusive access to the state.
  package func withState<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try state.withLock { try body(&$0) }
  }
}
