import Foundation

/// `monica-diff`'s whole run: compares OLD with NEW and writes the differences (NDJSON or text),
/// or with a map file the records to create again for `monica-push --create --map`.
package struct BackupDiff {
  /// How the differences are written.
  package enum Format: String, CaseIterable, Sendable {
    /// One NDJSON line per difference.
    case ndjson
    /// One readable line per difference, a removed contact with what belonged to it.
    case text
  }

  package var old: InputSource
  package var new: InputSource
  package var ignored: Set<String>
  package var format: Format
  /// `--restore --map FILE`: the map to write identity lines to; the output is then the records.
  package var restoreMap: String?
  /// `--map FILE` without `--restore`: the map of a restore (or migration) done, through which
  /// the old records are compared with the records they became.
  package var throughMap: String?
  /// `--embedded`: the copies of other records a record embeds are compared whole, not by id.
  package var showingEmbedded = false
  /// Where notes for the user go (one line each, without the tool's prefix).
  package var note: (String) -> Void

  package init(
    old: InputSource, new: InputSource, ignored: Set<String> = [], format: Format = .ndjson,
    restoreMap: String? = nil, note: @escaping (String) -> Void = { _ in }
  ) {
    self.old = old
    self.new = new
    self.ignored = ignored
    self.format = format
    self.restoreMap = restoreMap
    self.note = note
  }

  /// Runs the comparison, writing to `output`.
  package func run(to output: LineOutput) throws(MonicaError) {
    var map: MapFile?
    if let throughMap {
      // Read, never made: a map that is not there is a mistyped name, not an empty restore.
      guard FileManager.default.fileExists(atPath: throughMap) else {
        throw .notFound("\(throughMap): no such map file")
      }
      map = try MapFile(path: throughMap)
    }
    let comparison = try BackupComparison(
      old: RecordStream(sources: [old]), ignoring: ignored, showingEmbedded: showingEmbedded, through: map)
    if let restoreMap { return try restore(comparison, map: restoreMap, to: output) }
    var summary = DiffSummary()
    try output.finishing { () throws(MonicaError) in
      try comparison.compare(new: RecordStream(sources: [new])) { (difference) throws(MonicaError) in
        switch format {
        case .ndjson: try output.writeLine(difference.line)
        case .text: if let line = summary.take(difference) { try output.writeLine(line) }
        }
      }
      guard format == .text else { return }
      for line in summary.finish(oldCount: comparison.counts.old, newCount: comparison.counts.new) {
        try output.writeLine(line)
      }
    }
  }

  /// `--restore`: the map's identity lines first, synced, then the records the map does not hold
  /// yet, so that a `monica-push --create --map` reading this output finds every line it needs,
  /// and a re-run after a finished restore writes nothing.
  private func restore(_ comparison: BackupComparison, map path: String, to output: LineOutput)
    throws(MonicaError)
  {
    var removed: [RecordKey] = []
    var changed: [(key: RecordKey, paths: [String])] = []
    try comparison.compare(new: RecordStream(sources: [new])) { (difference) throws(MonicaError) in
      switch difference {
      case .removed(let key, _): removed.append(key)
      case .changed(let key, let fields, _): changed.append((key, fields.paths))
      case .added: break
      }
    }
    let plan = RestorePlan(comparison, removed: removed, changed: changed)
    let map = try MapFile(path: path)
    // monica-push names its job a restore, and gives survivors their restored contacts back.
    try map.appendJob("restore")
    let identities = plan.identities.compactMap { key -> (object: String, source: Int, target: Int)? in
      guard let id = key.number, map.target(of: key.object, source: id) == nil else { return nil }
      return (key.object, id, id)
    }
    try map.append(identities)
    let waiting = plan.records.filter { record in
      record.key.number.map { map.target(of: record.key.object, source: $0) == nil } ?? true
    }
    tell(plan, waiting: waiting.map(\.key), kept: plan.identities.count, map: path)
    try output.finishing { () throws(MonicaError) in
      for record in waiting { try output.writeLine(record.bytes) }
      // After the contacts they name: monica-push puts those back into them (the map's identity
      // lines say they are the account's own records).
      for record in plan.relinks { try output.writeLine(record.bytes) }
    }
  }

  /// The restore's notes on stderr: what is to be created, what is not and why.
  private func tell(_ plan: RestorePlan, waiting: [RecordKey], kept: Int, map: String) {
    if !plan.relinks.isEmpty {
      note("restore: \(Self.countByKind(plan.relinks.map(\.key))) to be given back the restored contacts they named")
    }
    if waiting.isEmpty {
      note("restore: nothing to create (\(kept) records of both kept as they are in \(map))")
    } else {
      let counts = Self.countByKind(waiting)
      note("restore: \(counts) to create; \(kept) records of both kept as they are in \(map)")
      for loss in RestorePlan.alwaysLost { note("restore: \(loss)") }
      if waiting.contains(where: { $0.object == RecordKind.document.object }) {
        note("restore: \(RestorePlan.documentBytes)")
      }
    }
    var reasons: [String: [RecordKey]] = [:]
    var order: [String] = []
    for loss in plan.losses {
      if reasons[loss.reason] == nil { order.append(loss.reason) }
      reasons[loss.reason, default: []].append(loss.key)
    }
    for reason in order {
      let keys = reasons[reason] ?? []
      let shown = keys.prefix(3).map { "#\($0.id.escapingControlCharacters)" }.joined(separator: ", ")
      note("not restored: \(Self.countByKind(keys)) (\(shown)\(keys.count > 3 ? ", ..." : "")): \(reason)")
    }
  }

  /// `1 contact, 3 notes`.
  static func countByKind(_ keys: [RecordKey]) -> String {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for key in keys {
      let singular = RecordKind.named(key.object)?.singular ?? key.object
      if counts[singular] == nil { order.append(singular) }
      counts[singular, default: 0] += 1
    }
    return order.map { "\(counts[$0] ?? 0) \(DiffSummary.plural($0, counts[$0] ?? 0).escapingControlCharacters)" }
      .joined(separator: ", ")
  }
}
