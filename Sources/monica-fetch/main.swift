import ArgumentParser
import MonicaAPI
import MonicaKit

extension ResourceKind: ExpressibleByArgument {}

extension TimeToLive: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}

struct MonicaFetch: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-fetch",
    abstract: "Stream Monica records as NDJSON, page by page, exactly as the API sent them.",
    discussion: """
      Reads contacts, activities, notes, tasks, gifts, tags, photos or the signed-in user (me), \
      one record per line, as pages arrive; stops the moment its reader stops; stays within the \
      rate limit.

      EXAMPLES
        monica-fetch contacts | monica-format table
        monica-fetch contacts 12 --with-fields
        monica-fetch contacts --query ann | monica-fetch notes --contact -
        monica-fetch contacts --tag family --since 7d | monica-filter --dead
        monica-fetch contacts | head -n 1          # one request, exit 0
        monica-fetch contacts --cache | monica-format table   # none within 5 min
        monica-fetch contacts --cache=1h --tag family
        monica-fetch notes --offline --contact 12  # from the cache, or 66

      CACHE
        --cache keeps every answer, encrypted, in $XDG_CACHE_HOME/monica/P/responses
        and replays one younger than TTL byte for byte, page by page, with no
        request. When the instance is out of reach or fails with 5xx, the cached
        copy is shown with a warning giving its age, and the status is 0. A 401 or
        403 drops the profile's cache; monica-auth logout removes it and
        monica-auth cache clear empties it.

      \(Help.credentialFiles)

      \(Help.environment)

      \(Help.exitStatus)
      """,
    version: toolsetVersion)

  @Argument(
    help: ArgumentHelp(
      "What to read: \(ResourceKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
  var kind: ResourceKind
  @Argument(help: ArgumentHelp("One record's id.", valueName: "id")) var id: Int?
  @Option(
    help: ArgumentHelp(
      "One contact's items (nested route); - reads contact records or ids from stdin.", valueName: "id|-"))
  var contact: String?
  @Option(help: ArgumentHelp("The contacts with this tag, by id or name.", valueName: "id|name")) var tag: String?
  @Option(help: ArgumentHelp("Search contacts (names, nickname, description, job; field:prefix).", valueName: "text"))
  var query: String?
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Sort by \(ResourceKind.sortFields.joined(separator: ", ")); - prefix for descending (-updated_at).",
      valueName: "field"))
  var sort: String?
  @Flag(
    help: "Add contact fields and the latest notes (with=contactfields): Monica does so for one contact and a tag's.")
  var withFields = false
  @Option(help: ArgumentHelp("Stop after this many records.", valueName: "n")) var max: Int?
  @Option(help: ArgumentHelp("Fetch this page only.", valueName: "n")) var page: Int?
  @Option(help: ArgumentHelp("Records per request (Monica's maximum, 100, makes fewest requests).", valueName: "n"))
  var pageSize = 100
  @Option(
    help: ArgumentHelp(
      "Only records updated since: a date, a UTC time or a duration (30m, 12h, 7d).", valueName: "time"))
  var since: String?
  @Option(help: ArgumentHelp("Pages in flight at once.", valueName: "k")) var concurrency = 4
  @Option(
    help: ArgumentHelp("Retries of a request after a 5xx, a 429, a time-out or a dropped connection.", valueName: "n"))
  var retries = 3
  @Option(
    name: .customLong("cache"), defaultAsFlag: TimeToLive.standard, parsing: .next,
    help: ArgumentHelp(
      "Replay answers younger than ttl (30s, 5m, 2h, 1d; --cache alone: 5m) from the encrypted cache.",
      valueName: "ttl"))
  var cache: TimeToLive? = nil
  @Flag(help: "Answer from the cache alone, whatever its age: no request (66 when not cached).") var offline = false
  @Flag(help: "Neither replay nor store answers, whatever MONICA_CACHE says.") var noCache = false
  @Flag(name: .shortAndLong, help: "No progress or wait notices on stderr.") var quiet = false
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func plan() throws(MonicaError) -> FetchPlan {
    var plan = FetchPlan(resource: kind)
    (plan.id, plan.tag, plan.query, plan.sort, plan.withFields) = (id, tag, query, sort, withFields)
    (plan.max, plan.page, plan.pageSize, plan.concurrency) = (max, page, pageSize, concurrency)
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
      _ = try plan()
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
      var policy = connection.policy(environment, tool: Self.toolName)
      policy.retries = retries
      if quiet { policy.notice = nil }
      var fetcher = Fetcher(plan: try plan(), environment: environment, profile: connection.profile, policy: policy)
      fetcher.passphraseDescriptor = unlock.descriptor
      fetcher.cache = try cacheMode(environment)
      (fetcher.quiet, fetcher.tool) = (quiet, Self.toolName)
      try await fetcher.run(output: .standardOutput())
    }
  }
}

await MonicaFetch.launch()
