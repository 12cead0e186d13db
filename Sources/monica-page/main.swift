import ArgumentParser
import MonicaKit

struct MonicaPage: MonicaTool, AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "monica-page",
    abstract: "Cut a stream of Monica records into pages, or page envelopes back into records.",
    discussion: """
      With --page, only that page is printed and stderr says which records it held. With --wrap, \
      each page is one Monica-shaped envelope line ({"data":[...],"links":...,"meta":...}). --unwrap \
      turns saved API responses back into records, each record's bytes unchanged. At most one \
      page is held in memory; --wrap keeps its first pass in a temporary file ($TMPDIR).

      EXAMPLES
        monica-fetch contacts | monica-page --size 20 --page 3 | monica-format
        monica-fetch contacts | monica-page --size 50 --wrap > pages.ndjson
        curl -s -H "Authorization: Bearer $TOKEN" -H "Accept: application/json" \\
          "$MONICA_URL/api/contacts?limit=100" | monica-page --unwrap | monica-format

      FILES
        FILE...           NDJSON records (envelopes with --unwrap); - or none: stdin
        $TMPDIR/monica-*  --wrap's first pass over its input, removed as it goes

      \(Help.streamEnvironment)

      \(Help.exitStatus)
      """,
    version: toolsetVersion)

  @OptionGroup var input: InputOptions
  @Option(help: ArgumentHelp("Records per page.", valueName: "N")) var size = 15
  @Option(help: ArgumentHelp("Print only page N (from 1) and report it on stderr.", valueName: "N")) var page: Int?
  @Flag(help: "Print each page as a Monica page envelope, one per line.") var wrap = false
  @Option(
    help: ArgumentHelp(
      "The URL the envelopes' links point at (for example https://host/api/contacts).", valueName: "URL"))
  var path = ""
  @Flag(help: "Turn page envelopes back into records.") var unwrap = false
  @Flag(help: "Warn about bad lines and go on.") var skipInvalid = false

  func validate() throws {
    guard size >= 1 else { throw ValidationError("--size must be at least 1") }
    if let page, page < 1 { throw ValidationError("--page must be at least 1") }
    if unwrap, wrap || page != nil {
      throw ValidationError("--unwrap cannot be combined with --wrap or --page (pipe into another monica-page)")
    }
  }

  func run() async throws {
    try reportingFailures {
      if unwrap {
        let warning = "\(Self.toolName): warning: "
        try PageUnwrapper(sources: input.sources, skipInvalid: skipInvalid) { StandardError.line(warning + $0) }
          .run(to: .standardOutput())
      } else {
        try Pager(size: size, page: page, wrap: wrap, path: path).run(
          stream(input, skipInvalid: skipInvalid), to: .standardOutput(), environment: environment,
          report: { StandardError.line("\(Self.toolName): \($0)") })
      }
    }
  }
}

await MonicaPage.launch()
