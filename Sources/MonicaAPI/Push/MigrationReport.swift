import Foundation
import MonicaKit

/// Counts the requests a client sends (its policy's observer) and the time their answers took,
/// for a migration's ETA.
package final class RequestCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var total = 0
  private var milliseconds = 0

  package init() {}

  /// One more request, whose exchange took `milliseconds`.
  package func add(milliseconds: Int = 0) {
    lock.withLock {
      total += 1
      self.milliseconds += max(milliseconds, 0)
    }
  }

  /// The requests so far.
  package var count: Int { lock.withLock { total } }

  /// The mean time from a request's going to its answer, in seconds; 0 before the first.
  package var meanSeconds: Double {
    lock.withLock { total == 0 ? 0 : Double(milliseconds) / Double(total) / 1000 }
  }
}

/// What a migration did, as it goes (progress on stderr) and at its end (the summary): records
/// per kind created, already on the target, matched by name; what could not be carried.
final class MigrationReport {
  private let tool: String
  /// The lines to carry, when known.
  var total: Int?
  /// Requests sent so far, for the ETA.
  var requests: RequestCounter?
  /// Where progress goes: `.terminal` redraws one line, `.log` prints a line now and then.
  var progress: Progress = .none
  /// The requests the lines still to carry will send, for the ETA.
  var work: MigrationWork?
  /// The pacer's schedule after the last line, and its clock then: when the instance lets the
  /// requests left go.
  var schedule: (schedule: RateLimitSchedule, now: Double)?
  /// The requests sent before the line being carried.
  private var requestsBefore = 0
  private(set) var lines = 0
  /// Where the summary goes: stderr, or a `--create --dry-run` plan's standard output.
  var emit: (String) throws(MonicaError) -> Void = { StandardError.line($0) }
  /// Whether this is a plan: "to create" rather than "created".
  var planning = false
  /// What the run is doing, for the words of the summary.
  var job = MigrationJob.migration
  /// Whether the line being carried has the timestamps its create cannot keep (a record read
  /// from an instance has them; monica-import's records have none to lose).
  var lineHasTimestamps = true
  private var createdByKind: [(String, Int)] = []
  private var knownCount = 0
  private var knownByKind: [(String, Int)] = []
  private var matchedByKind: [(String, Int)] = []
  private var alongByKind: [(String, Int)] = []
  private var skippedCount = 0
  private var madeByOthersByKind: [(String, Int)] = []
  private var relinkedByKind: [(String, Int)] = []
  private var losses: [(String, Int)] = []
  private var notCarried: [(String, Int)] = []
  /// The time progress is measured by (seconds since 1970): the pacer's clock.
  var clock: () -> Double = { Date().timeIntervalSince1970 }
  /// Where a `.log` progress line goes (a line of standard error).
  var log: (String) -> Void = { StandardError.line($0) }
  /// When the run began (`begin`).
  private var started = 0.0
  private var lastShown: Double?

  /// How progress is shown.
  enum Progress {
    case none, terminal, log
  }

  init(tool: String) { self.tool = tool }

  /// A record created, and what it could not take along.
  func created(_ object: String, losing lost: [String]) {
    Self.add(object, to: &createdByKind)
    for phrase in lost + timestamps { Self.add(phrase, to: &losses) }
  }

  /// The timestamps' loss, when the line being carried has them.
  private var timestamps: [String] { lineHasTimestamps ? [MigrationLosses.timestamps] : [] }

  /// A record the map says the target has, and what its create could not take along: said
  /// again by every run, so that a resumed run reports what the first one could not carry.
  /// `lost` is `nil` for a record the target had before (matched by name), which lost nothing.
  func known(_ object: String, losing lost: [String]? = []) {
    knownCount += 1
    Self.add(object, to: &knownByKind)
    guard let lost else { return }
    for phrase in lost + timestamps { Self.add(phrase, to: &losses) }
  }

  /// A record matched by name to one the target has.
  func matched(_ object: String) { Self.add(object, to: &matchedByKind) }

  /// A record the target made along with another (the reverse row of a relationship).
  func madeAlong(_ object: String) { Self.add(object, to: &alongByKind) }

  /// A record that needs no copy (the user, countries).
  func skipped(_ object: String) { skippedCount += 1 }

  /// A record the create of another makes on the target (an address's place).
  func madeByOthers(_ object: String) { Self.add(object, to: &madeByOthersByKind) }

  /// A record of a restore's account that was given back the contacts the restore made again.
  func relinked(_ object: String) { Self.add(object, to: &relinkedByKind) }

  /// A record not carried over, and why.
  func notCarried(_ object: String, because reason: String) { Self.add("\(object): \(reason)", to: &notCarried) }

  /// A value of a created record that the target will not have.
  func lost(_ object: String, _ phrase: String) { Self.add(phrase, to: &losses) }

  /// The run begins: the requests sent from now on are the lines'.
  func begin() {
    requestsBefore = requests?.count ?? 0
    started = clock()
  }

