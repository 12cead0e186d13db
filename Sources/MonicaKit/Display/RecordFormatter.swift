import Foundation

/// The output formats of `monica-format`.
package enum OutputFormat: String, Sendable, CaseIterable {
  case table, tsv, csv, json, ndjson, markdown, vcard, ics, dot, template

  /// The names, for help and messages.
  package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

  /// What `monica-format WORD` means when WORD is not a format: a file when it is `-`, exists, or
  /// looks like a path (a dot or a slash: `nosuch.ndjson` is a missing file, 66 when opened);
  /// otherwise a misspelt format, a usage error that names the formats.
  package static func isFile(_ word: String, exists: (String) -> Bool) throws(MonicaError) -> Bool {
    guard OutputFormat(rawValue: word) == nil else { return false }
    if word == "-" || exists(word) || word.contains("/") || word.contains(".") { return true }
    throw .usage("\(word): neither a format (\(names)) nor a file")
  }
}

/// What one `--sort` key sorts by.
package enum SortKey: Sendable, Equatable {
  /// The value at a dotted path.
  case path(FieldPath)
  /// A contact's coming birthday, soonest first (29 February on the 28th in common years).
  case nextBirthday
}

/// The order `--sort` asks for.
package enum SortOrder: Sendable {
  /// Input order.
  case none
  /// The display order: pending tasks first, activities newest first, contacts by their coming
  /// birthday when every one has a birthday (as after `monica-filter --birthday-within`), else
  /// by name.
  case auto
  /// By these keys in turn, each ascending or descending.
  case fields([(key: SortKey, descending: Bool)])

  /// The orders that are not field names, for help and completions.
  package static let keywords = ["auto", "next-birthday"]

  /// `auto`, or `KEY[,KEY]` with `-` before a key for descending, where a key is a field's dotted
  /// path or `next-birthday`.
  package init(parsing text: String) throws(MonicaError) {
    if text == "auto" {
      self = .auto
      return
    }
    var keys: [(key: SortKey, descending: Bool)] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let descending = part.hasPrefix("-")
      let name = String(descending ? part.dropFirst() : part)
      if name == "next-birthday" {
        keys.append((.nextBirthday, descending))
        continue
      }
      guard let path = FieldPath(name) else {
        throw .usage(
          "--sort: '\(text)' is not auto or a comma-separated list of fields or next-birthday (-field for descending)")
      }
      keys.append((.path(path), descending))
    }
    self = .fields(keys)
  }
}

