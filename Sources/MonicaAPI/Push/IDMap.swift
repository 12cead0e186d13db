import MonicaKit

/// The write-once journal of a run that creates records (`monica-push --create --map`,
/// `monica-merge`, a `WritePlan`): the map file (`MapFile`: its format, each line appended whole
/// under `flock`, `fsync`'d, a torn last line cut off) with what deciding a create needs. The
/// run holds the file's lock from before its first decision to its end (`lockForRun`), so that
/// two runs on one map never both decide that a record is still to be created; a create's line
/// is appended the moment its answer gives the new id; the `#floor` lines bound where a create
/// whose answer was lost can be looked for; the map's last line is where a killed run stopped
/// (`ResumePoint`).
package final class IDMap {
  /// The file under the journal.
  package let file: MapFile

  /// Opens the map at `path`, creating an empty one when there is none, and reads it whole.
  /// A line that is not `object<TAB>id<TAB>id` is malformed input (65) at its place.
  package init(path: String) throws(MonicaError) {
    file = try MapFile(path: path)
  }

  /// The file's path, for messages.
  package var path: String { file.path }

  /// The record of the last line read or appended: after a killed run, the one record whose
  /// create went through but whose follow-up requests may not have.
  package var last: (object: String, source: Int)? { file.last }

  /// The record of the last create the map shows answered (its line follows its `#sent` line):
  /// after a killed run, the one record whose follow-up requests may not have been sent.
  package var lastCreated: (object: String, source: Int)? { file.lastCreated }

  /// Whether the map journals its creates as sent (`#sent` lines): a map of an older version, or
  /// one only other tools wrote (`monica-import --map`), has none.
  package var journalsSent: Bool { file.journalsSent }

  /// Whether the create of the source's `object` record `source` was sent and its answer never
  /// mapped: the one kind of create that may exist on the target without a map line.
  package func isSentUnanswered(_ object: String, source: Int) -> Bool {
    file.isSentUnanswered(object, source: source)
  }

  /// Records, before the create of the source's `object` record `source` is sent, that it is.
  package func appendSent(_ object: String, source: Int) throws(MonicaError) {
    try file.appendSent(object, source: source)
  }

  /// Records that the create of the source's `object` record `source`, journaled as sent, was
  /// refused for certain: it leaves the creates in doubt.
  package func appendRefused(_ object: String, source: Int) throws(MonicaError) {
    try file.appendRefused(object, source: source)
  }

  /// Takes the map's exclusive lock until this map is closed, so that one run at a time decides
  /// what to create: a run that finds the lock taken tells `waiting` and waits for it; then the
  /// lines the other run appended are read before anything is decided.
  package func lockForRun(waiting: (String) -> Void) throws(MonicaError) {
    try file.holdLock(waiting: waiting)
  }

  /// The target's id of the source's `object` record `source`, `nil` when the target has none yet.
  package func target(of object: String, source: Int) -> Int? {
    file.target(of: object, source: source)
  }

  /// The highest target id of `object` that existed before this map's creates, or that the map
  /// holds: a record the target made since, and no other, can be one a lost answer created.
  /// `nil` when the map knows neither.
  package func floor(of object: String) -> Int? {
    let held = file.targets(of: object).values.max()
    guard let known = file.floors[object] else { return held }
    return max(known, held ?? 0)
  }

  /// The highest id of `object` the target had before this map's first create of it, as its
  /// `#floor` line says; `nil` when no create of `object` was ever sent through this map.
  package func floorRead(of object: String) -> Int? { file.floors[object] }

  /// Records, before the first create of `object`, the highest id of `object` the target has.
  package func appendFloor(_ object: String, _ id: Int) throws(MonicaError) {
    try file.appendFloor(object, id)
  }

  /// Whether some source record of `object` is the target's record `target` already.
  package func holds(_ object: String, target: Int) -> Bool {
    file.targets(of: object).values.contains(target)
  }

  /// How many records of `object` the map knows; every object's when `object` is `nil`.
  package func count(of object: String? = nil) -> Int { file.count(of: object) }

  /// Records that the target's `object` record `target` is the source's `source`: one line,
  /// appended and synced to disk before this returns.
  package func append(_ object: String, source: Int, target: Int) throws(MonicaError) {
    try file.append(object, source: source, target: target)
  }

  /// Appends many lines at once, in one `write(2)` and one `fsync`.
  package func append(_ lines: [(object: String, source: Int, target: Int)]) throws(MonicaError) {
    try file.append(lines)
  }
}

extension IDMap {
  /// The target's id of the source's record `source` of `kind`, `nil` when the target has none yet.
  package func target(of kind: RecordKind, source: Int) -> Int? { target(of: kind.object, source: source) }

  /// Whether some source record of `kind` is the target's record `target` already.
  package func holds(_ kind: RecordKind, target: Int) -> Bool { holds(kind.object, target: target) }
}
