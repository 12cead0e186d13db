import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Synchronization
import Testing

@testable import MonicaAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `monica-push` among other writers of one account, in-process: the account's lock
/// (`AccountLock`, under the XDG state dir every run here shares) makes a migration beside
/// another migration, and a plain push beside a merge, take turns; and a create refused for
/// certain is journaled so (`#refused`), not looked for again by every later run.
@Suite struct PushLockTests {
  /// The requests of several runs on one account, in the order they were sent, each named by
  /// its run: `a POST /api/contacts`.
  final class Timeline: Sendable {
    private let entries = Mutex<[String]>([])
    var all: [String] { entries.withLock { $0 } }
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    /// The run's writes (not its reads), by their places in the timeline.
    func writes(of run: String) -> [Int] {
      all.indices.filter { all[$0].hasPrefix(run + " ") && !all[$0].hasPrefix(run + " GET ") }
    }
  }

  /// A run's transport: each request goes into the timeline as it is sent; the `hold`th write
  /// waits, not sent, until `open()`, so that the run holds the account's lock for as long as a
  /// test needs (the run is then `holding`).
  final class Gate: ClientTransport, Sendable {
    let inner: SandboxTransport
    let name: String
    let timeline: Timeline
    let hold: Int?
    private let state = Mutex<(writes: Int, holding: Bool, open: Bool)>((0, false, false))

    init(_ inner: SandboxTransport, _ name: String, _ timeline: Timeline, hold: Int? = nil) {
      (self.inner, self.name, self.timeline, self.hold) = (inner, name, timeline, hold)
    }

    var holding: Bool { state.withLock { $0.holding } }
    func open() { state.withLock { $0.open = true } }

    func send(_ request: URLRequest) async throws(TransportFailure) -> HTTPResponse {
      let method = request.httpMethod ?? "GET"
      let held = state.withLock { state in
        guard method != "GET" else { return false }
        state.writes += 1
        state.holding = state.writes == hold
        return state.holding
      }
      while held && !state.withLock({ $0.open }) { try? await Task.sleep(for: .milliseconds(5)) }
      timeline.append("\(name) \(method) \(request.url?.path ?? "")")
      return try await inner.send(request)
    }
  }

