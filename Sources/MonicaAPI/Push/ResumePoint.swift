import MonicaKit

/// Where a run over a map resumes after one that was killed, or that stopped on a create answered
/// by a 5xx or not at all: the one check every writer makes (`Migration`, `WritePlan`). Each
/// create is journaled as sent (`#sent`, before its request) and its map line is appended the
/// moment it is answered, so at most two things of the stopped run can be missing, each of one
/// record:
/// - the requests that follow the last create answered (a contact's tags, a task's completion):
///   its create went through, what came after may not have (`isLast`, then one read of the
///   target's record says what to send);
/// - the create the map shows sent and unanswered, which may have gone through with its answer
///   lost: it is in doubt, and is looked for on the target above the map's floor for its kind
///   before it is sent again (`adoptInDoubt`); one found is journaled instead of made a second
///   time.
/// A create answered with a definite refusal (`refuses`: a 4xx but 408 and 429) made nothing: it
/// is journaled so (`#refused`) and is not in doubt for any later run, which would otherwise look
/// for it on every run of the map, a walk of requests that could take an unrelated record.
/// A 5xx, a time-out or a reset connection leaves it in doubt.
/// A map's other lines are never in doubt: a map that `monica-import --map` filled with its
/// matches before the run holds records that were there already, not creates of a stopped run.
/// A map of an older version (floors, no `#sent` line) is read as it was written: its run's first
/// create is in doubt.
///
/// One per run, shared by reference: every plan a writer hands over in the run and the migration
/// that carries its records use the same point (a class, so that none holds a copy).
package final class ResumePoint {
  /// The last create the map showed answered when the run began.
  package let last: (object: String, source: Int)?
  private let journal: IDMap
  /// For a map of an older version: whether the run's first create, which may be the one its
  /// stopped run sent unanswered, is still to be decided.
  private var olderDoubt: Bool

  /// The resume point of a run over `journal`, as the map is when the run begins (after
  /// `IDMap.lockForRun`, which reads what another run appended).
  package init(journal: IDMap) {
    self.journal = journal
    let older = !journal.journalsSent && !journal.file.floors.isEmpty
    last = older ? journal.last : journal.lastCreated
    olderDoubt = older && journal.last != nil
  }

  /// Whether the source's `object` record `source` is the last create answered when the run
  /// began: the one record whose follow-up requests the stopped run may not have sent.
  package func isLast(_ object: String, source: Int) -> Bool {
    last.map { $0.object == object && $0.source == source } ?? false
  }

  /// Whether the create of the source's `object` record `source` may have been made by a run that
  /// stopped before its answer: the map shows it sent and unanswered (or, in a map of an older
  /// version, it is the run's first create).
  package func isInDoubt(_ object: String, source: Int) -> Bool {
    olderDoubt || journal.isSentUnanswered(object, source: source)
  }

  /// Journals the create of the source's `object` record `source` as sent, just before its
  /// request: a run stopped before its answer leaves it in doubt, and no other create.
  package func sending(_ object: String, source: Int) throws(MonicaError) {
    olderDoubt = false
    try journal.appendSent(object, source: source)
  }

  /// Whether an answer of HTTP `status` to a create says for certain that nothing was made: a
  /// 4xx, but 408 (the server gave up waiting for the request, which may have been applied, as a
  /// proxy's time-out is) and 429 (the client's retries ran out; Monica's throttle answers
  /// before the controller, but a proxy may not).
  package static func refuses(_ status: Int) -> Bool {
    (400...499).contains(status) && status != 408 && status != 429
  }

  /// Journals the create of the source's `object` record `source`, sent, as answered with HTTP
  /// `status`: when that refuses it for certain (`refuses`) and the map shows it sent and
  /// unanswered, a `#refused` line takes it out of doubt. Called before the answer is checked.
  package func answered(_ object: String, source: Int, status: Int) throws(MonicaError) {
    guard Self.refuses(status), journal.isSentUnanswered(object, source: source) else { return }
    try journal.appendRefused(object, source: source)
  }

  /// For the create of the source's `object` record `source`, about to be sent: when it is in
  /// doubt, the target's record that `lookUp` finds above the map's floor for `object`
  /// (`IDMap.floor(of:)`), journaled at once and answered, so that the caller sends no create.
  /// Otherwise (not in doubt, no floor for `object`, or nothing found: creating is then the only
  /// safe answer) the create is journaled as sent (`sending`) and `nil` answered.
  package func adoptInDoubt<Found>(
    _ object: String, source: Int, journal: IDMap,
    lookUp: (_ floor: Int) async throws(MonicaError) -> (target: Int, found: Found)?
  ) async throws(MonicaError) -> (target: Int, found: Found)? {
    if isInDoubt(object, source: source), let floor = journal.floor(of: object), let made = try await lookUp(floor) {
      olderDoubt = false
      try journal.append(object, source: source, target: made.target)
      return made
    }
    try sending(object, source: source)
    return nil
  }
}
