import ArgumentParser
import MonicaAPI
import MonicaKit

extension TimeToLive: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}

struct MonicaRemind: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-remind",
    abstract: "Deliver birthdays and reminders from Monica once each: to stdout, a command or by mail.",
    discussion: Help.remind,
    version: toolsetVersion)

  @Option(help: ArgumentHelp("Act as if it were this day.", valueName: "YYYY-MM-DD")) var today: String?
  @Option(help: ArgumentHelp("Today is the day in this zone (default: the account's).", valueName: "ZONE"))
  var timezone: String?
  @Option(help: ArgumentHelp("Notices this many days before too, comma-separated (7,1).", valueName: "DAYS"))
  var before: String?
  @Flag(help: "Deceased contacts' birthdays and remembrance days too.") var deceased = false
  @Option(help: ArgumentHelp("Deliver what fell due at most this long ago and was not delivered.", valueName: "DAYS"))
  var catchUp = "\(RemindOptions.standardCatchUp)d"
  @Option(help: ArgumentHelp("List the occurrences of the coming days (30d); deliver nothing.", valueName: "DAYS"))
  var upcoming: String?
  @Flag(help: "Print what would be delivered; deliver and record nothing.") var dryRun = false
  @Flag(help: "Deliver again what a killed or stopped delivery left in doubt.") var retryInDoubt = false
  @Option(help: ArgumentHelp("Run this shell command per occurrence, the line on its stdin.", valueName: "CMD"))
  var exec: String?
  @Option(help: ArgumentHelp("Mail each occurrence to this address through sendmail.", valueName: "ADDRESS"))
  var mail: String?
  @Option(help: ArgumentHelp("The sender of --mail (sendmail's own by default).", valueName: "ADDRESS"))
  var mailFrom: String?
  @Option(help: ArgumentHelp("The sendmail program of --mail.", valueName: "PATH"), completion: .file())
  var sendmail = "/usr/sbin/sendmail"
  @Option(
    help: ArgumentHelp(
      "Stop a --exec command or sendmail still running after DURATION (its process group); the delivery is in "
        + "doubt and not repeated without --retry-in-doubt.", valueName: "DURATION"))
  var execTimeout = "60s"
  @Option(help: ArgumentHelp("The state file (default: the profile's).", valueName: "FILE"), completion: .file())
  var state: String?
  @Option(
    name: .customLong("cache"), defaultAsFlag: TimeToLive.standard, parsing: .next,
    help: ArgumentHelp(
      "Replay answers younger than TTL from the encrypted cache (--cache alone: 5m).", valueName: "TTL"))
  var cache: TimeToLive? = nil
  @Flag(help: "Neither replay nor store answers, whatever MONICA_CACHE says.") var noCache = false
  @Flag(name: .shortAndLong, help: "No progress or wait notices on stderr; warnings and errors still.")
  var quiet = false
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func options() throws(MonicaError) -> RemindOptions {
    var options = RemindOptions()
    options.today = try today.map { (text) throws(MonicaError) in try RemindOptions.day(text) }
    options.timeZone = timezone
    options.before = try before.map { (text) throws(MonicaError) in try RemindOptions.days(before: text) } ?? []
    (options.deceased, options.dryRun, options.retryInDoubt) = (deceased, dryRun, retryInDoubt)
    options.catchUpDays = try RemindOptions.span(catchUp, option: "--catch-up")
    options.upcomingDays = try upcoming.map { (text) throws(MonicaError) in
      try RemindOptions.span(text, option: "--upcoming")
    }
    options.statePath = state
    options.commandTimeout = try RemindOptions.timeout(execTimeout)
    if exec != nil && mail != nil { throw .usage("--exec and --mail: one delivery per run") }
    if let exec { options.delivery = .command(exec) }
    if let mail {
      guard let to = MailAddress(mail) else { throw .usage("--mail \(mail): expected one address, name@example.com") }
      let from = try mailFrom.map { (text) throws(MonicaError) -> MailAddress in
        guard let address = MailAddress(text) else { throw .usage("--mail-from \(text): expected one address") }
        return address
      }
      options.delivery = .mail(to: to, from: from, sendmail: sendmail)
    } else if mailFrom != nil {
      throw .usage("--mail-from goes with --mail")
    }
    try options.validate()
    return options
  }

  func validate() throws {
    do {
      _ = try options()
      _ = try CacheMode.resolve(
        cache: cache, offline: false, noCache: noCache, environment: ToolEnvironment(variables: [:]))
    } catch { throw ValidationError(error.message ?? "") }
  }

  func run() async throws {
    try await reportingFailures {
      var run = RemindRun(
        options: try options(), connection: connection.connection(environment, tool: Self.toolName, unlock: unlock))
      run.cache = try CacheMode.resolve(cache: cache, offline: false, noCache: noCache, environment: environment)
      (run.quiet, run.tool) = (quiet, Self.toolName)
      try await run.run(output: .standardOutput())
    }
  }
}

await MonicaRemind.launch()