/// How `monica-format` was asked to write records.
package struct FormatOptions {
  /// The output format.
  package var format: OutputFormat = .table
  /// The columns (or projected fields) asked for; `nil` uses each kind's own.
  package var fields: [FieldPath]?
  /// The order; anything but `.none` reads the whole input first.
  package var sort: SortOrder = .none
  /// The `template` format's text with `{{path}}` placeholders.
  package var template: String?
  /// Colour the table (header bold, deceased contacts dim).
  package var color = false
  /// Print the header row of tabular formats.
  package var header = true
  /// How many records decide column widths before the table starts streaming.
  package var lookAhead = 100
  /// The width tables fit in.
  package var width = 80
  /// Relative dates, and today: the day relative dates and next birthdays count from.
  package var context = DisplayContext(relativeDates: false, today: CalendarDate.today())
  /// `vcard --photos DIR`: the folder of photos saved by `monica-avatar`, `<contact id>.<ext>`.
  package var photos: String?
  /// The `ics` format's name, alarm and window.
  package var calendar = CalendarOptions()
  /// `vcard --vcard-version`.
  package var vcardVersion = VCardVersion.v4
  /// `vcard --vdir`, `ics --vdir`: one file per item in this directory instead of standard output.
  package var vdir: String?
  /// `--prune`, `--force`: when a vdir's files whose items are gone may be removed (whether the
  /// input is whole is the formatter's to find out: `VdirWriter.Removal`).
  package var vdirRemoval = VdirWriter.Removal()
  /// `dot --around ID --depth N`: one contact's circle.
  package var around: (id: Int, depth: Int)?
  /// `dot --all-contacts`: the contacts without a relationship are nodes too.
  package var allContacts = false
  /// `dot --font`: the font family of the graph's names.
  package var font: String?
  /// Pass csv, tsv, template, json, ndjson, vcard and ics output through `TerminalText.safe`
  /// (table, markdown and dot labels always are): set when stdout is a terminal, or by `--safe`.
  /// A vdir's files are files: written unchanged.
  package var safe = false

  package init() {}

  /// `a,b.c` as field paths.
  package static func fields(parsing text: String) throws(MonicaError) -> [FieldPath] {
    var paths: [FieldPath] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let path = FieldPath(part.trimmingSpaces) else {
        throw .usage("--fields: '\(text)' is not a comma-separated list of dotted field paths")
      }
      paths.append(path)
    }
    return paths
  }

  /// The options for `environment`: terminal width, relative dates only on terminals.
  package static func forEnvironment(_ environment: ToolEnvironment, today: CalendarDate = .today()) -> FormatOptions {
    var options = FormatOptions()
    options.width = environment.terminalWidth
    options.context = DisplayContext(relativeDates: environment.stdoutIsTerminal, today: today)
    options.safe = environment.stdoutIsTerminal
    return options
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// Something that writes records one at a time and finishes at the end of the input.
protocol RecordSink: AnyObject {
  func consume(_ record: Record) throws(MonicaError)
  func finish() throws(MonicaError)
}

/// Writes a record stream in one of the output formats, streaming unless asked to sort.
package struct RecordFormatter {
  package let options: FormatOptions
  private let segments: [TemplateSegment]

  /// Checks the options that depend on each other.
  package init(_ options: FormatOptions) throws(MonicaError) {
    self.options = options
    if options.format == .template {
      guard let template = options.template else { throw .usage("the template format needs --template") }
      segments = try TemplateSegment.parse(template)
    } else {
      segments = []
    }
  }

  /// Formats `stream` to `output`; warnings (non-contacts given to vCard, fields a narrow table
  /// leaves out) go to `warn`.
  package func run(
    _ stream: RecordStream, to output: LineOutput, environment: ToolEnvironment,
    warn: @escaping (String) -> Void = { _ in }
  ) throws(MonicaError) {
    let sink: any RecordSink
    switch options.format {
    case .ndjson: sink = JSONSink(output: output, fields: options.fields, array: false, safe: options.safe)
    case .json: sink = JSONSink(output: output, fields: options.fields, array: true, safe: options.safe)
    case .template: sink = TemplateSink(output: output, segments: segments, safe: options.safe, warn: warn)
    case .vcard:
      let vdir = options.vdir.map { VdirWriter(directory: $0, fileExtension: "vcf", warn: warn) }
      vdir?.removal = removal(stream)
      sink = VCardSink(
        output: output, photos: options.photos, version: options.vcardVersion, vdir: vdir, safe: options.safe)
    case .ics:
      let vdir = options.vdir.map { VdirWriter(directory: $0, fileExtension: "ics", warn: warn) }
      vdir?.removal = removal(stream)
      sink = try CalendarSink(
        output: output, options: options.calendar, today: options.context.today, vdir: vdir, safe: options.safe)
    case .dot:
      sink = GraphSink(
        output: output, photos: options.photos, around: options.around, allContacts: options.allContacts,
        font: options.font, warn: warn)
    case .table, .tsv, .csv, .markdown:
      sink = TabularSink(output: output, options: options, environment: environment, warn: warn)
    }
    let computed = ComputedColumns.named(in: requestedPaths)
    let today = options.context.today
    var scanner = RecordScanner()
    try output.finishing { () throws(MonicaError) in
      let read = Result { () throws(MonicaError) in
        // Computed columns join a record on its way to the writer, never before the sorter
        // (which works its keys out itself), so a record passed through whole stays as it was.
        let deliver = { (record: Record) throws(MonicaError) in
          try ComputedColumns.withColumns(record, wanted: computed, today: today, scanner: &scanner) {
            (record) throws(MonicaError) in try sink.consume(record)
          }
        }
        switch options.sort {
        case .none:
          try stream.forEach(deliver)
        case .auto, .fields:
          try RecordSorter(order: options.sort, today: today).sorted(stream, deliver)
        }
      }
      // The records before a bad line still come out complete: a table held in its
      // look-ahead is written, a JSON array closed. Not a vdir: it would remove the files of
      // the records after the bad line.
      if case .failure(let error) = read, error != .outputClosed, options.vdir == nil { try? sink.finish() }
      try read.get()
      try sink.finish()
    }
    if let vcard = sink as? VCardSink, vcard.skipped > 0 {
      warn("\(vcard.skipped) records that are not contacts were left out of the vCards")
    }
    if let calendar = sink as? CalendarSink, calendar.skipped > 0 {
      warn("\(calendar.skipped) records that are not contacts, reminders or tasks were left out of the calendar")
    }
  }
}

extension RecordFormatter {
  /// When a vdir's files may be removed: `--prune`, or an input of regular files only (a stream
  /// has no end marker: a fetch killed mid-walk ends it as cleanly as a whole one).
  func removal(_ stream: RecordStream) -> VdirWriter.Removal {
    var removal = options.vdirRemoval
    removal.inputIsWhole = removal.inputIsWhole || stream.sources.allSatisfy(\.isRegularFile)
    return removal
  }

  /// The paths a written record shows: `--fields` and `--template` placeholders.
  var requestedPaths: [FieldPath] {
    var paths = options.fields ?? []
    for segment in segments { if case .field(let path) = segment { paths.append(path) } }
    return paths
  }
}

extension RecordScanner {
  /// Calls `body` with `bytes` as a record (bytes already checked once, as in a spool).
  static func withRecord(
    _ bytes: UnsafeBufferPointer<UInt8>, scanner: inout RecordScanner, source: String = "spool", line: Int = 0,
    _ body: (Record) throws(MonicaError) -> Void
  ) throws(MonicaError) {
    guard scanner.scan(bytes) else { throw .internalError("a spooled record no longer parses") }
    try body(
      Record(bytes: bytes, members: scanner.members, objectRange: scanner.objectRange, source: source, line: line))
  }

  /// Calls `body` with an array of bytes as a record.
  static func withRecord(
    _ bytes: [UInt8], scanner: inout RecordScanner, _ body: (Record) throws(MonicaError) -> Void
  ) throws(MonicaError) {
    let result: Result<Void, MonicaError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(MonicaError) in try withRecord(buffer, scanner: &scanner, body) }
    }
    try result.get()
  }
}

