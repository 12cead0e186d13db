import ArgumentParser
import MonicaAPI
import MonicaKit

struct MonicaMerge: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-merge",
    abstract: "Merge duplicate Monica contacts into one, losing nothing.",
    discussion: Help.merge,
    version: toolsetVersion)

  @OptionGroup var input: InputOptions
  @Option(help: ArgumentHelp("The contact to keep (with --merge), instead of monica-dedupe lines.", valueName: "ID"))
  var keep: Int?
  @Option(help: ArgumentHelp("A contact to merge into --keep (repeatable).", valueName: "ID")) var merge: [Int] = []
  @Flag(help: "Read the contacts, print the plan and write nothing.") var dryRun = false
  @Flag(help: "With --dry-run: the plan as NDJSON records, one per line of the plan.") var json = false
  @Flag(name: .shortAndLong, help: "Merge without asking on the terminal.") var yes = false
  @Option(
    help: ArgumentHelp(
      "Merge this contact although it contradicts the others (other first names, genders, birthdays; "
        + "one living, one deceased) (repeatable).", valueName: "ID"))
  var force: [Int] = []
  @Option(help: ArgumentHelp("The most contacts one group may join.", valueName: "N"))
  var maxGroup = MergeGroup.defaultMaxSize
  @Flag(help: "Merge a line's ids even when the names it gives are not the server's.") var ignoreNames = false
  @Option(
    help: ArgumentHelp("Record each step here as it is done; run again with it to resume.", valueName: "FILE"),
    completion: .file())
  var journal: String?
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func validate() throws {
    if (keep == nil) != merge.isEmpty { throw ValidationError("--keep and --merge go together") }
    if let keep, keep <= 0 || merge.contains(where: { $0 <= 0 }) || merge.allSatisfy({ $0 == keep }) {
      throw ValidationError("--keep and --merge take positive contact ids, --merge at least one other than --keep")
    }
    if journal == "-" || journal == "" { throw ValidationError("--journal needs a file") }
    if json && !dryRun { throw ValidationError("--json is for --dry-run's plan") }
    if maxGroup < 2 { throw ValidationError("--max-group takes 2 or more") }
    if force.contains(where: { $0 <= 0 }) { throw ValidationError("--force takes positive contact ids") }
  }

  func run() async throws {
    try await reportingFailures {
      var options = MergeOptions()
      (options.keep, options.merge, options.dryRun, options.yes) = (keep, merge, dryRun, yes)
      (options.journal, options.json, options.force) = (journal, json, Set(force))
      (options.maxGroup, options.ignoreNames) = (maxGroup, ignoreNames)
      let policy = connection.policy(environment, tool: Self.toolName)
      var merger = Merger(options: options, environment: environment, profile: connection.profile, policy: policy)
      (merger.tool, merger.passphraseDescriptor) = (Self.toolName, unlock.descriptor)
      if !yes && !dryRun && TerminalQuestion.isAvailable { merger.confirm = TerminalQuestion.confirm }
      if !dryRun { merger.progress.stopOnInterrupt(tool: Self.toolName) }
      try await merger.run(sources: input.sources, output: .standardOutput())
    }
  }
}

await MonicaMerge.launch()
