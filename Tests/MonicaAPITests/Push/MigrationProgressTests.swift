import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Synchronization
import Testing

/// `monica-push --create --map` in-process: the ETA of a long paced run on a virtual clock
/// (InProcessRun's `virtualTime`: the sandbox's limiter and the client's pacer share a clock the
/// client's waits move on), `--quiet`, the job the report names, and a restore that gives a
/// surviving activity its restored attendee back.
@Suite struct MigrationProgressTests {
  /// Every record of a new sandbox of `contacts` contacts, as `monica-fetch --all` prints them,
  /// in a file of `run`'s; documents left out (their link is the other sandbox's).
  func backup(contacts: Int, into run: InProcessRun, name: String = "backup.ndjson") async throws -> String {
    let source = try InProcessRun(contacts: contacts)
    var plan = FetchPlan(resource: .contact)
    plan.all = true
    let fetcher = Fetcher(plan: plan, connection: source.connection())
    let walked = try await source.output { (output) throws(MonicaError) in try await fetcher.run(output: output) }
    #expect(walked.error == nil, "\(walked)")
    let lines = walked.lines.filter { !$0.contains(#""object":"document""#) }
    return try run.file(name, lines: lines)
  }

  /// Runs `monica-push --create --map map` on `input`, each line of standard error with the
  /// virtual time it was said at.
  func push(
    _ run: InProcessRun, input: String, map: String, quiet: Bool = false, environment: [String: String] = [:]
  ) async throws -> (outcome: InProcessRun.Outcome, said: [(time: Double, line: String)]) {
    var options = PushOptions()
    options.map = map
    options.quiet = quiet
    var connection = run.connection(environment: environment)
    let said = Mutex<[(Double, String)]>([])
    connection.diagnostics = { line in said.withLock { $0.append((run.virtualNow ?? 0, line)) } }
    let pusher = Pusher(options: options, connection: connection)
    let outcome = try await run.output { (output) throws(MonicaError) in
      try await pusher.run(sources: [InputSource(input)], output: output)
    }
    return (outcome, said.withLock { $0 })
  }

  /// `12 min 3 s`, `74 s`, `3 min` in seconds.
  static func seconds(_ text: Substring) -> Double? {
    var total = 0.0
    let words = text.split(separator: " ")
    var index = 0
    while index + 1 < words.count {
      guard let value = Double(words[index]) else { return nil }
      switch words[index + 1] {
      case "s": total += value
      case "min": total += value * 60
      default: return nil
      }
      index += 2
    }
    return total
  }

  @Test("a paced migration's ETA at every progress line is within 25% of the time it really had left")
  func truthfulETA() async throws {
    let target = try InProcessRun(contacts: 1, rateLimit: "60/60", virtualTime: true)
    let input = try await backup(contacts: 100, into: target)
    let started = try #require(target.virtualNow)
    let (outcome, said) = try await push(target, input: input, map: target.home.root + "/map.tsv")
    #expect(outcome.error == nil, "\(outcome)")
    let end = try #require(target.virtualNow)
    let requests = target.targets.count
    // A long run: twenty minutes of requests at 60 a minute, paced, not sent at once.
    #expect(requests > 1000 && end - started >= Double(requests - 60), "\(requests) requests in \(end - started) s")
    var checked = 0
    for (time, line) in said {
      guard let range = line.range(of: ", ETA ") else { continue }
      let rest = line[range.upperBound...]
      let text = rest.prefix { $0 != "," }.components(separatedBy: " at ")[0]
      let eta = try #require(Self.seconds(text[...]), "\(line)")
      let left = end - time
      // The last minute's ETA is whole seconds of a window's remainder: judged while it is long.
      guard left >= 120 else { continue }
      #expect(
        abs(eta - left) <= 0.25 * left, "at \(Int(time - started)) s: ETA \(Int(eta)) s, left \(Int(left)) s: \(line)")
      checked += 1
    }
    #expect(
      checked >= 12, "progress lines judged: \(checked) of \(said.map { "\(Int($0.time - started)) \($0.line)" })")
  }

