import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

@testable import MonicaAPI

/// `monica-merge`'s logic on an in-memory sandbox (`MergeFixture`), through the transport seam:
/// what a merge leaves, what it refuses before writing, and how a run stopped at any request
/// resumes. Each test takes milliseconds; the end-to-end tests keep what only the binary shows.
@Suite struct MergeRunTests {
  @Test("a merge leaves the keeper holding both contacts' records, the report whole; a re-run sends nothing")
  func merges() async throws {
    let account = try await MergeFixture()
    let run = try await account.merge(options: account.journaled())
    #expect(run.error == nil, "\(String(describing: run.error))")
    let line = try #require(run.lines.first)
    #expect(line["object"]?.stringValue == "merge" && line["id"]?.intValue == account.ysolde)
    #expect(line["merged"] == .array([.int(account.sol)]))
    #expect(line["moved"]?.intValue == 7 && line["copied"]?.intValue == 8, "\(line)")
    #expect(run.lines.count == 2, "both pairs: \(run.text)")
    let notes = try await MergeFixture.list(account.client, "/contacts/\(account.ysolde)/notes")
    #expect(notes.compactMap { $0["body"]?.stringValue }.filter { $0.hasPrefix("Merged from") }.count == 1)
    #expect(notes.count == 4, "\(notes)")
    let before = account.transport.exchanges.count
    let again = try await account.merge(options: account.journaled())
    #expect(again.error == nil && again.lines.isEmpty)
    #expect(account.transport.exchanges.count == before, "a finished journal: not even a read")
  }

  @Test("the account's own contact is never merged away: kept from a dedupe line, refused from --keep")
  func ownContact() async throws {
    let account = try await MergeFixture()
    var options = account.journaled()
    options.force = [account.ysolde]
    let given = MergeGroup(keep: account.ysolde, merge: [account.me], place: "--keep \(account.ysolde)")
    var byHand = given
    byHand.keeperGiven = true
    let before = account.transport.exchanges.count
    let refused = try await account.merge(groups: [byHand], options: options)
    #expect(refused.lines.isEmpty && refused.error != nil)
    #expect(!account.transport.exchanges.dropFirst(before).contains { $0.method != "GET" }, "nothing sent")
    var dryRun = Self.dryRun
    dryRun.force = [account.ysolde]
    let dry = try await account.merge(
      MergeFixture.line(keep: account.ysolde, merge: [account.me]) + "\n", options: dryRun)
    #expect(
      dry.text.contains { $0.contains("# keeper: #\(account.me)") && $0.contains("your own contact") }, "\(dry.text)")
    #expect(dry.text.contains("delete #\(account.ysolde) once #\(account.me) is read back holding everything"))
    #expect(!dry.text.contains { $0.hasPrefix("delete #\(account.me)") })
  }

  /// A result line without its `group` (the input's place, another file for each fixture).
  static func withoutPlace(_ line: JSONValue) -> JSONValue {
    guard case .object(var object) = line else { return line }
    object["group"] = nil
    return .object(object)
  }

  static var dryRun: MergeOptions {
    var options = MergeOptions()
    options.dryRun = true
    return options
  }
}

extension MergeRunTests {
  /// A fixture merged once without a stop: its account's state and report.
  static func uninterrupted(document: Bool) async throws -> (
    state: [String: [String]], report: [JSONValue], requests: Int
  ) {
    let account = try await MergeFixture(document: document)
    let counter = KillSwitch(account.transport, after: Int.max)
    let run = try await account.merge(options: account.journaled(), through: counter)
    #expect(run.error == nil)
    let left = run.lines.first { $0["keep"]?.intValue == account.ysolde }?["left"]
    #expect(left == .array(document ? [.int(account.sol)] : []), "Sol is left beside the keeper with her document")
    return (try await account.state(), run.lines, counter.requests)
  }

