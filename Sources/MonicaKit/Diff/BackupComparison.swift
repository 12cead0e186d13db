/// Two record streams compared by (object, id): `monica-diff OLD NEW`.
///
/// The old side is held in memory, each record's bytes as read (about the size of the file, plus
/// some 100 bytes a record), and the new side streamed past it, so memory follows the old side
/// alone and either stream may come in any order. A new record whose bytes are the old one's is
/// the same without being parsed; only records that differ are parsed and walked.
///
/// A record that either stream holds twice (the same object and id on two lines) stops the
/// comparison as malformed input (65) naming both lines: which one is the real record cannot be
/// told, and a restore that took the first would create whatever a prepended line says.
///
/// With a map (`monica-push --create --map`'s, after a restore), the old records are compared
/// with the new ones they became: their ids and the ids they refer to are translated through the
/// map, and a record created again is not said to differ in what every create makes anew
/// (`RestorePlan.remade`).
package final class BackupComparison {
  /// One old record: its bytes, where it stood in the old stream (its order and line), whether
  /// the new stream had it (and on which line), and its id on the old side when the map gave it
  /// another.
  struct Kept {
    var bytes: [UInt8]
    let order: Int
    let line: Int32
    var newLine: Int32 = 0
    var sourceID: String?
  }

  private var old: [RecordKey: Kept] = [:]
  /// Fields left out of the comparison.
  private let ignored: Set<String>
  /// Fields left out of the comparison of a record the map translates: also what every create
  /// makes anew (`RestorePlan.remade`).
  private let ignoredThroughMap: Set<String>
  /// Whether the copies of other records a record embeds are compared whole (`--embedded`).
  private let showingEmbedded: Bool
  /// The map the old records are translated through, if any.
  private let map: MapFile?
  /// Records of both streams that lost their owner: the owner's key (a note of a deleted contact).
  package private(set) var orphans: [RecordKey: RecordKey] = [:]
  /// Records of both streams that no longer refer to a contact they referred to, other than as
  /// its owner (a gift's recipient, an activity's attendee): the record, the contact, the path.
  package private(set) var lostLinks: [(record: RecordKey, contact: RecordKey, path: String)] = []
  /// How many records each side had, and how many differ.
  package private(set) var counts = (old: 0, new: 0, added: 0, changed: 0, removed: 0)

  /// Reads the old stream whole. A line without `object` and `id` cannot be compared, nor can a
  /// record met twice: malformed input (65) at its place. With `map`, each record is keyed by the
  /// id the map gives it on the new side.
  package init(
    old stream: RecordStream, ignoring ignored: Set<String> = [], showingEmbedded: Bool = false,
    through map: MapFile? = nil
  ) throws(MonicaError) {
    self.ignored = ignored
    ignoredThroughMap = ignored.union(RestorePlan.remade)
    self.showingEmbedded = showingEmbedded
    self.map = map
    var order = 0
    try stream.forEach { (record) throws(MonicaError) in
      guard var key = RecordKey(record) else { return try Self.unkeyed(record, stream) }
      var sourceID: String?
      if let map, let id = key.number, let target = map.target(of: key.object, source: id), target != id {
        sourceID = key.id
        key = RecordKey(object: key.object, id: String(target))
      }
      if let first = old[key] {
        let what = sourceID.map { "\(key.object) #\($0), which the map makes #\(key.id)," } ?? "\(key)"
        throw Self.twice(what, record, first: first.line)
      }
      old[key] = Kept(
        bytes: Array(record.root.slice), order: order, line: Int32(clamping: record.line), sourceID: sourceID)
      order += 1
    }
    counts.old = old.count
  }

  /// A record met twice in one backup: malformed input at its second place.
  private static func twice(_ what: String, _ record: Record, first: Int32) -> MonicaError {
    .malformedInput(
      source: record.source, line: record.line,
      reason: "\(what) is also at line \(first): a backup holds each record once, and which of the two is the "
        + "real one cannot be told; remove the other line and run again")
  }

  /// Streams the new side past the old one: `report` is given each record added or changed as it
  /// is met, then each removed one in the old stream's order.
  package func compare(new stream: RecordStream, report: (Difference) throws(MonicaError) -> Void)
    throws(MonicaError)
  {
    var met: [RecordKey: Int32] = [:]
    // The copies each kind embeds, read from the catalogue once per kind.
    var embedded: [String: EmbeddedCopies] = [:]
    try stream.forEach { (record) throws(MonicaError) in
      guard let key = RecordKey(record) else { return try Self.unkeyed(record, stream) }
      guard var kept = old[key] else {
        if let first = met[key] { throw Self.twice("\(key)", record, first: first) }
        met[key] = Int32(clamping: record.line)
        counts.new += 1
        counts.added += 1
        return try report(.added(key, record: Array(record.root.slice)))
      }
      if kept.newLine > 0 { throw Self.twice("\(key)", record, first: kept.newLine) }
      counts.new += 1
      kept.newLine = Int32(clamping: max(record.line, 1))
      let bytes = record.root.slice
      let same = kept.sourceID == nil && kept.bytes.elementsEqual(bytes)
      let before = same ? nil : (try? JSONValue(parsing: kept.bytes)).map { translated($0, key, kept) }
      let after = before == nil ? nil : try? JSONValue(parsing: bytes)
      let owner = before.flatMap { old in after.flatMap { Self.lostOwner(key, old, $0) } }
      // The old bytes stay only when the restore needs them: a record whose owner is gone, or
      // that named a contact it names no more (given it back after the restore).
      let lostLink = before.flatMap { old in after.map { noticeLostLinks(key, old, $0) } } ?? false
      if let owner { orphans[key] = owner } else if !lostLink { kept.bytes = [] }
      old[key] = kept
      guard let before, let after else { return }
      var copies = EmbeddedCopies.none
      if !showingEmbedded {
        copies = embedded[key.object] ?? EmbeddedCopies(RecordKind.named(key.object))
        embedded[key.object] = copies
      }
      let fields = FieldChanges(
        old: before, new: after, ignoring: kept.sourceID == nil ? ignored : ignoredThroughMap, embedded: copies)
      if fields.isEmpty { return }
      counts.changed += 1
      try report(.changed(key, fields: fields, orphanOf: orphans[key]))
    }
    for (key, kept) in removedRecords {
      counts.removed += 1
      try report(.removed(key, record: kept.bytes))
    }
  }

  /// The old records the new stream lacks, in the old stream's order, under their old keys.
  private var removedRecords: [(RecordKey, Kept)] {
    old.filter { $0.value.newLine == 0 }.sorted { $0.value.order < $1.value.order }.map { key, kept in
      (kept.sourceID.map { RecordKey(object: key.object, id: $0) } ?? key, kept)
    }
  }

  /// Whether `key` is a record of both streams.
  package func isInBoth(_ key: RecordKey) -> Bool { (old[key]?.newLine ?? 0) > 0 }

  /// The keys of the records of both streams, in the old stream's order.
  package var keysInBoth: [RecordKey] {
    old.filter { $0.value.newLine > 0 }.sorted { $0.value.order < $1.value.order }.map(\.key)
  }

  /// The old record as the new side would hold it: its id and the ids it refers to translated
  /// through the map, and its API address (`url`, which ends with its id) made the new one's.
  private func translated(_ record: JSONValue, _ key: RecordKey, _ kept: Kept) -> JSONValue {
    guard let map, let kind = RecordKind.named(key.object) else { return record }
    var value = record
    for reference in kind.references where !reference.byName {
      value = reference.rewriting(value) { element in
        guard let id = element.intValue, let target = map.target(of: reference.object, source: id) else {
          return element
        }
        return .int(target)
      }
    }
    guard let sourceID = kept.sourceID, case .object(var object) = value else { return value }
    object["id"] = key.idValue
    let address = "\(kind.path)/\(sourceID)"
    if let url = object["url"]?.stringValue, url.hasSuffix(address) {
      object["url"] = .string(String(url.dropLast(address.count)) + "\(kind.path)/\(key.id)")
    }
    return .object(object)
  }

  /// The old record of `key` as read, when it was removed or lost its owner; `nil` otherwise.
  package func oldRecord(_ key: RecordKey) -> [UInt8]? {
    guard let kept = old[key], !kept.bytes.isEmpty else { return nil }
    return kept.bytes
  }

  /// Where `key` stood in the old stream.
  package func oldOrder(_ key: RecordKey) -> Int? { old[key]?.order }

  /// The owner (`contact.id`) the old record had and the new one has no more, when there is one.
  static func lostOwner(_ key: RecordKey, _ before: JSONValue, _ after: JSONValue) -> RecordKey? {
    guard let reference = RecordKind.named(key.object)?.owner, let owner = RecordKey(reference, in: before),
      RecordKey(reference, in: after) == nil
    else { return nil }
    return owner
  }

  /// Notes the contacts `before` named and `after` does not; whether there were any.
  private func noticeLostLinks(_ key: RecordKey, _ before: JSONValue, _ after: JSONValue) -> Bool {
    guard let kind = RecordKind.named(key.object) else { return false }
    var any = false
    for reference in kind.contactReferences where reference != kind.owner {
      let kept = Set(reference.ids(in: after))
      for id in reference.ids(in: before) where !kept.contains(id) {
        lostLinks.append((key, RecordKey(object: reference.object, id: String(id)), reference.path))
        any = true
      }
    }
    return any
  }

  private static func unkeyed(_ record: Record, _ stream: RecordStream) throws(MonicaError) {
    try stream.reject(
      source: record.source, line: record.line,
      reason: "a record without \"object\" and \"id\" cannot be compared with another")
  }
}

