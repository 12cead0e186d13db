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
    for point in 1...baseline.requests where only == nil || only == point {
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
        let detail = only == nil ? "" : ": \(records) / \(state[key] ?? [])"
        Issue.record("stopped at request \(point) (\(acted ? "answer lost" : "not sent")): \(key) differs\(detail)")
      }
      #expect(state.keys.sorted() == baseline.state.keys.sorted(), "stopped at request \(point): the contacts")
    }
  }
}
