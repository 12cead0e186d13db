import MonicaKit

/// A writer's whole intent, handed to the write machinery: a sequence of steps, each under a
/// stable key, that `WritePlan.run` executes with the write-once rules every writer shares, so
/// that a merge or a restore never carries its own copy of the write loop. A writer that must
/// read between writes (a merge reads the keeper back before it deletes anything) hands over one
/// plan after another, under one `ResumePoint` for the run.
///
/// The rules, in one place:
/// - **Journal.** Each step done gets its line in the map (`IDMap`), appended and synced before
///   the next step, as its `StepJournal` says: a create as `object<TAB>key<TAB>new id` the moment
///   it is answered, an update or delete as `object_updated` / `object_deleted` with the target's
///   id. A step whose line the map holds is done and never sent again, so a killed run is resumed
///   by running the same plan, and a finished one sends nothing. A step the writer plans only
///   while it is still needed, and that does no harm repeated (a merge's move, a `setTags`), is
///   sent each time the plan holds it.
/// - **Floor.** Before the first create of an object through this map, the highest id of that
///   object the target shows goes into the map (`#floor`).
/// - **In doubt.** Each create is journaled as sent (`#sent`) before its request; one the map
///   shows sent and unanswered may have been made by a run that died before its line was written:
///   the target is asked for a record of the step above the floor that no map line names; one
///   found is taken (journaled, not sent). Lines the map held before (another tool's matches) are
///   never in doubt. A create the writer looked for itself needs neither
///   (`Presence.checked`), or is looked for in the one list that would hold it
///   (`Presence.listed`). A create is never sent twice otherwise.
/// - **Carried records.** A record made again as `monica-push --create --map` makes it
///   (`Write.carry`) is the migration's: its create journals itself, under the same resume point.
/// - **One writer.** The caller opens the map and holds its run lock (`IDMap.lockForRun`).
///
/// Example, a restore's plan:
/// ```swift
/// let plan = WritePlan([
///   WriteStep(key: 12, line: noteLine),          // create: its line's action is .create
///   WriteStep(key: 40, line: contactUpdateLine),  // update of the target's contact
/// ])
/// try await plan.run(journal: map, sender: ClientStepSender(client: client, today: today)) { step, outcome in ... }
/// ```
package struct WritePlan: Sendable {
  /// The steps, in the order they are sent.
  package let steps: [WriteStep]

  package init(_ steps: [WriteStep]) { self.steps = steps }

  /// Executes the steps not yet done under the write-once rules, in a run of its own over
  /// `journal`; `report` hears what became of each step. Stops at the first error, every step
  /// before it journaled.
  package func run(
    journal: IDMap, sender: some StepSender, report: (WriteStep, StepOutcome) throws(MonicaError) -> Void = { _, _ in }
  ) async throws(MonicaError) {
    try await run(journal: journal, resume: ResumePoint(journal: journal), sender: sender, report: report)
  }

  /// Executes the steps as one plan of a run whose resume point is `resume` (read from the map
  /// when the run began, shared by every plan of the run and the migration that carries records).
  package func run(
    journal: IDMap, resume: ResumePoint, sender: some StepSender,
    report: (WriteStep, StepOutcome) throws(MonicaError) -> Void = { _, _ in }
  ) async throws(MonicaError) {
    for step in steps {
      if let target = step.journal.done(step.key, in: journal) {
        try report(step, .alreadyDone(target: target))
        continue
      }
      switch step.write {
      case .line(let line) where line.action == .create:
        // Only a create the journal shows sent and unanswered is in doubt (`ResumePoint`).
        let sentAs = step.journal.object
        let inDoubt = sentAs.map { resume.isInDoubt($0, source: step.key) } ?? false
        var adopted: Int?
        switch step.presence {
        case .checked(let found):
          adopted = found
        case .listed(let found, let list):
          adopted = found
          if adopted == nil, inDoubt {
            adopted = try await sender.findCreated(
              step, in: list, above: 0, excluding: { journal.holds(step.object, target: $0) })
          }
        case .searched:
          if inDoubt, let floor = journal.floor(of: step.object) {
            adopted = try await sender.findCreated(
              step, in: nil, above: floor, excluding: { journal.holds(step.object, target: $0) })
          }
        }
        if let adopted {
          try step.journal.append(step.key, target: adopted, in: journal)
          try report(step, .adopted(target: adopted))
          continue
        }
        if step.presence == .searched, journal.floorRead(of: step.object) == nil,
          let highest = try await sender.highestID(of: step)
        {
          try journal.appendFloor(step.object, highest)
        }
        // Journaled as sent before its request, and as made as soon as it is answered, before the
        // requests that follow it.
        if let sentAs { try resume.sending(sentAs, source: step.key) }
        let target = try await sender.send(
          step,
          created: { (made: Int) throws(MonicaError) in try step.journal.append(step.key, target: made, in: journal) },
          answered: { (status: Int) throws(MonicaError) in
            if let sentAs { try resume.answered(sentAs, source: step.key, status: status) }
          })
        try report(step, target.map { .sent(target: $0) } ?? .notMade)
      case .carry:
        // The migration decides about its create, in doubt or not, and journals it.
        let target = try await sender.send(step) { _ throws(MonicaError) in }
        try report(step, target.map { .sent(target: $0) } ?? .notMade)
      case .mark(let target):
        try step.journal.append(step.key, target: target, in: journal)
        try report(step, .sent(target: target))
      case .line, .request:
        // Updates and deletes can be sent again: a repeated update writes the same values, a
        // repeated delete finds nothing (the sender takes its 404 as done).
        let target = try await sender.send(step) { _ throws(MonicaError) in }
        if let target { try step.journal.append(step.key, target: target, in: journal) }
        try report(step, target.map { .sent(target: $0) } ?? .notMade)
      }
    }
  }
}

