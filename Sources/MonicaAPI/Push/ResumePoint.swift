import MonicaKit

/// Where a run over a map resumes after one that was killed, or that stopped on a create answered
/// by a 5xx or not at all: the one check every writer makes (`Migration`, `WritePlan`). The map's
/// lines are appended the moment a create is answered, so at most two things of the stopped run
/// can be missing, each of one record:
/// - the requests that follow the map's last record (a contact's tags, a task's completion): its
///   create went through, what came after may not have (`isLast`, then one read of the target's
///   record says what to send);
/// - the create after it, which may have gone through with its answer lost: the run's first
///   create is in doubt, and is looked for on the target above the map's floor for its kind
///   before it is sent (`adoptInDoubt`); one found is journaled instead of made a second time.
///
/// One per run, shared by reference: every plan a writer hands over in the run and the migration
/// that carries its records spend the same doubt (a class, so that none holds a copy).
package final class ResumePoint {
  /// The map's last record when the run began.
  package let last: (object: String, source: Int)?
  /// Whether the next create may have been made by the stopped run: true until the run's first
  /// create is decided, when the map was not empty at the start.
  package private(set) var inDoubt: Bool

  /// The resume point of a run over `journal`, as the map is when the run begins (after
  /// `IDMap.lockForRun`, which reads what another run appended).
  package init(journal: IDMap) {
    last = journal.last
    inDoubt = journal.last != nil
  }

  /// Whether the source's `object` record `source` is the map's last when the run began: the one
  /// record whose follow-up requests the stopped run may not have sent.
  package func isLast(_ object: String, source: Int) -> Bool {
    last.map { $0.object == object && $0.source == source } ?? false
  }

  /// Whether the create about to be decided is the one in doubt; the doubt is spent by it, found
  /// on the target or not: every later create is sent without a look-up.
  package func spendDoubt() -> Bool {
    defer { inDoubt = false }
    return inDoubt
  }

  /// For the create in doubt of the source's `object` record `source`: the target's record that
  /// `lookUp` finds above the map's floor for `object` (`IDMap.floor(of:)`), journaled at once
  /// and answered, so that the caller sends no create. `nil`, and no look-up, when the create is
  /// not in doubt or the map has no floor for `object` (creating is then the only safe answer).
  /// Spends the doubt.
  package func adoptInDoubt<Found>(
    _ object: String, source: Int, journal: IDMap,
    lookUp: (_ floor: Int) async throws(MonicaError) -> (target: Int, found: Found)?
  ) async throws(MonicaError) -> (target: Int, found: Found)? {
    guard spendDoubt(), let floor = journal.floor(of: object), let made = try await lookUp(floor) else { return nil }
    try journal.append(object, source: source, target: made.target)
    return made
  }
}
