import ArgumentParser
import MonicaAPI
import MonicaKit

extension SyncDecision.Prefer: ExpressibleByArgument {}

struct MonicaSync: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-sync",
    abstract: "Keep Monica and a folder of vCards (a vdir, for khard and vdirsyncer) in step, both ways.",
    discussion: Help.sync,
    version: toolsetVersion)

  @Argument(help: ArgumentHelp("The vdir.", valueName: "DIR"), completion: .directory) var directory: String
  @Option(help: ArgumentHelp("Settle conflicts for this side: monica or vdir.", valueName: "SIDE")) var prefer:
    SyncDecision.Prefer?
  @Flag(help: "A card deleted in the vdir deletes its contact in Monica.") var propagateDeletes = false
  @Flag(help: "Go on when the vdir or the account looks empty against the status.") var forceDelete = false
  @Flag(help: "Print every action (ACTION, FILE, UUID, WHY) and write nothing.") var dryRun = false
  @Option(
    help: ArgumentHelp("The status file (default: in $XDG_STATE_HOME/monica/sync).", valueName: "FILE"),
    completion: .file())
  var status: String?
  @Flag(name: .shortAndLong, help: "No summary or wait notices on stderr; warnings and errors still.")
  var quiet = false
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func validate() throws {
    if directory.isEmpty || directory == "-" { throw ValidationError("DIR: give the vdir's directory") }
    if status == "" || status == "-" { throw ValidationError("--status needs a file") }
  }

  func run() async throws {
    try await reportingFailures {
      var options = SyncOptions(directory: directory)
      (options.statusPath, options.prefer, options.propagateDeletes) = (status, prefer, propagateDeletes)
      (options.forceDelete, options.dryRun, options.quiet) = (forceDelete, dryRun, quiet)
      let run = SyncRun(
        options: options,
        connection: connection.connection(environment, tool: Self.toolName, unlock: unlock, quiet: quiet))
      _ = try await run.run(output: .standardOutput())
    }
  }
}

await MonicaSync.launch()
