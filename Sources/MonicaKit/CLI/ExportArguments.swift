import ArgumentParser

/// `monica-format`'s options for the formats other programs read: the vCard version, a vdir,
/// and the graph's circle.
package struct ExportArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp("vcard: 4.0 (RFC 6350, the default) or 3.0 (RFC 2426).", valueName: "VERSION"),
    completion: .list(VCardVersion.allCases.map(\.rawValue)))
  package var vcardVersion: String?
  @Option(
    help: ArgumentHelp(
      "vcard, ics: one file per contact (event, task) in DIR, named from its uid, instead of standard output.",
      valueName: "DIR"),
    completion: .directory)
  package var vdir: String?
  @Flag(
    help: """
      --vdir: remove the files of items no longer in the input, also when the input is a pipe (a pipe cannot \
      say it is whole: a fetch that died ends it too).
      """)
  package var prune = false
  @Flag(help: "--vdir: remove files although they are more than half of the vdir.") package var force = false
  @Option(help: ArgumentHelp("dot: only the people around this contact.", valueName: "ID"))
  package var around: Int?
  @Option(help: ArgumentHelp("dot: with --around, how many relationships away (default 1).", valueName: "N"))
  package var depth: Int?
  @Flag(help: "dot: draw the contacts without a relationship too (left out by default).")
  package var allContacts = false
  @Option(
    help: ArgumentHelp(
      "dot: the font family of the names (default Helvetica); one with the names' scripts, e.g. 'Noto Sans CJK SC'.",
      valueName: "NAME"))
  package var font: String?

  package init() {}

  /// Refuses the options `format` does not take, as usage errors.
  package func check(format: OutputFormat) throws(MonicaError) {
    if let vcardVersion, VCardVersion(rawValue: vcardVersion) == nil {
      throw .usage("--vcard-version \(vcardVersion): expected 3.0 or 4.0")
    }
    if vcardVersion != nil && format != .vcard { throw .usage("--vcard-version goes with the vcard format") }
    if vdir != nil && ![.vcard, .ics].contains(format) { throw .usage("--vdir goes with the vcard and ics formats") }
    if vdir?.isEmpty == true { throw .usage("--vdir: the directory name is empty") }
    if (prune || force) && vdir == nil { throw .usage("--prune and --force go with --vdir") }
    if (around != nil || depth != nil) && format != .dot { throw .usage("--around and --depth go with dot") }
    if depth != nil && around == nil { throw .usage("--depth goes with --around") }
    if let depth, depth < 0 { throw .usage("--depth \(depth): expected 0 or more") }
    if (allContacts || font != nil) && format != .dot { throw .usage("--all-contacts and --font go with dot") }
    if let font, font.isEmpty || font.unicodeScalars.contains(where: TerminalText.isControl) {
      throw .usage("--font: expected a font family name")
    }
  }

  /// Sets what was asked on `options`.
  package func apply(to options: inout FormatOptions) {
    options.vcardVersion = vcardVersion.flatMap(VCardVersion.init(rawValue:)) ?? .v4
    options.vdir = vdir
    options.vdirRemoval = VdirWriter.Removal(inputIsWhole: prune, force: force)
    options.around = around.map { ($0, depth ?? 1) }
    options.allContacts = allContacts
    options.font = font
  }
}
