import Foundation
import MonicaKit

/// What `monica-merge` is asked to do, from its flags.
package struct MergeOptions: Sendable {
  /// `--keep ID --merge ID...`: one group given on the command line instead of dedupe lines.
  package var keep: Int?
  package var merge: [Int] = []
  /// `--dry-run`: read, print the plan, write nothing.
  package var dryRun = false
  /// `--json`: the dry run's plan as NDJSON records.
  package var json = false
  /// `--yes`: merge without asking.
  package var yes = false
  /// `--journal FILE`: each step as it is done, so that a stopped run resumes.
  package var journal: String?
  /// `--force ID`: merged contacts merged although they contradict the others.
  package var force: Set<Int> = []
  /// `--max-group N`: the most contacts a line may join.
  package var maxGroup = MergeGroup.defaultMaxSize
  /// `--ignore-names`: merge the ids of a line whose names are not the server's.
  package var ignoreNames = false

  package init() {}
}

/// `monica-merge`'s one entry point: reads groups of duplicates, and for each reads the contacts,
/// plans the merge (`MergePlan`), asks, and carries it out, printing one line per group.
package struct Merger {
  package let options: MergeOptions
  package let environment: ToolEnvironment
  package let profile: String?
  package let policy: ClientPolicy
  package var tool = "monica-merge"
  /// `--passphrase-fd`.
  package var passphraseDescriptor: Int32?
  /// Asks a yes/no question on the terminal; `nil` when there is no terminal to ask on.
  package var confirm: ((String) -> Bool?)?
  /// The day age-based birthdates are counted from.
  package var today = CalendarDate.today()
  /// How far the run got: said when it stops before its end (`MergeProgress.stopOnInterrupt`).
  package let progress = MergeProgress()

  package init(options: MergeOptions, environment: ToolEnvironment, profile: String?, policy: ClientPolicy) {
    self.options = options
    self.environment = environment
    self.profile = profile
    self.policy = policy
  }

  /// Merges every group of `sources` (or the one of `--keep`), in order.
  package func run(sources: [InputSource], output: LineOutput) async throws(MonicaError) {
    let groups = try self.groups(sources)
    let connection = Connection(
      environment: environment, profile: profile, policy: policy, passphraseDescriptor: passphraseDescriptor)
    try await run(groups, client: try connection.client(), output: output)
  }

  /// The groups to merge, every line read and checked before the first request: a line that is
  /// not a group, repeats a key or joins too many contacts stops the run with nothing sent.
  func groups(_ sources: [InputSource]) throws(MonicaError) -> [MergeGroup] {
    if !options.dryRun && !options.yes && confirm == nil {
      throw .usage(
        "merging without --yes asks on a terminal, and there is none: nothing was sent "
          + "(give --dry-run to see the plan, --yes to merge without asking)")
    }
    if let keep = options.keep {
      var group = MergeGroup(keep: keep, merge: options.merge, place: "--keep \(keep)")
      group.keeperGiven = true
      guard group.ids.count <= options.maxGroup else {
        throw .usage("--merge names \(group.ids.count - 1) contacts, more than --max-group \(options.maxGroup) allows")
      }
      return [group]
    }
    var groups: [MergeGroup] = []
    let input = PushInput(sources)
    while let line = try input.next() {
      groups.append(
        try MergeGroup(line: line.bytes, source: line.source, number: line.number, maxSize: options.maxGroup))
    }
    return groups
  }

  /// Merges `groups` through `client`: the account's lock (`AccountLock`), then the journal's,
  /// held until the last write.
  func run(_ groups: [MergeGroup], client: MonicaClient, output: LineOutput) async throws(MonicaError) {
    let path: String
    var scratch: String?
    if let given = options.journal {
      path = given
    } else {
      // Without --journal the steps are journaled all the same, in a private folder of this run,
      // kept (and named) only when the run stops before its end.
      var template = Array((FileManager.default.temporaryDirectory.path + "/monica-merge-XXXXXX").utf8CString)
      let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
        guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
        return String(cString: base)
      }
      guard let made else {
        throw .configuration("cannot make a temporary folder for the journal: \(systemErrorText(errno))")
      }
      scratch = made
      path = made + "/merge.journal"
    }
    // The private folder goes at the end, unless the run stopped after writing: it resumes it.
    var keepScratch = false
    defer { if let scratch, !keepScratch { Self.remove(scratch) } }
    let journal = try IDMap(path: path)
    // A run whose journal says every group is merged sends nothing, not even the read the
    // account's lock needs.
    let finished = try MergePlansFile(journal: path)
    let idle = groups.allSatisfy { group in
      finished.isReported(group.key)
        || (finished.snapshot(group.key) == nil
          && group.merge.allSatisfy { MergeRun.done($0, into: group.keep, journal) })
    }
    var accountLock: AccountLock?
    if !options.dryRun && !idle {
      // The account's lock first, then the journal's: two runs never wait for each other's second.
      accountLock = try await client.lockAccount(environment: environment) { StandardError.line("\(tool): \($0)") }
      try journal.lockForRun { StandardError.line("\(tool): \($0)") }
    }
    defer { accountLock?.release() }
    // Read once the locks are held: a run that held them before may have added plans.
    let plans = try MergePlansFile(journal: path)
    progress.start(groups: groups.count, journal: path, given: scratch == nil)
    let writes = MergeWrites(client: client, journal: journal, tool: tool, today: today)
    var run = MergeRun(
      writes: writes, output: output, tool: tool, options: options, confirm: confirm, plans: plans, progress: progress)
    do {
      for group in groups { try await run.merge(group) }
      try output.flush()
    } catch {
      // A create in doubt may have been made: the journal that looks it up is kept and named.
      if Self.inDoubt(error) { progress.mayHaveWritten() }
      if error != .outputClosed {
        try? output.flush()
        StandardError.line("\(tool): \(progress.stopped(by: Self.cause(error)))")
      }
      keepScratch = error != .outputClosed && progress.hasWritten
      throw Self.resumable(error, keptJournal: scratch == nil ? nil : path)
    }
    if run.failed > 0 {
      throw .linesFailed("\(run.failed) of \(groups.count) groups not merged (said above)", status: .dataError)
    }
  }

  /// What stopped the run, in a word for the line that says how far it got.
  static func cause(_ error: MonicaError) -> String {
    switch error {
    case .temporary(_, let reason) where reason.contains("answered HTTP 5"): "the server failed"
    case .temporary: "the server did not answer in time"
    case .unavailable: "the server failed"
    default: "an error"
    }
  }

  /// The client's advice after a create whose answer never came: push's, not a merge's.
  private static let pushAdvice = "check before pushing this line again"

  /// Whether `error` is a create whose answer never came (it may have been made).
  static func inDoubt(_ error: MonicaError) -> Bool {
    guard case .temporary(_, let reason) = error else { return false }
    return reason.hasSuffix(pushAdvice)
  }

  /// A create whose answer never came is looked for by the journal before it is sent again: the
  /// client's "check before pushing this line again" is push's advice, not a merge's. With
  /// `--journal` the same command finishes the run; without it (`keptJournal`, the run's own
  /// journal, kept) the same command would make a fresh journal and plan again, so the advice is
  /// to give that journal.
  static func resumable(_ error: MonicaError, keptJournal: String?) -> MonicaError {
    guard case .temporary(let request, let reason) = error, inDoubt(error) else { return error }
    let advice =
      keptJournal.map {
        "the journal \($0) has it looked for before anything is sent again: run it again with --journal \($0)"
      }
      ?? "the journal has it looked for before anything is sent again, so run the same command again"
    return .temporary(request: request, reason: reason.dropLast(pushAdvice.count) + advice)
  }

  /// Removes the run's private journal folder.
  private static func remove(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
  }
}