/// One step of a `WritePlan`: what is written, under a key that stays the same from run to run
/// (the source record's id for a restore, a merged record's or contact's id for a merge), and how
/// it is journaled.
package struct WriteStep: Sendable {
  /// The stable key: the journal's source id.
  package let key: Int
  /// What is sent.
  package let write: Write
  /// How the step is journaled, and when it counts as done.
  package let journal: StepJournal
  /// For a create: how the writer knows whether a run before made it.
  package var presence = Presence.searched

  /// What a step sends.
  package enum Write: Sendable {
    /// A line as `monica-push` writes it (`LineWrite`): the record, its kind's write mapping,
    /// create, update or delete, its rules checked before the first request.
    case line(PushLine)
    /// One request whose repetition does no harm (a `PUT` of a record as read, a contact's
    /// `setTags`, a gift's photo): its answer must be a 2xx, or for a delete a record already
    /// gone. The step's target is `target`.
    case request(WriteRequest, what: String, target: Int)
    /// A record made again as `monica-push --create --map` carries a line of its stream: its
    /// contacts translated through the map, uploaded with its bytes, followed by its messages.
    /// `place` names it in errors.
    case carry(JSONObject, place: String)
    /// Nothing sent: the journal line says a decision (`contact<TAB>merged<TAB>keeper`, what the
    /// migration translates the merged contact to) whose target is `target`.
    case mark(target: Int)
  }

  /// For a create, how a run knows whether one before it made the record.
  package enum Presence: Sendable, Equatable {
    /// The target is searched when the create is in doubt (`WritePlan`'s floor and look-up).
    case searched
    /// The writer has read the target: the record found there (taken, not sent), or `nil`.
    case checked(Int?)
    /// The writer has read the target's latest records of the kind where the record would be
    /// (a contact's latest notes): the one found there, or `nil`; when it is `nil` and the create
    /// is in doubt, the newest page of `list` (the contact's notes) is read for a record the create
    /// would have made that no map line names. No floor: the list is the one contact's.
    case listed(found: Int?, in: String)
  }

  package init(key: Int, write: Write, journal: StepJournal, presence: Presence = .searched) {
    self.key = key
    self.write = write
    self.journal = journal
    self.presence = presence
  }

  /// A line's step, journaled once as its action says: `object`, `object_updated`,
  /// `object_deleted`.
  package init(key: Int, line: PushLine, presence: Presence = .searched) {
    let object = line.mapping.object
    let journal: String =
      switch line.action {
      case .create: object
      case .update: object + "_updated"
      case .delete: object + "_deleted"
      }
    self.init(key: key, write: .line(line), journal: .once(journal), presence: presence)
  }

  /// A record carried by the migration, journaled by it as `object<TAB>id<TAB>copy`; its kind's
  /// step says whether one journaled already may still lack what follows its create.
  package static func carry(_ record: JSONObject, kind: RecordKind, id: Int, place: String) -> WriteStep {
    var record = record
    record["object"] = .string(kind.object)
    let resumes = Migration.step(for: kind).finishesKnown
    return WriteStep(key: id, write: .carry(record, place: place), journal: .bySender(kind.object, resumes: resumes))
  }

  /// The line, for a step that writes one.
  package var line: PushLine? {
    if case .line(let line) = write { return line }
    return nil
  }

  /// The object whose floor and in-doubt look-up a create uses: its mapping's object.
  package var object: String { line?.mapping.object ?? journal.object ?? "" }
}

