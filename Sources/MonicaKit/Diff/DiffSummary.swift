/// `monica-diff --format text`: one readable line per difference, a removed contact with what
/// belonged to it in one line (`contact Ana Lima (#5) removed, with 3 notes, 2 tasks`), then the
/// totals. Names are the catalogue's display fields, made safe for a terminal.
///
/// What it holds until the end is small: of each removed record its name and the contacts it
/// belongs to, never the record itself (the comparison holds the old side's bytes already), so
/// that a text summary takes about the memory of the old backup on disk.
package struct DiffSummary {
  /// Removed records, in the old stream's order: their key, their name, and the contacts they
  /// refer to, where they may have belonged.
  private var removed: [(key: RecordKey, name: String, contacts: [RecordKey])] = []
  /// Changes of records that lost their owner: told with the owner when it was removed.
  private var orphaned: [(key: RecordKey, owner: RecordKey, line: String)] = []
  private var totals = (added: 0, changed: 0, removed: 0)

  package init() {}

  /// Takes one difference: the line to print now, if any (removed records and changes of orphans
  /// wait for `finish`).
  package mutating func take(_ difference: Difference) -> String? {
    switch difference {
    case .added(let key, let bytes):
      totals.added += 1
      return "\(Self.name(key, (try? JSONValue(parsing: bytes)) ?? .null)) added"
    case .changed(let key, let fields, let owner):
      totals.changed += 1
      let line =
        "\(Self.name(key, nil)) changed: \(fields.paths.map(\.escapingControlCharacters).joined(separator: ", "))"
      if let owner {
        orphaned.append((key, owner, line))
        return nil
      }
      return line
    case .removed(let key, let bytes):
      totals.removed += 1
      let record = (try? JSONValue(parsing: bytes)) ?? .null
      let references = RecordKind.named(key.object)?.contactReferences ?? []
      let contacts = key.object == RecordKind.contact.object ? [] : references.compactMap { RecordKey($0, in: record) }
      removed.append((key, Self.name(key, record), contacts))
      return nil
    }
  }

  /// The lines of the removed records and the totals.
  package func finish(oldCount: Int, newCount: Int) -> [String] {
    let gone = Set(removed.map(\.key))
    var belonging: [RecordKey: [String: Int]] = [:]
    var grouped: Set<RecordKey> = []
    func count(_ key: RecordKey, under owner: RecordKey) {
      let singular = RecordKind.named(key.object)?.singular ?? key.object
      belonging[owner, default: [:]][singular, default: 0] += 1
      grouped.insert(key)
    }
    for (key, _, contacts) in removed {
      if let owner = contacts.first(where: gone.contains) { count(key, under: owner) }
    }
    for orphan in orphaned where gone.contains(orphan.owner) { count(orphan.key, under: orphan.owner) }
    var lines: [String] = []
    for (key, name, _) in removed where !grouped.contains(key) {
      var line = "\(name) removed"
      if let parts = belonging[key] {
        let order = RecordKind.all.map(\.singular)
        let sorted = parts.sorted { (order.firstIndex(of: $0.key) ?? 99) < (order.firstIndex(of: $1.key) ?? 99) }
        line += ", with " + sorted.map { "\($0.value) \(Self.plural($0.key, $0.value))" }.joined(separator: ", ")
      }
      lines.append(line)
    }
    lines += orphaned.filter { !gone.contains($0.owner) }.map(\.line)
    lines.append(
      "\(totals.added) added, \(totals.changed) changed, \(totals.removed) removed "
        + "(\(oldCount) records before, \(newCount) after)")
    return lines
  }

  /// `contact Ana Lima (#5)`, `note "Met at…" (#1007) of Ana Lima`, `relationship #3`.
  static func name(_ key: RecordKey, _ record: JSONValue?) -> String {
    let kind = RecordKind.named(key.object)
    let singular = (kind?.singular ?? key.object).escapingControlCharacters
    let id = key.id.escapingControlCharacters
    guard let record, let display = kind?.display else { return "\(singular) #\(id)" }
    let title = display.title.flatMap(FieldPath.init).flatMap { record.value(at: $0)?.stringValue }
    var text = "\(singular) #\(id)"
    if let title, !title.isEmpty {
      let shown = key.object == RecordKind.contact.object ? title.escapingControlCharacters : OutsideText.quoted(title)
      text = "\(singular) \(shown) (#\(id))"
    }
    if let path = display.contact, let name = record[path]?["complete_name"]?.stringValue {
      text += " of \(name.escapingControlCharacters)"
    }
    return text
  }

  /// `note` -> `notes`, `activity` -> `activities`, `address` -> `addresses`.
  static func plural(_ singular: String, _ count: Int) -> String {
    if count == 1 { return singular }
    if singular.hasSuffix("y") { return singular.dropLast() + "ies" }
    if singular.hasSuffix("s") { return singular + "es" }
    return singular + "s"
  }
}
