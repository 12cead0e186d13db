import ArgumentParser
import MonicaKit

extension CSVLayout.Source: ExpressibleByArgument {}
extension CSVDateOrder: ExpressibleByArgument {}

struct MonicaImport: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-import",
    abstract:
      "Turn address books (vCard files; CSV from Google, Outlook, LinkedIn or any spreadsheet) into Monica records for monica-push --create --map.",
    usage: "monica-import vcard [<options>] [<FILE> ...]\n  monica-import csv [<options>] [<FILE> ...]",
    discussion: Help.importVCard,
    version: toolsetVersion)

  @Argument(
    help: ArgumentHelp("What the files are: vcard or csv.", valueName: "FORMAT"), completion: .list(["vcard", "csv"]))
  var format: String
  @Argument(
    help: ArgumentHelp(
      "vCard files (2.1, 3.0, 4.0) or CSV files, read in order; - or none reads standard input.", valueName: "FILE"),
    completion: .file(extensions: ["vcf", "vcard", "csv"]))
  var files: [String] = []
  @Option(
    help: ArgumentHelp(
      "Contacts already in Monica (monica-fetch contacts --with-fields): a card or row that is one (its UID, an e-mail address or phone number, or a name no other contact has) adds only what it lacks.",
      valueName: "FILE"),
    completion: .file(extensions: ["ndjson"]))
  var dedupeAgainst: String?
  @Flag(help: "With --dedupe-against: leave the cards or rows of existing contacts out altogether.")
  var skipExisting = false
  @Option(
    help: ArgumentHelp(
      "The map of monica-push --create --map: each matched card's contact is recorded there as the existing one.",
      valueName: "MAP"),
    completion: .file())
  var map: String?
  @Option(
    help: ArgumentHelp(
      "Write monica-push update lines for matched contacts' empty nickname, description, birthday, date of death.",
      valueName: "FILE"),
    completion: .file())
  var updates: String?
  @Flag(
    help:
      "With --dedupe-against: create the cards or rows whose name several contacts share, instead of leaving them out."
  )
  var createAmbiguous = false
  @Flag(help: "Report each bad card or row (FILE:LINE:) and go on, instead of stopping with 65.") var skipInvalid =
    false
  @Option(
    help: ArgumentHelp(
      "csv: the export the files are (google, outlook, linkedin, columns), instead of recognising each from its header.",
      valueName: "SOURCE"))
  var from: CSVLayout.Source?
  @Option(
    help: ArgumentHelp(
      #"csv: which column fills which field, as first_name="Given",email="Mail 1",... (repeatable; implies --from columns)."#,
      valueName: "FIELDS"))
  var columns: [String] = []
  @Option(
    help: ArgumentHelp(
      "csv: the order of numeric dates (mdy: 5/17/1980, dmy: 17.05.1980, ymd), when a file does not show it.",
      valueName: "ORDER"))
  var dateOrder: CSVDateOrder?

  func validate() throws {
    guard format == "vcard" || format == "csv" else {
      throw ValidationError("\(format): not a format monica-import reads (vcard, csv)")
    }
    if format == "vcard", from != nil || !columns.isEmpty || dateOrder != nil {
      throw ValidationError("--from, --columns and --date-order go with csv")
    }
    if from == .columns && columns.isEmpty { throw ValidationError("--from columns needs --columns") }
    if !columns.isEmpty, let from, from != .columns { throw ValidationError("--columns goes with --from columns") }
    if !columns.isEmpty {
      do { _ = try CSVColumnSpec(parsing: columns) } catch { throw ValidationError("--columns: \(error)") }
    }
    if createAmbiguous && dedupeAgainst == nil {
      throw ValidationError("--create-ambiguous goes with --dedupe-against")
    }
    if skipExisting && dedupeAgainst == nil { throw ValidationError("--skip-existing goes with --dedupe-against") }
    if map != nil && dedupeAgainst == nil { throw ValidationError("--map goes with --dedupe-against") }
    if updates != nil && dedupeAgainst == nil { throw ValidationError("--updates goes with --dedupe-against") }
  }

  func run() async throws {
    try reportingFailures {
      var options = ImportOptions()
      (options.skipInvalid, options.skipExisting, options.createAmbiguous) = (
        skipInvalid, skipExisting, createAmbiguous
      )
      let sources = files.isEmpty ? [InputSource.standardInput] : files.map(InputSource.init)
      let report = { (text: String) in StandardError.line("\(Self.toolName): warning: \(text)") }
      let note = { (text: String) in StandardError.line("\(Self.toolName): \(text)") }
      if format == "csv" {
        var spec: CSVColumnSpec?
        if !columns.isEmpty {
          do { spec = try CSVColumnSpec(parsing: columns) } catch { throw MonicaError.usage("--columns: \(error)") }
        }
        try CSVImporter.run(
          sources, dedupeAgainst: dedupeAgainst, map: map, updates: updates, options: options,
          csv: CSVImportOptions(from: from, columns: spec, dateOrder: dateOrder), output: .standardOutput(),
          report: report, note: note)
        return
      }
      let summary = try VCardImporter.run(
        sources, dedupeAgainst: dedupeAgainst, map: map, updates: updates, options: options, output: .standardOutput(),
        report: report, note: note)
      if summary.isWorthSaying(dedupeAgainst: dedupeAgainst != nil) { note(summary.text) }
    }
  }
}

await MonicaImport.launch()
