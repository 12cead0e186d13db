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
    discussion: Help.format,
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
  @Flag(
    help: """
      Replace control and bidi characters of the data with U+FFFD in every format, as on a terminal (table, \
      markdown and dot always do; a --vdir's files are kept as they are).
      """)
  var safe = false
  @OptionGroup var calendar: CalendarArguments
  @OptionGroup var export: ExportArguments

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
    if fields != nil, [.vcard, .ics, .dot, .template].contains(format) {
      throw ValidationError("--fields does not go with the \(format.rawValue) format, which has its own fields")
    }
    if noHeader, ![.table, .tsv, .csv, .markdown].contains(format) {
      throw ValidationError("--no-header goes with table, tsv, csv and markdown")
    }
    if format == .template, template == nil { throw ValidationError("the template format needs --template") }
    if calendar.asksForCalendar && format != .ics {
      throw ValidationError("--calendar-name, --alarm, --since and --until go with ics")
    }
    if calendar.photos != nil && ![.vcard, .dot].contains(format) {
      throw ValidationError("--photos goes with the vcard and dot formats")
    }
    do {
      _ = try calendar.options()
      try export.check(format: format)
    } catch { throw ValidationError(error.message ?? "") }
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
      options.safe = options.safe || safe
      (options.calendar, options.photos) = (try calendar.options(), calendar.photos)
      export.apply(to: &options)
      try RecordFormatter(options).run(
        stream(input, skipInvalid: skipInvalid), to: .standardOutput(), environment: environment,
        warn: { StandardError.line("\(Self.toolName): warning: \($0)") })
    }
  }
}

await MonicaFormat.launch()