// MARK: - JSON and NDJSON

/// Records unchanged, or projected on `--fields` (`{"path": value}`, values as written), one per
/// line or as one JSON array.
final class JSONSink: RecordSink {
  private let output: LineOutput
  private let fields: [FieldPath]?
  private let array: Bool
  /// Lines through `TerminalText.safe` (a terminal, `--safe`): JSON stays valid, as JSON
  /// escapes every control below 0x20 and the rest become U+FFFD.
  private let safe: Bool
  private var pending: [UInt8] = []
  private var hasPending = false
  private var line: [UInt8] = []
  private let keys: [[UInt8]]

  init(output: LineOutput, fields: [FieldPath]?, array: Bool, safe: Bool = false) {
    self.output = output
    self.fields = fields
    self.array = array
    self.safe = safe
    keys = (fields ?? []).map { path in
      var key: [UInt8] = []
      JSONWriter.monica.writeString(path.description, to: &key)
      return key
    }
  }

  func consume(_ record: Record) throws(MonicaError) {
    line.removeAll(keepingCapacity: true)
    if let fields {
      line.append(UInt8(ascii: "{"))
      for (position, path) in fields.enumerated() {
        if position > 0 { line.append(UInt8(ascii: ",")) }
        line.append(contentsOf: keys[position])
        line.append(UInt8(ascii: ":"))
        if let value = record.value(at: path) {
          line.append(contentsOf: value.slice)
        } else {
          line.append(contentsOf: "null".utf8)
        }
      }
      line.append(UInt8(ascii: "}"))
    } else {
      line.append(contentsOf: UnsafeBufferPointer(rebasing: record.bytes[record.objectRange]))
    }
    if safe { line = TerminalText.safe(line) }
    guard array else {
      try output.writeLine(line)
      return
    }
    // The array is written a line per record; the comma needs to know a next one follows.
    if hasPending {
      pending.append(UInt8(ascii: ","))
      try output.writeLine(pending)
    } else {
      try output.writeLine("[")
    }
    swap(&pending, &line)
    hasPending = true
  }

