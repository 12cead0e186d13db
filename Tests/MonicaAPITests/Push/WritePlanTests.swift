import Foundation
import MonicaAPI
import MonicaKit
import Testing

/// `WritePlan`: a writer's steps executed with the write-once rules (journal, resume, floor,
/// in-doubt look-up), against a fake instance that records what it was sent.
@Suite struct WritePlanTests {
  /// A fake instance: notes with ids from `next`, and what was asked of it.
  final class FakeInstance: StepSender, @unchecked Sendable {
    private let lock = NSLock()
    /// The notes the instance holds, by id: their bodies.
    var notes: [Int: String] = [:]
    var next = 100
    /// `create <key>`, `update <id>`, `delete <id>`, `find`, `highest`, in order.
    var calls: [String] = []
    /// The create of this key is applied, then its answer lost (the run "dies").
    var loseAnswerOf: Int?
    /// The create of a key is answered with this HTTP status, an error, and makes nothing.
    var refuse: [Int: Int] = [:]

    func send(
      _ step: WriteStep, created: (Int) throws(MonicaError) -> Void, answered: (Int) throws(MonicaError) -> Void
    ) async throws(MonicaError) -> Int? {
      guard case .line(let line) = step.write else {
        if case .request(let request, _, let target) = step.write {
          lock.withLock { calls.append("\(request.method) \(request.path)") }
          return target
        }
        return nil
      }
      if line.action == .create, let status = lock.withLock({ refuse[step.key] }) {
        lock.withLock { calls.append("create \(step.key)") }
        try answered(status)
        throw status >= 500
          ? .unavailable(request: "POST /api/notes", detail: "HTTP \(status)")
          : .rejected(request: "POST /api/notes", messages: ["The body field is invalid."])
      }
      let made: Int? = lock.withLock {
        switch line.action {
        case .create:
          calls.append("create \(step.key)")
          next += 1
          notes[next] = line.record["body"]?.stringValue
          return next
        case .update(let id):
          calls.append("update \(id)")
          notes[id] = line.record["body"]?.stringValue
          return nil
        case .delete(let id):
          calls.append("delete \(id)")
          notes[id] = nil
          return nil
        }
      }
      guard let made else {
        if case .update(let id) = line.action { return id }
        if case .delete(let id) = line.action { return id }
        return 0
      }
      if loseAnswerOf == step.key { throw .temporary(request: "POST /api/notes", reason: "the answer was cut") }
      try created(made)
      return made
    }

    func findCreated(_ step: WriteStep, in list: String?, above floor: Int, excluding: (Int) -> Bool)
      async throws(MonicaError) -> Int?
    {
      let notes = lock.withLock {
        calls.append("find\(list.map { " in " + $0 } ?? "") above \(floor)")
        return self.notes
      }
      return notes.filter { $0.key > floor && !excluding($0.key) && $0.value == step.line?.record["body"]?.stringValue }
        .keys.max()
    }

    func highestID(of step: WriteStep) async throws(MonicaError) -> Int? {
      lock.withLock {
        calls.append("highest")
        return notes.keys.max() ?? 0
      }
    }
  }

