import MonicaKit

/// A writer's whole intent, handed to the write machinery: a sequence of steps (create, update,
/// delete), each under a stable key, that `WritePlan.run` executes with the write-once rules every
/// writer shares, so that a merge or a restore never carries its own copy of the write loop.
///
/// The rules, in one place:
/// - **Journal.** Each step done gets its line in the map (`IDMap`), appended and synced before
///   the next step: a create as `object<TAB>key<TAB>new id`, an update or delete as
///   `object_updated` / `object_deleted` with the target's id. A step whose line the map holds
///   is done and never sent again, so a killed run is resumed by running the same plan, and a
///   finished one sends nothing.
/// - **Floor.** Before the first create of an object through this map, the highest id of that
///   object the target shows goes into the map (`#floor`).
/// - **In doubt.** The first create step not in the map, when the map was not empty at the
///   start, may have been made by a run that died before its line was written: the target is
///   asked for a record of the step above the floor that no map line names; one found is taken
///   (journaled, not sent). A create is never sent twice otherwise.
/// - **One writer.** The caller opens the map and holds its run lock (`IDMap.lockForRun`).
///
/// Example, a restore's plan:
/// ```swift
/// let plan = WritePlan([
///   WriteStep(key: 12, line: noteLine),          // create: its line's action is .create
///   WriteStep(key: 40, line: contactUpdateLine),  // update of the target's contact
/// ])
/// try await plan.run(journal: map, sender: ClientStepSender(client: client, today: today)) { outcome in ... }
/// ```
package struct WritePlan: Sendable {
  /// The steps, in the order they are sent.
  package let steps: [WriteStep]

  package init(_ steps: [WriteStep]) { self.steps = steps }

  /// Executes the steps not yet done under the write-once rules; `report` hears what became of
  /// each step. Stops at the first error, every step before it journaled.
  package func run(
    journal: IDMap, sender: some StepSender, report: (WriteStep, StepOutcome) throws(MonicaError) -> Void = { _, _ in }
  ) async throws(MonicaError) {
    var resume = ResumePoint(journal: journal)
    for step in steps {
      if let target = journal.target(of: step.journalObject, source: step.key) {
        try report(step, .alreadyDone(target: target))
        continue
      }
      switch step.line.action {
      case .create:
        let adopted = try await resume.adoptInDoubt(step.object, source: step.key, journal: journal) {
          (floor) async throws(MonicaError) in
          try await sender.findCreated(step, above: floor, excluding: { journal.holds(step.object, target: $0) })
            .map { (target: $0, found: ()) }
        }
        if let adopted {
          try report(step, .adopted(target: adopted.target))
          continue
        }
        if journal.floorRead(of: step.object) == nil, let highest = try await sender.highestID(of: step) {
          try journal.appendFloor(step.object, highest)
        }
        // Journaled as soon as the create is answered, before the requests that follow it.
        let target = try await sender.send(step) { (made: Int) throws(MonicaError) in
          try journal.append(step.object, source: step.key, target: made)
        }
        try report(step, .sent(target: target))
      case .update(let id), .delete(let id):
        _ = resume.spendDoubt()
        // Updates and deletes can be sent again: a repeated update writes the same values, a
        // repeated delete finds nothing (the sender takes its 404 as done).
        _ = try await sender.send(step) { _ throws(MonicaError) in }
        try journal.append(step.journalObject, source: step.key, target: id)
        try report(step, .sent(target: id))
      }
    }
  }
}

/// One step of a `WritePlan`: a line as `monica-push` writes it, under a key that stays the same
/// from run to run (the source record's id for a restore or a migration).
package struct WriteStep: Sendable {
  /// The stable key: the journal's source id.
  package let key: Int
  /// What is written: the record, its kind's write mapping, create, update or delete.
  package let line: PushLine

  package init(key: Int, line: PushLine) {
    self.key = key
    self.line = line
  }

  /// The kind's `object`, the journal's first field for a create.
  package var object: String { line.mapping.object }

  /// The journal's first field: the object for a create, `object_updated` or `object_deleted`.
  package var journalObject: String {
    switch line.action {
    case .create: object
    case .update: object + "_updated"
    case .delete: object + "_deleted"
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
}

/// Sends a plan's steps to an instance: `ClientStepSender` over `MonicaClient`, or a fake in
/// unit tests. It applies no write-once rule itself; `WritePlan.run` does.
package protocol StepSender: Sendable {
  /// Sends the step's requests; a create tells `created` the new record's id as soon as it is
  /// answered (before any request that follows it) and answers it; an update or delete answers
  /// the target's id (a delete of a record already gone is done, not an error).
  func send(_ step: WriteStep, created: (Int) throws(MonicaError) -> Void) async throws(MonicaError) -> Int
  /// The target's record that the create `step` would have made, among those with an id above
  /// `floor` that `excluding` does not name; `nil` when there is none.
  func findCreated(_ step: WriteStep, above floor: Int, excluding: (Int) -> Bool) async throws(MonicaError) -> Int?
  /// The highest id of the step's object the target shows now; `nil` when it cannot tell.
  func highestID(of step: WriteStep) async throws(MonicaError) -> Int?
}