/// How a step is journaled.
package enum StepJournal: Sendable, Equatable {
  /// Done when the map holds `object` for the step's key (pointing at `target`, when given);
  /// the line (`object<TAB>key<TAB>target`) is appended when the step is done.
  case once(String, target: Int? = nil)
  /// Sent each time the plan holds it; its line appended when done, for what reads the map later.
  case always(String)
  /// Sent each time the plan holds it; no line.
  case none
  /// The sender's create journals itself (a record the migration carries): done when the map
  /// holds `object` for the key, unless `resumes` (what follows its create may be unfinished,
  /// and the sender finishes it).
  case bySender(String, resumes: Bool)

  /// The journal's first field, if the step has a line.
  var object: String? {
    switch self {
    case .once(let object, _), .always(let object), .bySender(let object, _): object
    case .none: nil
    }
  }

  /// The target the map holds for a step with this journal and `key` when it is done.
  func done(_ key: Int, in journal: IDMap) -> Int? {
    switch self {
    case .once(let object, let target):
      guard let held = journal.target(of: object, source: key) else { return nil }
      return target == nil || held == target ? held : nil
    case .bySender(let object, let resumes):
      return resumes ? nil : journal.target(of: object, source: key)
    case .always, .none:
      return nil
    }
  }

  /// Appends the step's line, if it has one that the plan writes.
  func append(_ key: Int, target: Int, in journal: IDMap) throws(MonicaError) {
    switch self {
    case .once(let object, _), .always(let object): try journal.append(object, source: key, target: target)
    case .none, .bySender: break
    }
  }
}

/// What became of a step.
package enum StepOutcome: Sendable, Equatable {
  /// Sent now; the target's id.
  case sent(target: Int)
  /// Done by an earlier run, as the journal says.
  case alreadyDone(target: Int)
  /// A create in doubt, found on the target and taken instead of being sent again.
  case adopted(target: Int)
  /// A carried record the migration could not make (said on stderr), or a step with no target.
  case notMade

  /// The target's id, when the step has one.
  package var target: Int? {
    switch self {
    case .sent(let target), .alreadyDone(let target), .adopted(let target): target
    case .notMade: nil
    }
  }
}

/// Sends a plan's steps to an instance: `ClientStepSender` over `MonicaClient`, or a fake in
/// unit tests. It applies no write-once rule itself; `WritePlan.run` does.
package protocol StepSender {
  /// Sends the step's requests; a create tells `created` the new record's id as soon as it is
  /// answered (before any request that follows it) and answers it; an update, delete or request
  /// answers its target's id (a delete of a record already gone is done, not an error), a
  /// carried record the id of its copy, `nil` when it was not made (said on stderr). Never
  /// given a mark. A create tells `answered` its answer's HTTP status before it is checked
  /// (`ResumePoint.answered`: a create refused for certain leaves the creates in doubt).
  func send(
    _ step: WriteStep, created: (Int) throws(MonicaError) -> Void, answered: (Int) throws(MonicaError) -> Void
  ) async throws(MonicaError) -> Int?
  /// The target's record that the create `step` would have made, among the newest of `list` (by
  /// default the kind's own) with an id above `floor` that `excluding` does not name; `nil` when
  /// there is none.
  func findCreated(_ step: WriteStep, in list: String?, above floor: Int, excluding: (Int) -> Bool)
    async throws(MonicaError) -> Int?
  /// The highest id of the step's object the target shows now; `nil` when it cannot tell.
  func highestID(of step: WriteStep) async throws(MonicaError) -> Int?
}

extension StepSender {
  /// Sends the step's requests, its create's answer status heard by no journal.
  package func send(_ step: WriteStep, created: (Int) throws(MonicaError) -> Void) async throws(MonicaError) -> Int? {
    try await send(step, created: created, answered: { _ throws(MonicaError) in })
  }
}