  func journal() throws -> (IDMap, String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString).tsv").path
    return (try IDMap(path: path), path)
  }

  func step(_ key: Int, _ body: String, _ action: PushLine.Action = .create) throws -> WriteStep {
    let mapping = try #require(RecordKind.named("note")?.writes)
    var record = JSONObject(["body": .string(body), "contact_id": .int(1)])
    if case .update(let id) = action { record["id"] = .int(id) }
    return WriteStep(
      key: key, line: PushLine(record: record, mapping: mapping, action: action, source: "plan", number: key))
  }

  @Test("steps are sent in order, each journaled; the floor is read once before the first create")
  func sendsAndJournals() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    fake.notes = [7: "older"]
    let plan = WritePlan([try step(1, "one"), try step(2, "two"), try step(3, "new body", .update(7))])
    var outcomes: [StepOutcome] = []
    try await plan.run(journal: map, sender: fake) { _, outcome in outcomes.append(outcome) }
    #expect(fake.calls == ["highest", "create 1", "create 2", "update 7"])
    #expect(outcomes == [.sent(target: 101), .sent(target: 102), .sent(target: 7)])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text == "#floor\tnote\t7\n#sent\tnote\t1\nnote\t1\t101\n#sent\tnote\t2\nnote\t2\t102\nnote_updated\t3\t7\n",
      "each create journaled as sent before its request: \(text)")
  }

  @Test("a finished plan run again sends nothing")
  func rerunSendsNothing() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    let plan = WritePlan([try step(1, "one"), try step(2, "gone", .delete(5))])
    try await plan.run(journal: map, sender: fake)
    let calls = fake.calls.count
    var outcomes: [StepOutcome] = []
    try await plan.run(journal: try IDMap(path: path), sender: fake) { _, outcome in outcomes.append(outcome) }
    #expect(fake.calls.count == calls)
    #expect(outcomes == [.alreadyDone(target: 101), .alreadyDone(target: 5)])
  }

  @Test("a create whose answer was lost is found above the floor when resumed, never sent twice")
  func inDoubtAdopted() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    // A note with the same body made before the plan: below the floor, never taken.
    fake.notes = [50: "two"]
    fake.loseAnswerOf = 2
    let plan = WritePlan([try step(1, "one"), try step(2, "two"), try step(3, "three")])
    await #expect(throws: MonicaError.self) { try await plan.run(journal: map, sender: fake) }
    var outcomes: [StepOutcome] = []
    try await plan.run(journal: try IDMap(path: path), sender: fake) { _, outcome in outcomes.append(outcome) }
    #expect(fake.calls.filter { $0.hasPrefix("create") } == ["create 1", "create 2", "create 3"])
    #expect(outcomes == [.alreadyDone(target: 101), .adopted(target: 102), .sent(target: 103)])
    #expect(fake.calls.contains("find above 101"))
  }

  @Test("a create refused for certain (422) is journaled so: the next run sends it again without looking for it")
  func refusedIsNotInDoubt() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    fake.refuse = [2: 422]
    let plan = WritePlan([try step(1, "one"), try step(2, "two")])
    await #expect(throws: MonicaError.self) { try await plan.run(journal: map, sender: fake) }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("#sent\tnote\t2\n#refused\tnote\t2\n"))
    let again = try IDMap(path: path)
    #expect(!again.isSentUnanswered("note", source: 2))
    await #expect(throws: MonicaError.self) { try await plan.run(journal: again, sender: fake) }
    #expect(fake.calls.filter { $0.hasPrefix("find") }.isEmpty)
    #expect(fake.calls.filter { $0.hasPrefix("create") } == ["create 1", "create 2", "create 2"])
  }

  @Test("a create answered with a 5xx, or with 408 or 429, stays in doubt: the next run looks for it first")
  func serverErrorStaysInDoubt() async throws {
    for status in [503, 408, 429] {
      let (map, path) = try journal()
      let fake = FakeInstance()
      fake.refuse = [2: status]
      let plan = WritePlan([try step(1, "one"), try step(2, "two")])
      await #expect(throws: MonicaError.self) { try await plan.run(journal: map, sender: fake) }
      #expect(try !String(contentsOfFile: path, encoding: .utf8).contains("#refused"))
      let again = try IDMap(path: path)
      #expect(again.isSentUnanswered("note", source: 2))
      fake.refuse = [:]
      try await plan.run(journal: again, sender: fake)
      #expect(fake.calls.contains("find above 101"), "HTTP \(status)")
    }
  }

  @Test("in doubt with nothing found above the floor: created, as the only safe answer")
  func inDoubtNotFound() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    fake.notes = [50: "two"]
    try await WritePlan([try step(1, "one")]).run(journal: map, sender: fake)
    var outcomes: [StepOutcome] = []
    try await WritePlan([try step(1, "one"), try step(2, "two")]).run(journal: try IDMap(path: path), sender: fake) {
      _, outcome in outcomes.append(outcome)
    }
    #expect(outcomes == [.alreadyDone(target: 101), .sent(target: 102)])
    #expect(fake.notes[50] == "two" && fake.notes[102] == "two")
  }

  @Test("a move is sent each time a plan holds it and journaled; a once step with a target is done only at that target")
  func journalPolicies() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    let move = WriteStep(
      key: 5, write: .request(WriteRequest(.update, "/notes/5"), what: "note #5", target: 5), journal: .always("note"))
    let tags = WriteStep(
      key: 9, write: .request(WriteRequest(.setTags, "/contacts/9/setTags"), what: "contact #9", target: 9),
      journal: .none)
    let toKeeper = WriteStep(key: 3, write: .mark(target: 9), journal: .once("contact", target: 9))
    let itself = WriteStep(key: 3, write: .mark(target: 3), journal: .once("contact"))
    let plan = WritePlan([itself, toKeeper, move, tags])
    var outcomes: [StepOutcome] = []
    try await plan.run(journal: map, sender: fake) { _, outcome in outcomes.append(outcome) }
    // The mark to the keeper is not the line "contact 3 3" written first: it is appended after it.
    #expect(outcomes == [.sent(target: 3), .sent(target: 9), .sent(target: 5), .sent(target: 9)])
    outcomes = []
    try await plan.run(journal: try IDMap(path: path), sender: fake) { _, outcome in outcomes.append(outcome) }
    #expect(outcomes == [.alreadyDone(target: 9), .alreadyDone(target: 9), .sent(target: 5), .sent(target: 9)])
    #expect(fake.calls == ["PUT /notes/5", "POST /contacts/9/setTags", "PUT /notes/5", "POST /contacts/9/setTags"])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == "contact\t3\t3\ncontact\t3\t9\nnote\t5\t5\nnote\t5\t5\n", "\(text)")
  }

  @Test("a create the writer looked for itself: taken when found, else sent, with no floor and no look-up")
  func checkedPresence() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    try await WritePlan([try step(1, "one")]).run(journal: map, sender: fake)
    try map.appendSent("note", source: 2)
    fake.calls = []
    var found = try step(2, "two")
    found.presence = .checked(77)
    var absent = try step(3, "three")
    absent.presence = .checked(nil)
    var outcomes: [StepOutcome] = []
    try await WritePlan([found, absent]).run(journal: try IDMap(path: path), sender: fake) { _, outcome in
      outcomes.append(outcome)
    }
    // "two" was sent unanswered: without the check, it would be looked for.
    #expect(fake.calls == ["create 3"])
    #expect(outcomes == [.adopted(target: 77), .sent(target: 102)])
  }

  @Test("only the create the journal shows sent and unanswered is in doubt, in whichever plan of the run it comes")
  func sentUnanswered() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    try await WritePlan([try step(1, "one")]).run(journal: map, sender: fake)
    // The stopped run sent "two" and died before its answer.
    try map.appendSent("note", source: 2)
    fake.calls = []
    let resumed = try IDMap(path: path)
    let resume = ResumePoint(journal: resumed)
    try await WritePlan([try step(3, "three")]).run(journal: resumed, resume: resume, sender: fake)
    try await WritePlan([try step(2, "two")]).run(journal: resumed, resume: resume, sender: fake)
    #expect(fake.calls == ["create 3", "find above 102", "create 2"])
    // A plan run alone reads the map anew: nothing is in doubt any more.
    fake.calls = []
    try await WritePlan([try step(4, "four")]).run(journal: try IDMap(path: path), sender: fake)
    #expect(fake.calls == ["create 4"])
  }

  @Test("a create looked for in its list: the copy seen is taken; in doubt and unseen, the list is read, no floor")
  func listedPresence() async throws {
    let (map, path) = try journal()
    let fake = FakeInstance()
    try await WritePlan([try step(1, "one")]).run(journal: map, sender: fake)
    fake.calls = []
    // The stopped run made "two" (id 50) and died before its line: the latest copies seen lack it.
    fake.notes[50] = "two"
    var unseen = try step(2, "two")
    unseen.presence = .listed(found: nil, in: "/contacts/1/notes")
    var later = try step(3, "three")
    later.presence = .listed(found: nil, in: "/contacts/1/notes")
    try map.appendSent("note", source: 2)
    var outcomes: [StepOutcome] = []
    let resumed = try IDMap(path: path)
    try await WritePlan([unseen, later]).run(journal: resumed, sender: fake) { _, outcome in outcomes.append(outcome) }
    #expect(fake.calls == ["find in /contacts/1/notes above 0", "create 3"])
    #expect(outcomes == [.adopted(target: 50), .sent(target: 102)])
    #expect(resumed.target(of: "note", source: 2) == 50)
  }
}