  /// With a document that cannot be carried, Sol is left beside the keeper: a record the stopped
  /// run copied and the resumed one took for "a value the keeper has already" would stay on her.
  @Test(
    "a merge stopped at any request resumes to the state and report of an uninterrupted run",
    arguments: [(acted: true, document: true), (acted: false, document: false)])
  func killedAtEachRequest(acted: Bool, document: Bool) async throws {
    let baseline = try await Self.uninterrupted(document: document)
    #expect(baseline.requests > 50)
    let only = ProcessInfo.processInfo.environment["KILL_POINT"].flatMap(Int.init)
    // Each stop point on an account of its own, all at once: in sequence they were the last
    // test of the in-process phase to end, on one core, for half of the phase.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for point in 1...baseline.requests where only == nil || only == point {
        group.addTask {
          try await Self.stopAndResume(
            at: point, acted: acted, document: document, baseline: baseline, detailed: only != nil)
        }
      }
      try await group.waitForAll()
    }
  }

  /// A merge stopped at request `point` and then resumed leaves what `baseline`'s uninterrupted
  /// run left, and the two runs' report is its report.
  static func stopAndResume(
    at point: Int, acted: Bool, document: Bool,
    baseline: (state: [String: [String]], report: [JSONValue], requests: Int),
    detailed: Bool
  ) async throws {
    let account = try await MergeFixture(document: document)
    let stopped = try await account.merge(
      options: account.journaled(), through: KillSwitch(account.transport, after: point, acted: acted))
    #expect(stopped.error != nil, "stopped at request \(point)")
    let resumed = try await account.merge(options: account.journaled())
    #expect(resumed.error == nil, "resumed after request \(point): \(String(describing: resumed.error))")
    // The whole group's report, from the journal, whichever run printed it.
    let report = (stopped.lines + resumed.lines).map(Self.withoutPlace)
    for line in baseline.report.map(Self.withoutPlace) {
      let keep = line["keep"]?.intValue
      let last = report.last { $0["keep"]?.intValue == keep }
      #expect(last == line, "the report of #\(keep ?? 0) after a stop at request \(point)")
    }
    let state = try await account.state()
    for (key, records) in baseline.state where state[key] != records {
      let detail = detailed ? ": \(records) / \(state[key] ?? [])" : ""
      Issue.record("stopped at request \(point) (\(acted ? "answer lost" : "not sent")): \(key) differs\(detail)")
    }
    #expect(state.keys.sorted() == baseline.state.keys.sorted(), "stopped at request \(point): the contacts")
  }
}

extension MergeRunTests {
  /// The writes the transport saw from `index` on.
  static func writes(_ account: MergeFixture, from index: Int) -> [String] {
    account.transport.exchanges.dropFirst(index).filter { $0.method != "GET" }.map { "\($0.method) \($0.target)" }
  }

  @Test("a group whose members contradict each other is refused, nothing sent, unless --force names the merged one")
  func contradictions() async throws {
    let account = try await MergeFixture()
    let line = MergeFixture.line(keep: account.hugo, merge: [account.ines]) + "\n"
    let before = account.transport.exchanges.count
    let refused = try await account.merge(line, options: account.journaled())
    #expect(refused.lines.isEmpty, "\(refused.text)")
    guard case .linesFailed(_, let status)? = refused.error else {
      Issue.record("\(String(describing: refused.error))")
      return
    }
    #expect(status == .dataError)
    #expect(Self.writes(account, from: before).isEmpty)
    var forced = account.journaled()
    forced.force = [account.hugo]
    let still = try await account.merge(line, options: forced)
    #expect(still.lines.isEmpty && Self.writes(account, from: before).isEmpty, "--force names the keeper: not enough")
    forced.force = [account.ines]
    let merged = try await account.merge(line, options: forced)
    #expect(merged.error == nil && merged.lines.first?["merged"] == .array([.int(account.ines)]), "\(merged.text)")
  }

