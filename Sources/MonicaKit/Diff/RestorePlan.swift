/// What `monica-diff --restore` hands to `monica-push --create --map`: the records the new stream
/// lost, in the order a create needs them (each after the records it refers to), the records of
/// both streams that stay as they are (the map's identity lines), and what cannot be brought
/// back through the API, with the reason.
package struct RestorePlan {
  /// The records to create again, as the old stream had them, referents first.
  package private(set) var records: [(key: RecordKey, bytes: [UInt8])] = []
  /// The records of both streams whose references are kept as they are: `object id id` lines.
  package private(set) var identities: [RecordKey] = []
  /// Records of both streams that named a contact the restore makes again (an activity's
  /// attendee), as the old stream had them: written after the restored records, for
  /// `monica-push` to put the restored contacts back into them (`isRelinkable`).
  package private(set) var relinks: [(key: RecordKey, bytes: [UInt8])] = []
  /// What is not restored, or not wholly: one phrase per record, grouped by the caller.
  package private(set) var losses: [(key: RecordKey, reason: String)] = []

  /// The plan for what `comparison` found, once its `compare` has run.
  package init(_ comparison: BackupComparison, removed: [RecordKey], changed: [(key: RecordKey, paths: [String])]) {
    let gone = Set(removed)
    // A record of both that lost its owner (a note of a deleted contact) is listed by Monica until
    // the contact is pruned, but belongs to no one: it is made again with its owner.
    let orphans = comparison.orphans.filter { gone.contains($0.value) }
    var chosen: [RecordKey] = []
    for key in removed + orphans.keys {
      if let reason = Self.unrestorable(key, comparison.oldRecord(key)) {
        losses.append((key, reason))
      } else {
        chosen.append(key)
      }
    }
    let rank = Dictionary(RecordKind.dependencyOrder.enumerated().map { ($1.object, $0) }) { first, _ in first }
    chosen.sort { a, b in
      let left = rank[a.object] ?? Int.max
      let right = rank[b.object] ?? Int.max
      if left != right { return left < right }
      return (comparison.oldOrder(a) ?? 0) < (comparison.oldOrder(b) ?? 0)
    }
    records = chosen.compactMap { key in comparison.oldRecord(key).map { (key, $0) } }
    identities = comparison.keysInBoth.filter { key in
      guard orphans[key] == nil, key.number != nil, let kind = RecordKind.named(key.object) else { return false }
      return kind.matching != .global
    }
    let restored = Set(records.map(\.key))
    // Where a restored contact was named, by a record that survived: put back by monica-push
    // when the reference can be set, said here otherwise. One word per record, not one per link
    // and again as a change.
    var relinked: [RecordKey: Set<String>] = [:]
    var order: [RecordKey] = []
    for link in comparison.lostLinks where gone.contains(link.contact) && !restored.contains(link.record) {
      guard let kind = RecordKind.named(link.record.object),
        let reference = kind.contactReferences.first(where: { $0.path == link.path })
      else { continue }
      if Self.isRelinkable(kind, reference), comparison.oldRecord(link.record) != nil {
        if relinked[link.record] == nil { order.append(link.record) }
        relinked[link.record, default: []].insert(String(link.path.split(separator: ".")[0]))
      } else if !losses.contains(where: { $0.key == link.record }) {
        losses.append(
          (
            link.record,
            "kept, but its \(link.path) no longer names the restored \(link.contact): "
              + "its kind cannot be given it back through the API; set it again with monica-push"
          ))
      }
    }
    relinks = order.compactMap { key in comparison.oldRecord(key).map { (key, $0) } }
    for (key, paths) in changed where orphans[key] == nil && !paths.allSatisfy(Self.isDerived) {
      // A change in the references put back alone is the relink's, not a loss.
      let covered = relinked[key] ?? []
      if !covered.isEmpty,
        paths.allSatisfy({ Self.isDerived($0) || covered.contains(String($0.split(separator: ".")[0])) })
      {
        continue
      }
      guard !losses.contains(where: { $0.key == key }) else { continue }
      losses.append(
        (
          key,
          "changed since the old backup: --restore only creates what was lost; "
            + "send the old version to monica-push to put it back"
        ))
    }
  }

  /// Whether `monica-push` can put a contact back at `reference` of a surviving record of `kind`
  /// (`Migration.relinkRestoredContacts`): the kind has an update route that takes the reference,
  /// an object's `id` (`recipient.id`) or the `id` of each element of a list directly under a
  /// key of the record (`attendees.contacts[].id`).
  package static func isRelinkable(_ kind: RecordKind, _ reference: KindReference) -> Bool {
    guard kind.writes != nil, kind.routes.contains(.update), reference != kind.owner else { return false }
    let segments = reference.segments
    guard let last = segments.last, last.key == "id", !last.each, segments.count >= 2 else { return false }
    return segments.dropLast().dropLast().allSatisfy { !$0.each }
  }

  /// Whether a changed field is one Monica computes from other records (a contact's counts of
  /// relationships and notes, its latest notes) or the time of the change: one a restore of the
  /// lost records puts right, or that no one sets.
  static func isDerived(_ path: String) -> Bool {
    ["information.relationships", "statistics", "notes", "updated_at"].contains {
      path == $0 || path.hasPrefix($0 + ".")
    }
  }

  /// Why the old record `key` cannot be made again through the API, or `nil` when it can.
  static func unrestorable(_ key: RecordKey, _ bytes: [UInt8]?) -> String? {
    guard let kind = RecordKind.named(key.object) else {
      return "not a kind of record monica-push knows"
    }
    switch kind.matching {
    case .notCopied where kind == .auditLog:
      return "Monica writes the audit log itself; no API route creates an entry (routes/api.php:144,150 only list)"
    case .notCopied:
      return "the account's own record; no API route creates one"
    case .global:
      return "the same on every instance; nothing to create"
    case .created, .byName:
      break
    }
    guard let bytes, let record = try? JSONValue(parsing: bytes) else { return "the old backup's line does not parse" }
    if kind == .photo, record["dataUrl"]?.stringValue == nil {
      return "the backup has no bytes of it (its dataUrl is null: the file was missing on the server)"
    }
    if kind.writes == nil && kind != .photo && kind != .document {
      return "the API has no create route for \(kind.singular) records (routes/api.php)"
    }
    if let owner = kind.owner, RecordKey(owner, in: record) == nil, kind != .task {
      return "it belonged to a contact that neither backup holds (its contact is null)"
    }
    return nil
  }

  /// What the restore cannot keep of every record it makes: one line each, for stderr and the
  /// manual.
  package static let alwaysLost = [
    "the restored records get new ids (the map file says which old id is which new one)",
    "created_at and updated_at are the time of the restore (the server sets them, Eloquent timestamps)",
  ]

  /// The fields of a record that its create makes anew, whatever the line sent: compared with
  /// the backup through the map (`monica-diff --map`), a restored record is not said to differ in
  /// them. Its id is the map's, its `url` (the API's address of it) follows its id; these are set
  /// by the server: a new uuid (app/Traits/HasUuid.php:16-22), a contact's hash id, derived from
  /// its id (app/Traits/Hasher.php:33, ContactBase.php:112-124), the timestamps, and a photo's or
  /// document's stored file, saved under a new name (UploadPhoto.php:89,132,
  /// UploadDocument.php:70-76) that its `link` ends with.
  package static let remade: Set<String> = [
    "uuid", "hash_id", "created_at", "updated_at", "new_filename", "link",
  ]

  /// What a restored document may not get back.
  package static let documentBytes =
    "documents come back only when the instance serves their link without a browser session (public storage): "
    + "the backup holds the link, not the bytes"
}
