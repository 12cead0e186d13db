import ArgumentParser
import MonicaAPI
import MonicaKit

extension ResourceKind: ExpressibleByArgument {}

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

  func validate() throws {
    do { _ = try plan() } catch { throw ValidationError(error.message ?? "") }
    guard (0...10).contains(retries) else { throw ValidationError("--retries \(retries): expected 0 to 10") }
  }

  func run() async throws {
    try await reportingFailures {
      var policy = connection.policy(environment, tool: Self.toolName)
      policy.retries = retries
      if quiet { policy.notice = nil }
      var fetcher = Fetcher(plan: try plan(), environment: environment, profile: connection.profile, policy: policy)
      fetcher.passphraseDescriptor = unlock.descriptor
      (fetcher.quiet, fetcher.tool) = (quiet, Self.toolName)
      try await fetcher.run(output: .standardOutput())
    }
  }
}

await MonicaFetch.launch()