  func finish() throws(MonicaError) {
    guard array else { return }
    if hasPending {
      try output.writeLine(pending)
      try output.writeLine("]")
    } else {
      try output.writeLine("[]")
    }
  }
}

// MARK: - Template

/// A piece of a `--template`: literal text or a `{{path}}` placeholder.
enum TemplateSegment {
  case literal(String)
  case field(FieldPath)

  /// Splits a template on its `{{path}}` placeholders.
  static func parse(_ template: String) throws(MonicaError) -> [TemplateSegment] {
    var segments: [TemplateSegment] = []
    var rest = template[...]
    while let open = rest.range(of: "{{") {
      if open.lowerBound > rest.startIndex { segments.append(.literal(String(rest[..<open.lowerBound]))) }
      guard let close = rest[open.upperBound...].range(of: "}}") else {
        throw .usage("--template: '{{' without '}}'")
      }
      let name = String(rest[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespaces)
      guard let path = FieldPath(name) else { throw .usage("--template: '{{\(name)}}' is not a dotted field path") }
      segments.append(.field(path))
      rest = rest[close.upperBound...]
    }
    if !rest.isEmpty { segments.append(.literal(String(rest))) }
    return segments
  }
}

/// One line per record from a template; a missing or null value is empty. A placeholder that
/// no record had at all, likely a typo, is warned about at the end: partial contacts lack keys
/// that full ones have, so a missing value in one record is no error.
final class TemplateSink: RecordSink {
  private let output: LineOutput
  private let segments: [TemplateSegment]
  private let warn: (String) -> Void
  /// Lines through `TerminalText.safe` (a terminal, `--safe`).
  private let safe: Bool
  private var line: [UInt8] = []
  private var records = 0
  /// Per segment, whether some record had its field (null counts: the key is there).
  private var found: [Bool]

  init(
    output: LineOutput, segments: [TemplateSegment], safe: Bool = false, warn: @escaping (String) -> Void = { _ in }
  ) {
    self.output = output
    self.segments = segments
    self.safe = safe
    self.warn = warn
    found = segments.map { if case .field = $0 { false } else { true } }
  }

  func consume(_ record: Record) throws(MonicaError) {
    line.removeAll(keepingCapacity: true)
    records += 1
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .literal(let text): line.append(contentsOf: text.utf8)
      case .field(let path):
        guard let value = record.value(at: path) else { continue }
        found[index] = true
        value.appendDisplayText(to: &line)
      }
    }
    try output.writeLine(safe ? TerminalText.safe(line) : line)
  }

  func finish() throws(MonicaError) {
    guard records > 0 else { return }
    var unknown: [String] = []
    for (index, segment) in segments.enumerated() where !found[index] {
      if case .field(let path) = segment, !unknown.contains("{{\(path)}}") { unknown.append("{{\(path)}}") }
    }
    if !unknown.isEmpty {
      let noun = records == 1 ? "the record has" : "none of the \(records) records has"
      warn("--template: \(noun) \(unknown.joined(separator: ", ")), which stayed empty")
    }
  }
}