  /// One line done: progress, when it is time.
  func done() {
    lines += 1
    let sent = requests?.count ?? 0
    work?.done(lines - 1, requests: sent - requestsBefore)
    requestsBefore = sent
    let now = clock()
    switch progress {
    case .none: return
    case .terminal:
      guard now - (lastShown ?? -.infinity) >= 0.1 || lines == total else { return }
      FetchProgress.write("\r\u{1B}[K\(tool): \(status(now))")
      // A notice written before the next redraw clears this line first (`StandardError.line`).
      ProgressLine.drawn()
    case .log:
      guard let shown = lastShown else {
        lastShown = now
        return
      }
      guard now - shown >= 10 else { return }
      log("\(tool): \(status(now))")
    }
    lastShown = now
  }

  /// The summary: counts per kind, then each kind of loss with its count, in the job's words
  /// (`monica-push: restore: 12 records: ...`). Nothing with `quiet`: a quiet run says nothing
  /// but its errors.
  func finish(quiet: Bool) throws(MonicaError) {
    if ProgressLine.isShowing {
      ProgressLine.ended()
      FetchProgress.write("\n")
    }
    // Said on every run, a no-op re-run included, terminal or not: a cron log tells what it did.
    guard !quiet else { return }
    let created = createdByKind.isEmpty ? "" : " (\(Self.list(createdByKind)))"
    let made = planning ? "to create" : "created"
    var parts = ["\(Self.sum(createdByKind)) \(made)" + created]
    if !matchedByKind.isEmpty {
      parts.append("\(Self.sum(matchedByKind)) matched by name (\(Self.list(matchedByKind)))")
    }
    if !alongByKind.isEmpty {
      parts.append("\(Self.sum(alongByKind)) made by the target with another (\(Self.list(alongByKind)))")
    }
    if knownCount > 0 { parts.append("\(knownCount) already on the target") }
    if !madeByOthersByKind.isEmpty {
      parts.append("\(Self.sum(madeByOthersByKind)) made by their addresses (\(Self.list(madeByOthersByKind)))")
    }
    if skippedCount > 0 { parts.append("\(skippedCount) not copied (the target's own)") }
    if !relinkedByKind.isEmpty {
      let put = planning ? "to give back" : "given back"
      parts.append("\(Self.sum(relinkedByKind)) \(put) their restored contacts (\(Self.list(relinkedByKind)))")
    }
    try emit("\(tool): \(job.rawValue): \(lines) records: \(parts.joined(separator: ", "))")
    for kind in Self.kinds(createdByKind, knownByKind, matchedByKind) {
      let counts = [
        (Self.count(kind, createdByKind), made), (Self.count(kind, knownByKind), "already on the target"),
        (Self.count(kind, matchedByKind), "matched by name"),
      ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
      try emit("\(tool): \(kind): \(counts.joined(separator: ", "))")
    }
    for (phrase, count) in notCarried {
      try emit("\(tool): not carried: \(count) record\(count == 1 ? "" : "s") of \(job.words(phrase))")
    }
    for (phrase, count) in losses {
      try emit("\(tool): not carried: \(job.words(phrase)): \(count) record\(count == 1 ? "" : "s")")
    }
  }

  /// `120 of 2000 records (contact 80, note 40; 35 already there), ETA 14 min at 60/60 s`.
  private func status(_ now: Double) -> String {
    var text = "\(lines)\(total.map { " of \($0)" } ?? "") records"
    var parts: [String] = []
    if !createdByKind.isEmpty { parts.append("created " + Self.list(createdByKind)) }
    if knownCount > 0 { parts.append("\(knownCount) already there") }
    if !parts.isEmpty { text += " (" + parts.joined(separator: "; ") + ")" }
    if let eta = eta(now) { text += ", ETA \(Waits.describe(eta))" }
    if let schedule = schedule?.schedule, !schedule.unlimited, let limit = schedule.limit, let window = schedule.window
    {
      text += " at \(limit) requests per \(Waits.describe(window))"
    }
    return text
  }

  /// The seconds left: the requests the lines still to carry will send (`MigrationWork`), at the
  /// pace the instance allows them (the pacer's schedule: what is left of the open window, then
  /// a window's allowance per window), each taking the time answers have taken so far. Without
  /// the work known, the time per line so far.
  private func eta(_ now: Double) -> Double? {
    guard let total, lines > 0, total >= lines else { return nil }
    guard let work, let requests else {
      return Double(total - lines) * (now - started) / Double(lines)
    }
    let left = work.requestsLeft
    guard let schedule else { return left * requests.meanSeconds }
    return schedule.schedule.forecast(requests: left, latency: requests.meanSeconds, at: schedule.now)
  }

  private static func add(_ key: String, to counts: inout [(String, Int)]) {
    if let index = counts.firstIndex(where: { $0.0 == key }) {
      counts[index].1 += 1
    } else {
      counts.append((key, 1))
    }
  }

  private static func count(_ key: String, _ counts: [(String, Int)]) -> Int {
    counts.first { $0.0 == key }?.1 ?? 0
  }

  /// The kinds named in any of the counts, in the order first met.
  private static func kinds(_ lists: [(String, Int)]...) -> [String] {
    var kinds: [String] = []
    for list in lists { for (kind, _) in list where !kinds.contains(kind) { kinds.append(kind) } }
    return kinds
  }

  private static func sum(_ counts: [(String, Int)]) -> Int { counts.reduce(0) { $0 + $1.1 } }

  private static func list(_ counts: [(String, Int)]) -> String {
    counts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
  }
}