  @Test("a line whose names are not the server's is refused, nothing sent, unless --ignore-names")
  func renamedContacts() async throws {
    let account = try await MergeFixture()
    let line =
      MergeFixture.line(
        keep: account.ysolde, merge: [account.sol], related: [account.hugo, account.ines],
        extra:
          #","contacts":[{"id":\#(account.ysolde),"name":"Ysolde Marchetti"},{"id":\#(account.sol),"name":"Zoë Nguyễn"}]"#
      )
      + "\n"
    let before = account.transport.exchanges.count
    let refused = try await account.merge(line, options: account.journaled())
    #expect(refused.lines.isEmpty && refused.error != nil && Self.writes(account, from: before).isEmpty)
    let dry = try await account.merge(line, options: Self.dryRun)
    #expect(
      dry.text.contains { $0.hasPrefix("# not merged: the line's names are not the server's (#\(account.sol) is") })
    var ignoring = account.journaled()
    ignoring.ignoreNames = true
    let merged = try await account.merge(line, options: ignoring)
    #expect(merged.error == nil && merged.lines.count == 1)
  }

  @Test("the question names the score and the reasons for and against; a change during it stops the group")
  func question() async throws {
    let account = try await MergeFixture()
    let line =
      MergeFixture.line(
        keep: account.ysolde, merge: [account.sol], related: [account.hugo, account.ines],
        extra: #","score":0.95,"reasons":["same e-mail ysolde.marchetti@example.org"]"#) + "\n"
    var asked: [String] = []
    let before = account.transport.exchanges.count
    let client = account.client
    let sol = account.sol
    let changed = try await account.merge(line, options: MergeOptions()) { question in
      asked.append(question)
      // Someone adds a note to Sol while the question waits.
      let note = JSONObject(["contact_id": .int(sol), "body": .string("added while asked")])
      let done = DispatchSemaphore(value: 0)
      Task {
        _ = try? await client.send(WriteRequest(.create, "/notes", body: note))
        done.signal()
      }
      done.wait()
      return true
    }
    let question = try #require(asked.first)
    #expect(question.contains("For (score 0.95): same e-mail ysolde.marchetti@example.org."), "\(question)")
    #expect(question.contains("Against: nothing."), "\(question)")
    #expect(changed.lines.isEmpty && changed.error != nil)
    #expect(Self.writes(account, from: before) == ["POST /api/notes"], "only the note added during the question")
    let yes = try await account.merge(line, options: MergeOptions()) { _ in true }
    #expect(yes.error == nil && yes.lines.count == 1, "asked again, the plan holds the new note")
    let notes = try await MergeFixture.list(account.client, "/contacts/\(account.ysolde)/notes")
    #expect(notes.contains { $0["body"]?.stringValue == "added while asked" })
  }

  @Test("--dry-run --json gives the plan as NDJSON records, one per line of the text plan; nothing is written")
  func jsonPlan() async throws {
    let account = try await MergeFixture()
    let before = account.transport.exchanges.count
    var options = Self.dryRun
    let text = try await account.merge(options: options)
    options.json = true
    let json = try await account.merge(options: options)
    #expect(json.lines.count == text.text.count && json.lines.count > 20)
    #expect(json.lines.allSatisfy { $0["object"]?.stringValue == "mergeplan" && $0["id"]?.intValue != nil })
    #expect(json.lines.map { MergePlan.shown($0["text"]?.stringValue ?? "") } == text.text)
    #expect(json.lines.contains { $0["action"]?.stringValue == "copy" && $0["record_object"]?.stringValue == "task" })
    #expect(Self.writes(account, from: before).isEmpty)
  }
}

extension MergeRunTests {
  @Test("a resumed merge also moves what the merged contact got since its plan was journaled")
  func recordMadeSince() async throws {
    let account = try await MergeFixture()
    // Stopped just after its first write: the plan is journaled, Sol still holds her records.
    let probe = KillSwitch(account.transport, after: Int.max)
    let before = account.transport.exchanges.count
    _ = try await account.merge(options: Self.dryRun, through: probe)
    let reads = account.transport.exchanges.count - before
    let stopped = try await account.merge(
      options: account.journaled(), through: KillSwitch(account.transport, after: reads + 3, acted: true))
    #expect(stopped.error != nil)
    let note = JSONObject(["contact_id": .int(account.sol), "body": .string("written after the stop")])
    _ = try await account.client.send(WriteRequest(.create, "/notes", body: note))
    let resumed = try await account.merge(options: account.journaled())
    #expect(resumed.error == nil, "\(String(describing: resumed.error))")
    let notes = try await MergeFixture.list(account.client, "/contacts/\(account.ysolde)/notes")
    #expect(notes.contains { $0["body"]?.stringValue == "written after the stop" }, "\(notes)")
  }

