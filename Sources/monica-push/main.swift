import ArgumentParser
import MonicaAPI
import MonicaKit

struct MonicaPush: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-push",
    abstract: "Create, update or delete Monica records from NDJSON, one line at a time.",
    discussion: """
      A line without "id" is created; one with an "id" is read from Monica, the line's fields \
      are merged onto it and the whole is written back, so fields the line leaves out keep \
      their values. A contact's "tags" list is the tags it should have. Each line's record, \
      as the server answers it, goes to stdout. Kinds: \(WriteMapping.objects.joined(separator: ", ")).

      EXAMPLES
        monica-fetch tasks --contact 12 | jq -c 'select(.completed | not) | .completed = true' \\
          | monica-push | monica-format table
        echo '{"object":"contact","id":9,"nickname":"Sev"}' | monica-push
        echo '{"object":"note","contact_id":9,"body":"Call back"}' | monica-push --dry-run
        monica-fetch notes --contact 9 | monica-push --delete --yes

      FILES
        FILE...  NDJSON records to push in order; - or none reads standard input

      \(Help.credentialFiles)

      \(Help.environment)

      \(Help.exitStatus)
      """,
    version: toolsetVersion)

  @OptionGroup var input: InputOptions
  @Option(
    name: .customLong("object"),
    help: ArgumentHelp(
      "The kind of lines without \"object\": \(WriteMapping.objects.joined(separator: ", ")).", valueName: "kind"))
  var kind: String?
  @Flag(help: "Delete the records the lines name (by id).") var delete = false
  @Flag(name: .shortAndLong, help: "Delete without asking on the terminal.") var yes = false
  @Flag(help: "Print each request (method, path, body) and send nothing.") var dryRun = false
  @Flag(help: "Report a line that fails and go on; a summary and status 65 at the end.") var keepGoing = false
  @Option(help: ArgumentHelp("Retries of a read, update or delete after a 5xx or a time-out.", valueName: "n"))
  var retries = 3
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func validate() throws {
    if let kind, WriteMapping.named(kind) == nil {
      throw ValidationError("--object \(kind): expected \(WriteMapping.objects.joined(separator: ", "))")
    }
    if yes && !delete { throw ValidationError("--yes goes with --delete") }
    guard (0...10).contains(retries) else { throw ValidationError("--retries \(retries): expected 0 to 10") }
  }

  func run() async throws {
    try await reportingFailures {
      var options = PushOptions()
      (options.object, options.delete, options.yes) = (kind, delete, yes)
      (options.dryRun, options.keepGoing) = (dryRun, keepGoing)
      var policy = connection.policy(environment, tool: Self.toolName)
      policy.retries = retries
      var pusher = Pusher(options: options, environment: environment, profile: connection.profile, policy: policy)
      (pusher.tool, pusher.passphraseDescriptor) = (Self.toolName, unlock.descriptor)
      if delete && !yes && !dryRun && TerminalQuestion.isAvailable { pusher.confirm = TerminalQuestion.confirm }
      try await pusher.run(sources: input.sources, output: .standardOutput())
    }
  }
}

await MonicaPush.launch()