/// One difference between the two streams.
package enum Difference {
  /// A record only the new stream has, as read.
  case added(RecordKey, record: [UInt8])
  /// A record both have, with the fields that differ; `orphanOf` names the owner it lost.
  case changed(RecordKey, fields: FieldChanges, orphanOf: RecordKey?)
  /// A record only the old stream has, as read.
  case removed(RecordKey, record: [UInt8])

  /// The record the difference is about.
  package var key: RecordKey {
    switch self {
    case .added(let key, _), .changed(let key, _, _), .removed(let key, _): key
    }
  }

  /// The NDJSON line: `{"change":"removed","object":"contact","id":5,"record":{...}}`, the
  /// record's bytes as read; `{"change":"changed",...,"fields":{"body":["old","new"]}}`.
  package var line: [UInt8] {
    var out: [UInt8] = []
    let writer = JSONWriter.monica
    func head(_ change: String) {
      out += Array(#"{"change":"#.utf8)
      writer.writeString(change, to: &out)
      out += Array(#","object":"#.utf8)
      writer.writeString(key.object, to: &out)
      out += Array(#","id":"#.utf8)
      writer.write(key.idValue, to: &out)
    }
    switch self {
    case .added(_, let record), .removed(_, let record):
      head(self.isAdded ? "added" : "removed")
      out += Array(#","record":"#.utf8) + record
    case .changed(_, let fields, _):
      head("changed")
      out += Array(#","fields":"#.utf8)
      writer.write(fields.json, to: &out)
    }
    out.append(UInt8(ascii: "}"))
    return out
  }

  private var isAdded: Bool {
    if case .added = self { return true }
    return false
  }
}
