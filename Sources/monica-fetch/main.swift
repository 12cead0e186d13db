import ArgumentParser
import MonicaAPI
import MonicaKit

extension TimeToLive: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}

struct MonicaFetch: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-fetch",
    abstract: "Stream Monica records as NDJSON, page by page, exactly as the API sent them.",
    usage: "monica-fetch [<options>] <KIND> [<ID>|-]",
    discussion: Help.fetch,
    version: toolsetVersion)

  // Optional to ArgumentParser, which reports a missing argument before an unknown option
  // (`monica-fetch --bogus` would say the kind is missing); run() requires it.
  @Argument(
    help: ArgumentHelp(
      "What to read: \(RecordKind.names.joined(separator: ", ")) (or the object name: entry, auditlog...).",
      valueName: "KIND"),
    completion: .list(RecordKind.names))
  var kind: String?
  @Argument(help: ArgumentHelp("One record's id; - reads ids or records from stdin, one per line.", valueName: "ID|-"))
  var id: String?
  @Flag(help: "Every record of every kind, each once, after what it refers to; counts on stderr.") var all = false
  @Option(
    help: ArgumentHelp(
      "One contact's items (nested route); - reads contact records or ids from stdin.", valueName: "ID|-"))
  var contact: String?
  @Option(
    help: ArgumentHelp("The contacts with this tag, by id or name.", valueName: "ID|NAME"),
    completion: .cachedTagNames)
  var tag: String?
  @Option(
    help: ArgumentHelp(
      "Search contacts: any word in a name, nickname, description or job; TYPE:PREFIX for contact fields (email:sam).",
      valueName: "TEXT"))
  var query: String?
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Sort by \(RecordKind.sortFields.joined(separator: ", ")); - prefix for descending (-updated_at).",
      valueName: "FIELD"),
    completion: .list(RecordKind.sortFields.flatMap { [$0, "-" + $0] }))
  var sort: String?
  @Option(help: ArgumentHelp("Reminders: those due in the month N months from now (0: this one).", valueName: "N"))
  var upcoming: Int?
  @Flag(help: "Add each contact's contact fields and latest 3 notes (with=contactfields), in the same requests.")
  var withFields = false
  @Option(help: ArgumentHelp("Stop after this many records.", valueName: "N")) var max: Int?
  @Option(help: ArgumentHelp("Fetch this page only.", valueName: "N")) var page: Int?
  @Option(help: ArgumentHelp("Records per request (Monica's maximum, 100, makes fewest requests).", valueName: "N"))
  var pageSize = 100
  @Option(
    help: ArgumentHelp(
      "Only records updated since: a date, a UTC time or a duration (30m, 12h, 7d).", valueName: "TIME"))
  var since: String?
  @Option(help: ArgumentHelp("Pages in flight at once.", valueName: "N")) var concurrency = 4
  @Option(
    help: ArgumentHelp("Retries of a request after a 5xx, a 429, a time-out or a dropped connection.", valueName: "N"))
  var retries = 3
  @Option(
    name: .customLong("cache"), defaultAsFlag: TimeToLive.standard, parsing: .next,
    help: ArgumentHelp(
      "Replay answers younger than TTL (30s, 5m, 2h, 1d; --cache alone: 5m) from the encrypted cache.",
      valueName: "TTL"))
  var cache: TimeToLive? = nil
  @Flag(help: "Answer from the cache alone, whatever its age: no request (66 when not cached).") var offline = false
  @Flag(help: "Neither replay nor store answers, whatever MONICA_CACHE says.") var noCache = false
  @Flag(name: .shortAndLong, help: "No progress or wait notices on stderr.") var quiet = false
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func plan() throws(MonicaError) -> FetchPlan {
    if all && kind != nil { throw .usage("--all: takes no KIND, it reads every kind") }
    guard let kind = kind ?? (all ? RecordKind.contact.name : nil) else {
      throw .usage("missing KIND: \(RecordKind.names.joined(separator: ", ")) (see monica-fetch --help)")
    }
    var plan = FetchPlan(resource: try RecordKind(parsing: kind))
    (plan.tag, plan.query, plan.sort, plan.withFields, plan.all) = (tag, query, sort, withFields, all)
    try plan.take(id: id)
    (plan.max, plan.page, plan.pageSize, plan.concurrency, plan.upcoming) = (max, page, pageSize, concurrency, upcoming)
    plan.contact = try contact.map(ContactSelector.init(parsing:))
    plan.since = try since.map { (text) throws(MonicaError) in try SinceTime(parsing: text) }
    try plan.validate()
    return plan
  }

  func cacheMode(_ environment: ToolEnvironment) throws(MonicaError) -> CacheMode {
    try CacheMode.resolve(cache: cache, offline: offline, noCache: noCache, environment: environment)
  }

  func validate() throws {
    do {
      if kind != nil || all { _ = try plan() }
      _ = try cacheMode(ToolEnvironment(variables: [:]))
    } catch { throw ValidationError(error.message ?? "") }
    // A value that is not a TTL makes --cache a plain flag (so that `--cache 12` leaves the id);
    // one given with = was meant for it, and must not turn into the default unnoticed.
    for argument in CommandLine.arguments.dropFirst().prefix(while: { $0 != "--" }) where argument.hasPrefix("--cache=")
    {
      let value = String(argument.dropFirst("--cache=".count))
      guard TimeToLive(value) == nil else { continue }
      throw ValidationError("--cache=\(value): expected a duration with its unit, such as 30s, 5m, 2h or 1d")
    }
    guard (0...10).contains(retries) else { throw ValidationError("--retries \(retries): expected 0 to 10") }
  }

  func run() async throws {
    try await reportingFailures {
      var fetcher = Fetcher(
        plan: try plan(),
        connection: connection.connection(
          environment, tool: Self.toolName, unlock: unlock, retries: retries, quiet: quiet))
      fetcher.cache = try cacheMode(environment)
      (fetcher.quiet, fetcher.tool) = (quiet, Self.toolName)
      try await fetcher.run(output: .standardOutput())
    }
  }
}

await MonicaFetch.launch()
