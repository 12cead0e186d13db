import Foundation
import MonicaKit

/// The journal's plans: `JOURNAL.plans` beside a merge journal, one JSON line per group, appended
/// before the group's first write (`MergeSnapshot`: what its plan was decided from), and a line
/// `{"reported":KEY}` once its result line is out. A resumed run replays the plan of a group it
/// finds here, whatever moment the stopped run was killed at; a group reported is done. It holds
/// the contacts as read, so it is written 0600; a line is appended whole in one `write(2)` and
/// `fsync`'d, and a torn last line (a kill during the write) is ignored when read and cut off by
/// the next append. Only the run holding the journal's lock (`IDMap.lockForRun`) appends.
final class MergePlansFile {
  /// The file's path.
  let path: String
  private var descriptor: Int32 = -1
  /// The snapshots read or appended, by group key (the later wins).
  private var snapshots: [String: MergeSnapshot] = [:]
  /// The groups whose result line is out.
  private var reported = Set<String>()
  /// Where the whole lines end.
  private var end: off_t = 0

  /// The plans of the journal at `journal`; nothing is created until the first append. A line
  /// that is not a plan, or longer than `lineLimit` bytes, is malformed input (65) at its place.
  init(journal: String, lineLimit: Int = MergePlansFile.lineLimit) throws(MonicaError) {
    path = journal + ".plans"
    guard FileManager.default.fileExists(atPath: path) else { return }
    try openFile()
    try read(lineLimit: lineLimit)
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// The snapshot of the group with `key`, if its plan was journaled.
  func snapshot(_ key: String) -> MergeSnapshot? { snapshots[key] }

  /// Whether the group with `key` was merged and its result line written.
  func isReported(_ key: String) -> Bool { reported.contains(key) }

  /// Journals a group's plan before its first write.
  func append(_ snapshot: MergeSnapshot) throws(MonicaError) {
    try append(line: snapshot.json)
    snapshots[snapshot.key] = snapshot
  }

  /// Journals that a group's result line is out.
  func markReported(_ key: String) throws(MonicaError) {
    try append(line: .object(JSONObject(["reported": .string(key)])))
    reported.insert(key)
  }

  private func openFile() throws(MonicaError) {
    guard descriptor < 0 else { return }
    descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      throw .configuration("\(path): cannot open the journal's plans: \(systemErrorText(errno))")
    }
  }

  /// The longest line read back: a group's plan holds at most `--max-group` contacts with what
  /// they own, far below it; a longer line is not one monica-merge wrote.
  static let lineLimit = 64 << 20

  /// Reads the file's complete lines (`AppendLog`: a block at a time, each bounded, numbered as
  /// an editor numbers them).
  private func read(lineLimit: Int) throws(MonicaError) {
    (end, _) = try AppendLog.readLines(from: descriptor, after: 0, lines: 0, limit: lineLimit, path: path) {
      (line, number) throws(MonicaError) in try take(line, number: number)
    }
  }

  /// Takes in line `number` of the file.
  private func take(_ line: ArraySlice<UInt8>, number: Int) throws(MonicaError) {
    let value = try? JSONValue(parsing: Array(line))
    if let key = value?["reported"]?.stringValue {
      reported.insert(key)
    } else if let value, let snapshot = MergeSnapshot(json: value) {
      snapshots[snapshot.key] = snapshot
    } else {
      throw .malformedInput(source: path, line: number, reason: "not a plan monica-merge journaled")
    }
  }

  private func append(line value: JSONValue) throws(MonicaError) {
    try openFile()
    let bytes = JSONWriter.plain.bytes(value) + [0x0A]
    try AppendLog.append(bytes, to: descriptor, at: end, durable: true, path: path, what: "the journal's plans")
    end += off_t(bytes.count)
  }
}
