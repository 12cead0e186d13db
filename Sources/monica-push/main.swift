import ArgumentParser
import MonicaAPI
import MonicaKit

struct MonicaPush: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-push",
    abstract: "Create, update or delete Monica records from NDJSON lines.",
    discussion: """
      A line without "id" creates a record. A line with an "id" updates one: the record is \
      read, the line's fields are merged onto it and every field Monica's update takes is \
      sent, so what the line leaves out keeps its value. A contact's "tags" is the list of \
      tag names it should end with. Each line's record, as the server answers it, goes to \
      stdout. Kinds: \(WriteMapping.objects.joined(separator: ", ")).

      EXAMPLES
        monica-fetch tasks --contact 7 | monica-filter --pending \\
          | jq -c '.completed = true' | monica-push | monica-format table
        echo '{"object":"contact","id":9,"nickname":"Sev"}' | monica-push
        echo '{"object":"note","contact_id":9,"body":"Hi"}' | monica-push --dry-run
        monica-fetch notes --contact 9 | monica-push --delete --yes

      DIAGNOSTICS
      A line Monica refuses (HTTP 422) stops the run with status 65, its source and line \
      number and Monica's messages, unless --keep-going. A rate limit (429) is waited out. \
      A read, update or delete answered with a 5xx or not at all is sent again; a create \
      never is, as it may have been applied: the run stops with status 75.

      CAVEATS
      Monica's contact update deletes the birthday and deceased-date reminders unless the \
      line sets birthdate_add_reminder or deceased_date_add_reminder to true; updates set a \
      completed task's completed_at and a favourite note's favorited_at to now; an \
      activity keeps its emotions when the line empties them; a task cannot move to \
      another contact. A line that changes none of its record's write fields sends no \
      update. A whole record in a line (as monica-fetch printed it) writes its fields back \
      as they were when fetched, over changes made in Monica since; a line with only the \
      fields to change does not.

      \(Help.credentialFiles)
        FILE...                                  records to push; - or none: stdin

      \(Help.environment)

      \(Help.exitStatus)
      """,
    version: toolsetVersion)

  @OptionGroup var input: InputOptions
  @Option(
    name: .customLong("object"),
    help: ArgumentHelp(
      "The kind of lines without \"object\": \(WriteMapping.objects.joined(separator: ", ")).", valueName: "KIND"),
    completion: .list(WriteMapping.objects))
  var kind: String?
  @Flag(help: "Delete the records the lines name (by id).") var delete = false
  @Flag(name: .shortAndLong, help: "Delete without asking on the terminal.") var yes = false
  @Flag(help: "Print each request (method, path, body) and send nothing.") var dryRun = false
  @Flag(help: "Report a line that fails and go on; a summary and status 65 at the end.") var keepGoing = false
  @Flag(help: "Create every record of a stream (with --map): a restore or a migration.") var create = false
  @Option(
    help: ArgumentHelp("Which source ids are which target ids; appended as records are created.", valueName: "FILE"),
    completion: .file())
  var map: String?
  @Flag(name: .shortAndLong, help: "With --create, no progress or counts on stderr.") var quiet = false
  @Option(help: ArgumentHelp("Retries of a read, update or delete after a 5xx or a time-out.", valueName: "N"))
  var retries = 3
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func validate() throws {
    if let kind, WriteMapping.named(kind) == nil {
      throw ValidationError("--object \(kind): expected \(WriteMapping.objects.joined(separator: ", "))")
    }
    if yes && !delete { throw ValidationError("--yes goes with --delete") }
    if create != (map != nil) {
      throw ValidationError(create ? "--create needs --map FILE" : "--map goes with --create")
    }
    if create, let clash = [(delete, "--delete"), (dryRun, "--dry-run"), (kind != nil, "--object")].first(where: \.0) {
      throw ValidationError("--create does not go with \(clash.1)")
    }
    if map == "-" || map == "" { throw ValidationError("--map needs a file: standard input holds the records") }
    if quiet && !create { throw ValidationError("--quiet goes with --create") }
    guard (0...10).contains(retries) else { throw ValidationError("--retries \(retries): expected 0 to 10") }
  }

  func run() async throws {
    try await reportingFailures {
      var options = PushOptions()
      (options.object, options.delete, options.yes) = (kind, delete, yes)
      (options.dryRun, options.keepGoing) = (dryRun, keepGoing)
      (options.map, options.quiet) = (map, quiet)
      var policy = connection.policy(environment, tool: Self.toolName)
      policy.retries = retries
      if quiet { policy.notice = nil }
      var pusher = Pusher(options: options, environment: environment, profile: connection.profile, policy: policy)
      (pusher.tool, pusher.passphraseDescriptor) = (Self.toolName, unlock.descriptor)
      if delete && !yes && !dryRun && TerminalQuestion.isAvailable { pusher.confirm = TerminalQuestion.confirm }
      try await pusher.run(sources: input.sources, output: .standardOutput())
    }
  }
}

await MonicaPush.launch()
