import ArgumentParser
import Foundation
import MonicaKit

extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

struct MonicaFormat: MonicaTool, AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "monica-format",
    abstract: "Write Monica records for people (tables) or for other programs (CSV, JSON, vCard...).",
    usage: "monica-format [<options>] [<FORMAT>] [<FILE> ...]",
    discussion: """
      Without --fields each kind shows its own columns, one table per kind in order of first \
      appearance; with --fields kinds share one table (an object column when they are mixed). \
      Tables stream: widths come from the first records and fit COLUMNS or the terminal. \
      Where the width is short, the least useful columns are left out first (with --fields, \
      the last fields, said on stderr) and long texts are cut short; ids and dates are never \
      cut.

      FORMATS
        table     aligned columns for people, the default; line breaks in a value
                  become spaces
        tsv       a header, then one line per record, tab-separated: tabs and line
                  breaks in a value become spaces and backslashes are doubled
        csv       RFC 4180 with CRLF, values as jq's @csv writes them (strings
                  quoted, numbers bare, null empty); line breaks kept, quoted
        json      one array of the records (with --fields, of {"path": value})
        ndjson    one record per line (with --fields, {"path": value} objects)
        markdown  a table; | and backslashes escaped, line breaks become spaces
        vcard     vCard 4.0 of the contacts; other records are left out (a warning)
        template  --template '{{complete_name}} <{{id}}>': a line per record; a
                  missing or null value is empty, and a placeholder that no
                  record has (a typo?) is said on stderr at the end

      EXAMPLES
        monica-fetch contacts | monica-filter --dead | monica-format table
        monica-fetch contacts | monica-format csv --fields id,first_name,last_name
        monica-fetch contacts 12 --with-fields | monica-format vcard > contact-12.vcf
        monica-fetch tasks | monica-format table --sort auto
        monica-fetch notes | \\
          monica-format template --template '{{contact.complete_name}}: {{body}}'

      FILES
        FILE...  NDJSON records to read in order; - or none reads standard input.
                 In FORMAT's place, a FILE that is not there needs a dot or a slash
                 (nosuch.ndjson: 66); a plain word is a misspelt format (64)

      \(Help.streamEnvironment)

      \(Help.exitStatus)
      """,
    version: toolsetVersion)

  @Argument(
    help: ArgumentHelp(
      "The output format (default table): \(OutputFormat.names); or the first file.", valueName: "FORMAT"),
    completion: .list(OutputFormat.allCases.map(\.rawValue)))
  var formatOrFile: String?
  var format: OutputFormat { formatOrFile.flatMap(OutputFormat.init(rawValue:)) ?? .table }
  @OptionGroup var input: InputOptions
  @Option(
    help: ArgumentHelp(
      "The columns or fields to show, as dotted paths (id,first_name,information.career.job).",
      valueName: "FIELD,..."))
  var fields: String?
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      """
      Sort by FIELD[,FIELD] (-FIELD for descending), next-birthday (the soonest first), or auto: pending \
      tasks first, activities newest first, contacts by next birthday when all have one (as after \
      --birthday-within), else by name. Reads all input first.
      """,
      valueName: "ORDER"),
    completion: .list(SortOrder.keywords))
  var sort: String?
  @Option(help: ArgumentHelp("The template format's text, with {{dotted.path}} placeholders.", valueName: "TEXT"))
  var template: String?
  @Option(help: ArgumentHelp("Colour: auto (terminals without NO_COLOR), always, never.", valueName: "WHEN"))
  var color: ColorChoice = .auto
  @Option(
    help: ArgumentHelp(
      "The day next birthdays and relative dates count from (YYYY-MM-DD; default: today).", valueName: "DATE"))
  var today: String?
  @Flag(help: "Leave out the header row of table, tsv, csv and markdown.") var noHeader = false
  @Flag(help: "Warn about lines that are not JSON objects and go on.") var skipInvalid = false

  mutating func validate() throws {
    // `monica-format contacts.ndjson` means the default format of that file.
    if let word = formatOrFile {
      let isFile: Bool
      do { isFile = try OutputFormat.isFile(word, exists: { FileManager.default.fileExists(atPath: $0) }) } catch {
        throw ValidationError(error.message ?? "")
      }
      if isFile {
        input.files.insert(word, at: 0)
        formatOrFile = nil
      }
    }
    if template != nil, format != .template { throw ValidationError("--template goes with the template format") }
    if fields != nil, [.vcard, .template].contains(format) {
      throw ValidationError("--fields does not go with the \(format.rawValue) format, which has its own fields")
    }
    if noHeader, ![.table, .tsv, .csv, .markdown].contains(format) {
      throw ValidationError("--no-header goes with table, tsv, csv and markdown")
    }
    if format == .template, template == nil { throw ValidationError("the template format needs --template") }
    if let today, CalendarDate(parsing: today) == nil || today.count != 10 {
      throw ValidationError("--today: '\(today)' is not a date (YYYY-MM-DD)")
    }
  }

  func run() async throws {
    try reportingFailures {
      let environment = self.environment
      var options = FormatOptions.forEnvironment(environment, today: today.flatMap(CalendarDate.init) ?? .today())
      options.format = format
      options.fields = try fields.map { (text) throws(MonicaError) in try FormatOptions.fields(parsing: text) }
      options.sort = try sort.map { (text) throws(MonicaError) in try SortOrder(parsing: text) } ?? .none
      options.template = template
      options.color = color.enabled(in: environment)
      options.header = !noHeader
      try RecordFormatter(options).run(
        stream(input, skipInvalid: skipInvalid), to: .standardOutput(), environment: environment,
        warn: { StandardError.line("\(Self.toolName): warning: \($0)") })
    }
  }
}

await MonicaFormat.launch()
