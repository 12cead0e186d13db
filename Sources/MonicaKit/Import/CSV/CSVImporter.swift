/// How `monica-import csv` reads its files, beside what both importers share (`ImportOptions`).
package struct CSVImportOptions: Sendable {
  /// The export the files are (`--from`); `nil`: recognised from each file's header.
  package var from: CSVLayout.Source?
  /// Which column fills which field (`--columns`, `--from columns`).
  package var columns: CSVColumnSpec?
  /// The order of numeric dates (`--date-order`); `nil`: each file's own, as it shows.
  package var dateOrder: CSVDateOrder?

  package init(from: CSVLayout.Source? = nil, columns: CSVColumnSpec? = nil, dateOrder: CSVDateOrder? = nil) {
    (self.from, self.columns, self.dateOrder) = (from, columns, dateOrder)
  }
}

/// `monica-import csv`'s engine: reads each file's header to know its export (Google, Outlook,
/// LinkedIn, or the columns `--columns` names), turns each row into a contact's records through
/// the `ContactEmitter` the vCard importer uses (row N, counted over all files, is contact N), and
/// says per file on stderr what it did.
package final class CSVImporter {
  /// How many records before the header a file may have (LinkedIn's notes are three).
  static let headerSearchLimit = 20
  /// How many line numbers a summary lists.
  static let linesListed = 10

  private let emitter: ContactEmitter
  private let options: ImportOptions
  private let csv: CSVImportOptions
  private let report: (String) -> Void
  private let note: (String) -> Void
  /// The rows read so far, over all files: the next row's number is one more.
  private var rows = 0

  /// An importer handing its rows to `emitter`; `report` takes warnings, `note` the other words
  /// (who a row was taken to be, each file's summary).
  init(
    emitter: ContactEmitter, options: ImportOptions, csv: CSVImportOptions, report: @escaping (String) -> Void,
    note: @escaping (String) -> Void
  ) {
    (self.emitter, self.options, self.csv, self.report, self.note) = (emitter, options, csv, report, note)
  }

  /// What one file came to, beside the emitter's counts.
  private struct FileSummary {
    var layout: CSVLayout?
    /// How the file's bytes were text: `UTF-8`, `UTF-16LE`, `Windows-1252`...
    var encoding = "UTF-8"
    var headerLine = 0
    var nameless: [Int] = []
    var invalid: [Int] = []
    var noteTitles: [String: Int] = [:]
    var noteOrder: [String] = []
  }

  /// Imports every file of `sources` in order.
  func run(_ sources: [InputSource]) throws(MonicaError) {
    for source in sources { try run(source) }
  }

  private func run(_ source: InputSource) throws(MonicaError) {
    let bytes = try CSVByteSource(source)
    let reader = CSVReader(bytes)
    var text = CSVText()
    var file = FileSummary()
    let before = emitter.summary
    let name = source.name
    // The rows after the header are read on a thread of their own (`CSVRowPipeline`).
    var pipeline: CSVRowPipeline?
    defer {
      pipeline?.stop()
      if pipeline?.badUTF16 ?? bytes.hadBadUTF16 { report("\(name): UTF-16 with a lone surrogate: read as U+FFFD") }
    }
    func cells(of row: CSVRow) throws(CSVText.Problem) -> [String?] {
      try text.cells(of: row) { note(CSVRowPipeline.windows1252(name)) }
    }
    guard let layout = try header(reader, name: name, cells: cells, file: &file) else {
      note("\(name): empty: no header, no rows")
      return
    }
    file.layout = layout
    // With --columns, the columns not named go to the note as documented: the summary says so.
    if !layout.unknown.isEmpty, layout.format != .columns {
      report(
        "\(name):\(file.headerLine): \(layout.unknown.count == 1 ? "column" : "columns") "
          + "\(CSVLayout.listed(layout.unknown)) not in the \(layout.name) map: carried into the note")
    }
    let rows = CSVRowPipeline(
      reader: reader, bytes: bytes, text: text,
      builder: CSVRowBuilder(layout: layout, dateOrder: csv.dateOrder, today: options.today), name: name)
    pipeline = rows
    while let item = try rows.next() {
      switch item.event {
      case .note(let text):
        note(text)
        continue
      case .invalid(let line, let reason):
        self.rows += 1
        emitter.summary.cards += 1
        try invalid(name, line: line, reason: "row \(self.rows): \(reason)", file: &file)
      case .nameless(let line):
        self.rows += 1
        emitter.summary.cards += 1
        file.nameless.append(line)
      case .contact(let content, let titles, let line, let person):
        self.rows += 1
        emitter.summary.cards += 1
        for title in titles {
          if file.noteTitles[title] == nil { file.noteOrder.append(title) }
          file.noteTitles[title, default: 0] += 1
        }
        try emitter.emit(content, person: person, number: self.rows, source: name, line: line)
      }
    }
    file.encoding = rows.decision == .windows1252 ? "Windows-1252" : bytes.encoding.name
    note(Self.summary(name, file, emitter.summary.since(before)))
  }

  /// A bad row: 65 at its line, or said and passed over with `--skip-invalid`.
  private func invalid(_ name: String, line: Int, reason: String, file: inout FileSummary) throws(MonicaError) {
    emitter.summary.invalid += 1
    guard options.skipInvalid else { throw .malformedInput(source: name, line: line, reason: reason) }
    file.invalid.append(line)
    report("\(name):\(line): skipped: \(reason)")
  }

  /// Finds the header among the first records (after LinkedIn's notes, say) and its layout;
  /// `nil` for an empty file. A header no layout knows is malformed input naming its columns.
  private func header(
    _ reader: CSVReader, name: String, cells: (CSVRow) throws(CSVText.Problem) -> [String?],
    file: inout FileSummary
  ) throws(MonicaError) -> CSVLayout? {
    var first: (line: Int, names: [String])?
    var searched = 0
    while searched < Self.headerSearchLimit, let item = try reader.next() {
      searched += 1
      switch item {
      case .invalid(let line, let reason):
        throw .malformedInput(source: name, line: line, reason: "before the header: \(reason)")
      case .row(let row):
        guard let values = try? cells(row) else { continue }
        let names = values.map { $0 ?? "" }
        if first == nil || (first?.names.count ?? 0) < 2 && names.count >= 2 { first = (row.line, names) }
        if let spec = csv.columns {
          let (layout, missing) = CSVLayout.columns(spec, headers: names)
          if let layout {
            file.headerLine = row.line
            return layout
          }
          // The header is the first row that has most of the columns named.
          if missing.count < spec.pairs.count, missing.count * 2 <= spec.pairs.count {
            throw .malformedInput(
              source: name, line: row.line,
              reason: "--columns names \(CSVLayout.listed(missing)), not in the header")
          }
        } else if let layout = CSVLayout.recognize(names, as: csv.from) {
          file.headerLine = row.line
          return layout
        }
      }
    }
    guard let first else { return nil }
    let columns = first.names.filter { !$0.trimmingWhiteSpace.isEmpty }
    let listed = columns.isEmpty ? "no column names" : "columns " + CSVLayout.listed(columns)
    if let spec = csv.columns {
      let missing = CSVLayout.columns(spec, headers: first.names).missing
      throw .malformedInput(
        source: name, line: first.line,
        reason: "--columns names \(CSVLayout.listed(missing)), not in the header (\(listed))")
    }
    let which = csv.from.map { "not a \($0.rawValue) header" } ?? "a header monica-import cannot place"
    throw .malformedInput(
      source: name, line: first.line,
      reason: "\(which): \(listed): name the fields of its columns with --columns (field=\"Column\",...)"
        + (csv.from == nil ? ", or --from google|outlook|linkedin" : ""))
  }

  /// `contacts.csv: Google CSV (UTF-8): 120 rows: 100 new contacts, 12 existing contacts (10 by
  /// e-mail, 2 by name), ...; 3 skipped without a name (lines 12, 40, 41); 57 values in the note
  /// (Connected on LinkedIn 50, ...)`.
  private static func summary(_ name: String, _ file: FileSummary, _ counts: ImportSummary) -> String {
    var text = "\(name): \(file.layout?.name ?? "CSV") (\(file.encoding)): " + counts.text
    func lines(_ numbers: [Int]) -> String {
      let shown = numbers.prefix(linesListed).map(String.init).joined(separator: ", ")
      let word = numbers.count == 1 ? "line" : "lines"
      return numbers.count > linesListed
        ? "\(word) \(shown) and \(numbers.count - linesListed) more" : "\(word) \(shown)"
    }
    if !file.invalid.isEmpty { text += " (\(lines(file.invalid)))" }
    text += ", \(file.nameless.count) skipped without a name"
    if !file.nameless.isEmpty { text += " (\(lines(file.nameless)))" }
    let values = file.noteTitles.values.reduce(0, +)
    text += "; \(values) \(values == 1 ? "value" : "values") carried into notes"
    if values > 0 {
      let top = file.noteOrder.sorted { (file.noteTitles[$0] ?? 0) > (file.noteTitles[$1] ?? 0) }
      let shown = top.prefix(8).map { "\($0) \(file.noteTitles[$0] ?? 0)" }.joined(separator: ", ")
      text += " (\(shown)\(top.count > 8 ? ", ..." : ""))"
    }
    return text
  }
}

extension CSVImporter {
  /// `monica-import csv`: reads the existing contacts and the map when given, then imports
  /// `sources` to `output`, the update lines to the file `updates`, each warning to `report` and
  /// the other words (who a row is, each file's summary) to `note`. Returns what it did.
  @discardableResult
  package static func run(
    _ sources: [InputSource], dedupeAgainst: String?, map: String?, updates: String? = nil,
    options: ImportOptions, csv: CSVImportOptions, output: LineOutput, report: @escaping (String) -> Void,
    note: @escaping (String) -> Void = { _ in }
  ) throws(MonicaError) -> ImportSummary {
    try ContactEmitter.run(
      dedupeAgainst: dedupeAgainst, map: map, updates: updates, options: options, noun: "row", output: output,
      report: report, note: note
    ) { (emitter) throws(MonicaError) in
      try CSVImporter(emitter: emitter, options: options, csv: csv, report: report, note: note).run(sources)
    }
  }
}