  @Test("a merge without --journal stopped on a create in doubt keeps its journal and says to give it, nothing else")
  func createInDoubtWithoutJournal() async throws {
    let requests = try await Self.uninterrupted(document: false).requests
    var found = false
    for point in 1...requests {
      let account = try await MergeFixture()
      let stopped = try await account.merge(
        options: MergeFixture.yes, through: KillSwitch(account.transport, after: point, acted: true))
      guard case .temporary(_, let reason)? = stopped.error, reason.contains("has it looked for") else { continue }
      found = true
      #expect(!reason.contains("same command") && !reason.contains("check before pushing"), "\(reason)")
      let given = reason.components(separatedBy: "run it again with --journal ").last ?? ""
      #expect(given.hasSuffix("/merge.journal") && reason.contains("the journal \(given) has"), "\(reason)")
      #expect(FileManager.default.fileExists(atPath: given), "the journal named is kept: \(reason)")
      // Given back, it finishes the merge.
      let resumed = try await account.merge(
        options: {
          var options = MergeFixture.yes; options.journal = given; return options
        }())
      #expect(resumed.error == nil, "\(String(describing: resumed.error))")
      try? FileManager.default.removeItem(atPath: (given as NSString).deletingLastPathComponent)
      break
    }
    #expect(found, "a stop on a create in doubt")
  }

  @Test("a resumed merge moves a life event the merged contact got since its plan was journaled: not deleted with her")
  func lifeEventMadeSince() async throws {
    let account = try await MergeFixture()
    // Stopped just after its first write: the plan is journaled, and the account's life events read.
    let probe = KillSwitch(account.transport, after: Int.max)
    let before = account.transport.exchanges.count
    _ = try await account.merge(options: Self.dryRun, through: probe)
    let reads = account.transport.exchanges.count - before
    let stopped = try await account.merge(
      options: account.journaled(), through: KillSwitch(account.transport, after: reads + 3, acted: true))
    #expect(stopped.error != nil)
    let event = JSONObject([
      "contact_id": .int(account.sol), "life_event_type_id": .int(1), "happened_at": .string("2025-01-02"),
      "name": .string("written after the stop"), "note": .null, "has_reminder": .bool(false),
      "happened_at_month_unknown": .bool(false), "happened_at_day_unknown": .bool(false),
    ])
    let made = try await account.client.send(WriteRequest(.create, "/lifeevents", body: event))
    #expect(made.status < 300)
    let resumed = try await account.merge(options: account.journaled())
    #expect(resumed.error == nil, "\(String(describing: resumed.error))")
    let events = try await MergeFixture.list(account.client, "/lifeevents")
    let moved = events.filter { $0["name"]?.stringValue == "written after the stop" }
    #expect(moved.count == 1 && moved.first?["contact"]?["id"]?.intValue == account.ysolde, "\(events)")
  }

  @Test("a result line holds no raw terminal control: C1 and bidi characters are JSON escapes, the value unchanged")
  func safeResultLine() throws {
    let value = JSONValue.object(JSONObject(["tags": .array([.string("a\u{9B}2J\u{202E}b\u{1B}c")])]))
    let bytes = MergeOutput.line(value)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.unicodeScalars.contains { TerminalText.isControl($0) }, "\(text)")
    #expect(text == #"{"tags":["a\u009b2J\u202eb\u001bc"]}"#)
    #expect(try JSONValue(parsing: bytes) == value)
  }
}
