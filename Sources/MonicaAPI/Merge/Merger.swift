import Foundation
import MonicaKit

/// What `monica-merge` is asked to do, from its flags.
package struct MergeOptions: Sendable {
  /// `--keep ID --merge ID...`: one group given on the command line instead of dedupe lines.
  package var keep: Int?
  package var merge: [Int] = []
  /// `--dry-run`: read, print the plan, write nothing.
  package var dryRun = false
  /// `--yes`: merge without asking.
  package var yes = false
  /// `--journal FILE`: each step as it is done, so that a stopped run resumes.
  package var journal: String?

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

  package init(options: MergeOptions, environment: ToolEnvironment, profile: String?, policy: ClientPolicy) {
    self.options = options
    self.environment = environment
    self.profile = profile
    self.policy = policy
  }

  /// Merges every group of `sources` (or the one of `--keep`), in order.
  package func run(sources: [InputSource], output: LineOutput) async throws(MonicaError) {
    if !options.dryRun && !options.yes && confirm == nil {
      throw .usage(
        "merging without --yes asks on a terminal, and there is none: nothing was sent "
          + "(give --dry-run to see the plan, --yes to merge without asking)")
    }
    var groups: [MergeGroup] = []
    if let keep = options.keep {
      groups.append(MergeGroup(keep: keep, merge: options.merge, place: "--keep \(keep)"))
    } else {
      let input = PushInput(sources)
      while let line = try input.next() {
        groups.append(try MergeGroup(line: line.bytes, source: line.source, number: line.number))
      }
    }
    let journal: IDMap
    var scratch: String?
    if let path = options.journal {
      journal = try IDMap(path: path)
    } else {
      // Without --journal the steps are journaled all the same, in a file of this run only.
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("monica-merge-\(getpid()).journal").path
      unlink(path)
      journal = try IDMap(path: path)
      scratch = path
    }
    defer { if let scratch { unlink(scratch) } }
    if !options.dryRun { try journal.lockForRun { StandardError.line("\(tool): \($0)") } }
    let connection = Connection(
      environment: environment, profile: profile, policy: policy, passphraseDescriptor: passphraseDescriptor)
    let writes = MergeWrites(client: try connection.client(), journal: journal, tool: tool, today: today)
    var run = MergeRun(writes: writes, output: output, tool: tool, dryRun: options.dryRun, confirm: confirm)
    do {
      for group in groups { try await run.merge(group) }
    } catch {
      if error != .outputClosed { try? output.flush() }
      throw error
    }
    try output.flush()
    if run.failed > 0 {
      throw .linesFailed("\(run.failed) of \(groups.count) groups not merged (said above)", status: .dataError)
    }
  }
}