  @Test("one wait of the pacer is announced once, however many requests wait for it")
  func waitAnnouncedOnce() async throws {
    final class Clock: Sendable {
      let time = Mutex(1_000.0)
      let sleeps = Mutex(0)
      let notices = Mutex<[String]>([])
    }
    let clock = Clock()
    let pacer = RateLimitPacer(
      clock: { clock.time.withLock { $0 } },
      sleep: { _ in
        // The waiters sleep together and wake on the same window, several times over.
        try? await Task.sleep(nanoseconds: 2_000_000)
        if clock.sleeps.withLock({ count in
          count += 1
          return count
        }) >= 16 {
          clock.time.withLock { $0 += 60 }
        }
      },
      notice: { line in clock.notices.withLock { $0.append(line) } })
    let ticket = await pacer.waitForTurn()
    await pacer.observe(
      HTTPResponse(status: 429, headers: ["retry-after": "30", "x-ratelimit-limit": "60"], body: Data()),
      ticket: ticket)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          let ticket = await pacer.waitForTurn()
          await pacer.abandon(ticket)
        }
      }
    }
    let notices = clock.notices.withLock { $0 }
    #expect(notices.count == 1, "\(notices)")
  }

  @Test("--quiet says nothing on success; records without timestamps or account are an import, which loses no date")
  func quietImport() async throws {
    let run = try InProcessRun(contacts: 1)
    let backup = try await backup(contacts: 3, into: run, name: "source.ndjson")
    // Contacts as monica-import makes them: no account, no timestamps.
    let cards = try String(contentsOfFile: backup, encoding: .utf8).split(separator: "\n").compactMap { line in
      guard case .object(var record) = try JSONValue(parsing: String(line)),
        record["object"]?.stringValue == "contact", record["is_partial"] != .bool(true)
      else { return nil as String? }
      for member in ["account", "created_at", "updated_at"] { record[member] = nil }
      return JSONWriter.monica.string(.object(record))
    }
    let input = try run.file("cards.ndjson", lines: cards)
    let quiet = try await push(run, input: input, map: run.home.root + "/quiet.tsv", quiet: true)
    #expect(quiet.outcome.error == nil && quiet.outcome.lines.count == cards.count, "\(quiet.outcome)")
    #expect(quiet.said.isEmpty, "\(quiet.said.map(\.line))")
    let told = try await push(run, input: input, map: run.home.root + "/told.tsv")
    let lines = told.said.map(\.line)
    #expect(lines.contains { $0.hasPrefix("monica-push: import: \(cards.count) records: ") }, "\(lines)")
    #expect(!lines.contains { $0.contains("created_at and updated_at") }, "\(lines)")
  }

  @Test("a restore is named so, in its own words; the activity a restored contact attended gets it back")
  func restoreRelinks() async throws {
    let run = try InProcessRun(contacts: 30)
    let before = try await backup(contacts: 30, into: run, name: "before.ndjson")
    // An activity with two attendees: the second is deleted, and the activity keeps the first.
    let activity = try #require(
      try String(contentsOfFile: before, encoding: .utf8).split(separator: "\n").map {
        try JSONValue(parsing: String($0))
      }
      .first {
        $0["object"]?.stringValue == "activity" && ($0["attendees"]?["contacts"]?.arrayValue?.count ?? 0) >= 2
      })
    let gone = try #require(activity["attendees"]?["contacts"]?.arrayValue?[1]["id"]?.intValue)
    // Every activity it attended survives it (with no attendee at all, too), and gets it back.
    let attended = try String(contentsOfFile: before, encoding: .utf8).split(separator: "\n")
      .map { try JSONValue(parsing: String($0)) }
      .filter { record in
        let ids = record["attendees"]?["contacts"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
        return record["object"]?.stringValue == "activity" && ids.contains(gone)
      }.compactMap { $0["id"]?.intValue }
    let words = attended.count == 1 ? "1 activity" : "\(attended.count) activities"
    let token = run.transport.sandbox.token
    let deleted = try await run.transport.sandbox.respond(
      method: "DELETE", target: "/api/contacts/\(gone)",
      headers: [("Accept", "application/json"), ("Authorization", "Bearer \(token)")])
    #expect(deleted.status == 200)
    // The backup is the same sandbox's: fetched again, after the delete.
    var plan = FetchPlan(resource: .contact)
    plan.all = true
    let fetcher = Fetcher(plan: plan, connection: run.connection())
    let after = try await run.output { (output) throws(MonicaError) in try await fetcher.run(output: output) }
    let now = try run.file("after.ndjson", lines: after.lines.filter { !$0.contains(#""object":"document""#) })
    let map = run.home.root + "/restore.tsv"
    let notes = Mutex<[String]>([])
    let diff = BackupDiff(old: InputSource(before), new: InputSource(now), restoreMap: map) { line in
      notes.withLock { $0.append(line) }
    }
    let restore = try await run.output { (output) throws(MonicaError) in try diff.run(to: output) }
    #expect(restore.error == nil, "\(restore)")
    let told = notes.withLock { $0 }
    #expect(told.contains("restore: \(words) to be given back the restored contacts they named"), "\(told)")
    #expect(!told.contains { $0.contains("activity") && $0.hasPrefix("not restored") }, "said once: \(told)")
    let input = try run.file("restore.ndjson", restore.output)
    let pushed = try await push(run, input: input, map: map)
    #expect(pushed.outcome.error == nil, "\(pushed.outcome)")
    let lines = pushed.said.map(\.line)
    #expect(lines.contains { $0.hasPrefix("monica-push: restore: ") }, "\(lines)")
    #expect(!lines.contains { $0.contains("migration") || $0.contains("old instance") }, "\(lines)")
    #expect(
      lines.contains {
        $0.contains("\(attended.count) given back their restored contacts (activity \(attended.count))")
      }, "\(lines)")
    let restored = IDMapTestsSupport.target(map, "contact", gone)
    #expect(restored != nil && restored != gone, "contact #\(gone) restored as \(String(describing: restored))")
    for activityID in attended {
      let body = try JSONValue(parsing: try await run.body("/api/activities/\(activityID)"))
      let attendees = body["data"]?["attendees"]?["contacts"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
      #expect(
        restored.map(attendees.contains) == true,
        "activity #\(activityID)'s attendees \(attendees), restored #\(String(describing: restored))")
    }
    // A second run finds them there: nothing sent again.
    let writes = run.transport.exchanges.filter { $0.method != "GET" }.count
    let again = try await push(run, input: input, map: map)
    #expect(again.outcome.error == nil, "\(again.outcome)")
    #expect(run.transport.exchanges.filter { $0.method != "GET" }.count == writes, "\(again.said.map(\.line))")
  }
}

/// Reads a map file's `object<TAB>source<TAB>target` lines.
enum IDMapTestsSupport {
  static func target(_ path: String, _ object: String, _ source: Int) -> Int? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t")
      if fields.count == 3, fields[0] == object, Int(fields[1]) == source { return Int(fields[2]) }
    }
    return nil
  }
}
