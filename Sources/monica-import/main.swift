import ArgumentParser
import MonicaKit

struct MonicaImport: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-import",
    abstract: "Turn address books (vCard files) into Monica records for monica-push --create --map.",
    usage: "monica-import vcard [<options>] [<FILE> ...]",
    discussion: Help.importVCard,
    version: toolsetVersion)

  @Argument(help: ArgumentHelp("What the files are: vcard.", valueName: "FORMAT"), completion: .list(["vcard"]))
  var format: String
  @Argument(
    help: ArgumentHelp("vCard files (2.1, 3.0, 4.0) read in order; - or none reads standard input.", valueName: "FILE"),
    completion: .file(extensions: ["vcf", "vcard"]))
  var files: [String] = []
  @Option(
    help: ArgumentHelp(
      "Contacts already in Monica (monica-fetch contacts --with-fields): a card that is one (its UID, an e-mail address or phone number, or a name no other contact has) adds only what it lacks.",
      valueName: "FILE"),
    completion: .file(extensions: ["ndjson"]))
  var dedupeAgainst: String?
  @Flag(help: "With --dedupe-against: leave the cards of existing contacts out altogether.") var skipExisting = false
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
  @Flag(help: "With --dedupe-against: create the cards whose name several contacts share, instead of leaving them out.")
  var createAmbiguous = false
  @Flag(help: "Report each bad card (FILE:LINE:) and go on, instead of stopping with 65.") var skipInvalid = false

  func validate() throws {
    guard format == "vcard" else { throw ValidationError("\(format): not a format monica-import reads (vcard)") }
    if createAmbiguous && dedupeAgainst == nil {
      throw ValidationError("--create-ambiguous goes with --dedupe-against")
    }
    if skipExisting && dedupeAgainst == nil { throw ValidationError("--skip-existing goes with --dedupe-against") }
    if map != nil && dedupeAgainst == nil { throw ValidationError("--map goes with --dedupe-against") }
    if updates != nil && dedupeAgainst == nil { throw ValidationError("--updates goes with --dedupe-against") }
  }

  func run() async throws {
    try reportingFailures {
      var options = VCardImportOptions()
      (options.skipInvalid, options.skipExisting, options.createAmbiguous) = (
        skipInvalid, skipExisting, createAmbiguous
      )
      let sources = files.isEmpty ? [InputSource.standardInput] : files.map(InputSource.init)
      let summary = try VCardImporter.run(
        sources, dedupeAgainst: dedupeAgainst, map: map, updates: updates, options: options, output: .standardOutput(),
        report: { StandardError.line("\(Self.toolName): warning: \($0)") },
        note: { StandardError.line("\(Self.toolName): \($0)") })
      if summary.isWorthSaying(dedupeAgainst: dedupeAgainst != nil) {
        StandardError.line("\(Self.toolName): \(summary.text)")
      }
    }
  }
}

await MonicaImport.launch()