  /// Polls `condition` until it holds (true) or 30 seconds have passed (false).
  static func poll(_ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while !condition() {
      guard Date() < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// One `monica-push` run in a task: its outcome, its standard error, whether it ended.
  final class PushRun: Sendable {
    /// What it said and whether it ended, shared with its task.
    final class State: Sendable {
      let said = Mutex<[String]>([])
      let ended = Mutex(false)
    }
    let state = State()
    let task: Task<InProcessRun.Outcome, any Error>

    init(_ run: InProcessRun, _ options: PushOptions, input: String, connection base: Connection, through gate: Gate) {
      var connection = base
      connection.transport = gate
      let state = state
      connection.diagnostics = { line in state.said.withLock { $0.append(line) } }
      let pusher = Pusher(options: options, connection: connection)
      task = Task {
        defer { state.ended.withLock { $0 = true } }
        return try await run.output { (output) throws(MonicaError) in
          try await pusher.run(sources: [InputSource(input)], output: output)
        }
      }
    }

    var said: [String] { state.said.withLock { $0 } }
    var ended: Bool { state.ended.withLock { $0 } }
    /// Whether it said that another run was writing to the account, and it waited.
    var waited: Bool { said.contains { $0.contains("another run is writing to") } }
  }

  /// Eight contacts of a source account, as `monica-fetch --all` gives them.
  static let contacts = (1...8).map { #"{"object":"contact","id":\#($0),"first_name":"Ann\#($0)","is_dead":false}"# }

  @Test("two migrations of one account with two maps take turns: the second waits, then writes after the first's last")
  func twoMapsTakeTurns() async throws {
    let run = try InProcessRun(contacts: 0)
    let input = try run.file("stream.ndjson", lines: Self.contacts)
    let timeline = Timeline()
    // The first holds its second create (its first is made: both locks are held) until the
    // second run has come to the account's lock.
    let gate = Gate(run.transport, "a", timeline, hold: 2)
    var options = PushOptions()
    options.map = run.home.root + "/a.tsv"
    let first = PushRun(run, options, input: input, connection: run.connection(), through: gate)
    #expect(await Self.poll { gate.holding }, "\(timeline.all)")
    options.map = run.home.root + "/b.tsv"
    let second = PushRun(
      run, options, input: input, connection: run.connection(), through: Gate(run.transport, "b", timeline))
    #expect(await Self.poll { second.waited || second.ended }, "\(timeline.all)")
    #expect(second.waited, "\(second.said)")
    gate.open()
    let (a, b) = (try await first.task.value, try await second.task.value)
    #expect(a.error == nil && b.error == nil, "\(a) \(b)")
    // Two maps are two creators: each makes its own eight, all of one run's before the other's.
    let (mine, theirs) = (timeline.writes(of: "a"), timeline.writes(of: "b"))
    #expect(mine.count == 8 && theirs.count == 8, "\(timeline.all)")
    #expect(mine.max() ?? 0 < theirs.min() ?? 0, "the runs interleaved: \(timeline.all)")
    #expect(!first.waited)
  }

  @Test("a plain push beside a monica-merge of the account waits for it, and writes after the merge's last request")
  func waitsForMerge() async throws {
    let fixture = try await MergeFixture()
    let timeline = Timeline()
    let gate = Gate(fixture.transport, "merge", timeline, hold: 1)
    let merging = Task { try await fixture.merge(through: gate) }
    #expect(await Self.poll { gate.holding }, "\(timeline.all)")
    // The merge's state dir, where the account's lock is.
    let connection = fixture.transport.connection(environment: [
      "HOME": fixture.folder, "XDG_STATE_HOME": fixture.folder + "/state",
      "XDG_CONFIG_HOME": fixture.folder + "/config", "XDG_CACHE_HOME": fixture.folder + "/cache",
    ])
    let run = try InProcessRun(contacts: 0)
    let input = try run.file(
      "note.ndjson", lines: [#"{"object":"note","contact_id":\#(fixture.hugo),"body":"Met beside the merge"}"#])
    let push = PushRun(
      run, PushOptions(), input: input, connection: connection, through: Gate(fixture.transport, "push", timeline))
    #expect(await Self.poll { push.waited || push.ended }, "\(timeline.all)")
    #expect(push.waited, "\(push.said)")
    gate.open()
    let merged = try await merging.value
    let pushed = try await push.task.value
    #expect(merged.error == nil && pushed.error == nil, "\(String(describing: merged.error)) \(pushed)")
    let mergeLast = try #require(timeline.all.lastIndex { $0.hasPrefix("merge ") })
    let pushFirst = try #require(timeline.writes(of: "push").first, "\(timeline.all)")
    #expect(mergeLast < pushFirst, "the push wrote while the merge ran: \(timeline.all)")
  }

  /// A contact and a note on it, as `monica-fetch --all` gives them.
  static let noted = [
    #"{"object":"contact","id":7,"first_name":"Ann","is_dead":false}"#,
    #"{"object":"note","id":3,"body":"refused","contact":{"id":7}}"#,
  ]

  /// Runs `monica-push --create --map` twice on `noted`, every note create answered with
  /// `fault`: the second run's requests of notes, and the map.
  func twice(_ fault: String) async throws -> (first: InProcessRun.Outcome, again: [String], map: String) {
    let run = try InProcessRun(contacts: 0, faults: ["\(fault)@*1:POST:/api/notes"])
    let input = try run.file("stream.ndjson", lines: Self.noted)
    var options = PushOptions()
    options.map = run.home.root + "/map.tsv"
    options.quiet = true
    func push() async throws -> InProcessRun.Outcome {
      let pusher = Pusher(options: options, connection: run.connection())
      return try await run.output { (output) throws(MonicaError) in
        try await pusher.run(sources: [InputSource(input)], output: output)
      }
    }
    let first = try await push()
    let before = run.transport.exchanges.count
    _ = try await push()
    let again = run.transport.exchanges.dropFirst(before).map { "\($0.method) \($0.target)" }
    let map = try String(contentsOfFile: options.map ?? "", encoding: .utf8)
    return (first, again.filter { $0.contains("/notes") }, map)
  }

  @Test("a create refused for certain (422) is journaled so: a re-run of the map looks nothing up, and sends it again")
  func refusedCreateNotInDoubt() async throws {
    let (first, again, map) = try await twice("422")
    #expect(first.status == 65, "\(first)")
    #expect(map.contains("#sent\tnote\t3\n#refused\tnote\t3\n"), "\(map)")
    #expect(again == ["POST /api/notes"], "an in-doubt look-up of a create refused for certain: \(again)")
    // Readers that know only mapping lines skip it as the comment it is.
    let mappings = map.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(mappings.allSatisfy { $0.split(separator: "\t").count == 3 }, "\(map)")
  }

  @Test("a create answered with a 5xx, or with no answer, stays in doubt: a re-run of the map looks for it first")
  func unansweredCreateStaysInDoubt() async throws {
    for fault in ["503", "reset"] {
      let (first, again, map) = try await twice(fault)
      #expect(first.status == 75, "\(fault): \(first)")
      #expect(!map.contains("#refused"), "\(fault): \(map)")
      #expect(again.first?.hasPrefix("GET /api/notes") == true, "\(fault): no in-doubt look-up: \(again)")
    }
  }
}
