import ArgumentParser
import MonicaAPI
import MonicaKit

struct MonicaPush: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-push",
    abstract: "Create, update or delete Monica records from NDJSON lines.",
    discussion: Help.push,
    version: toolsetVersion)

  @OptionGroup var input: InputOptions
  @Option(
    name: .customLong("object"),
    help: ArgumentHelp(
      "The kind of lines without \"object\": \(WriteMapping.objects.joined(separator: ", ")) (or its route name).",
      valueName: "KIND"),
    completion: .list(WriteMapping.objects))
  var kind: String?
  @Flag(help: "Delete the records the lines name (by id).") var delete = false
  @Flag(name: .shortAndLong, help: "Delete without asking on the terminal.") var yes = false
  @Flag(help: "Print each request (method, path, body) and send nothing; with --create, the plan per kind.")
  var dryRun = false
  @Flag(help: "Report a line that fails and go on; a summary and status 65 at the end.") var keepGoing = false
  @Flag(help: "Create every record of a stream (with --map): a restore or a migration.") var create = false
  @Option(
    help: ArgumentHelp("Which source ids are which target ids; appended as records are created.", valueName: "FILE"),
    completion: .file())
  var map: String?
  @Flag(name: .shortAndLong, help: "With --create, no progress or counts on stderr.") var quiet = false
  @Flag(help: "Refuse a create line with a field no write field takes, instead of warning.") var strict = false
  @Option(help: ArgumentHelp("Retries of a read, update or delete after a 5xx or a time-out.", valueName: "N"))
  var retries = 3
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  /// `--object` as an `object` name: `journal`, `entries` and `entry` alike.
  var object: String? { kind.map { RecordKind.called($0)?.object ?? $0 } }

  func validate() throws {
    if let kind, WriteMapping.named(object ?? kind) == nil {
      throw ValidationError("--object \(kind): expected \(WriteMapping.objects.joined(separator: ", "))")
    }
    if yes && !delete { throw ValidationError("--yes goes with --delete") }
    if create != (map != nil) {
      throw ValidationError(create ? "--create needs --map FILE" : "--map goes with --create")
    }
    if create, let clash = [(delete, "--delete"), (kind != nil, "--object")].first(where: \.0) {
      throw ValidationError("--create does not go with \(clash.1)")
    }
    if map == "-" || map == "" { throw ValidationError("--map needs a file: standard input holds the records") }
    if quiet && !create { throw ValidationError("--quiet goes with --create") }
    guard (0...10).contains(retries) else { throw ValidationError("--retries \(retries): expected 0 to 10") }
  }

  func run() async throws {
    try await reportingFailures {
      var options = PushOptions()
      (options.object, options.delete, options.yes) = (object, delete, yes)
      (options.dryRun, options.keepGoing) = (dryRun, keepGoing)
      (options.map, options.quiet, options.strict) = (map, quiet, strict)
      var pusher = Pusher(
        options: options,
        connection: connection.connection(
          environment, tool: Self.toolName, unlock: unlock, retries: retries, quiet: quiet))
      pusher.tool = Self.toolName
      if delete && !yes && !dryRun && TerminalQuestion.isAvailable { pusher.confirm = TerminalQuestion.confirm }
      try await pusher.run(sources: input.sources, output: .standardOutput())
    }
  }
}

await MonicaPush.launch()
