import Foundation

/// Tables (aligned text, TSV, CSV, Markdown): one table per record kind in order of first
/// appearance, or one table of `--fields`.
///
/// The current kind's table streams; records of other kinds wait in spool files, so memory stays
/// bounded by the look-ahead whatever the input.
final class TabularSink: RecordSink {
  private let output: LineOutput
  private let options: FormatOptions
  private let environment: ToolEnvironment
  private let warn: (String) -> Void
  private var section: TableSection?
  private var waiting: [(kind: String, spool: Spool)] = []

  init(output: LineOutput, options: FormatOptions, environment: ToolEnvironment, warn: @escaping (String) -> Void) {
    self.output = output
    self.options = options
    self.environment = environment
    self.warn = warn
  }

  func consume(_ record: Record) throws(MonicaError) {
    guard options.fields == nil else {
      if section == nil { section = TableSection(kind: nil, output: output, options: options, warn: warn) }
      try section?.add(record)
      return
    }
    let kind = record.kind ?? ""
    guard let section else {
      section = TableSection(kind: kind, output: output, options: options, warn: warn)
      try section?.add(record)
      return
    }
    if section.kind == kind {
      try section.add(record)
    } else if let index = waiting.firstIndex(where: { $0.kind == kind }) {
      try waiting[index].spool.append(record.bytes)
    } else {
      let spool = try Spool(environment: environment)
      try spool.append(record.bytes)
      waiting.append((kind, spool))
    }
  }

  func finish() throws(MonicaError) {
    // With --fields the columns are known without a record: an empty input is a header alone,
    // which a spreadsheet or `csv.DictReader` reads as an empty table.
    if section == nil, options.fields != nil {
      section = TableSection(kind: nil, output: output, options: options, warn: warn)
    }
    try section?.finish()
    var scanner = RecordScanner()
    for (kind, spool) in waiting {
      if options.format != .csv { try output.writeLine("") }
      let next = TableSection(kind: kind, output: output, options: options, warn: warn)
      try spool.reader().forEachLine { (line) throws(MonicaError) in
        try RecordScanner.withRecord(line, scanner: &scanner) { (record) throws(MonicaError) in try next.add(record) }
      }
      try next.finish()
    }
  }
}

/// One table: buffers the look-ahead, settles its columns and widths, then streams rows.
final class TableSection {
  let kind: String?
  private let output: LineOutput
  private let options: FormatOptions
  private let warn: (String) -> Void
  private var columns: [Column] = []
  private var widths: [Int] = []
  /// Per column shown: never cut, even a later cell wider than the look-ahead's.
  private var fixed: [Bool] = []
  private var settled = false
  private var lookAhead: [[UInt8]] = []
  private var line: [UInt8] = []
  private var scratch: [UInt8] = []
  private var scanner = RecordScanner()
  /// Whether cells go through `TerminalText.safe`: table and markdown always (they are for
  /// people), csv and tsv on a terminal or with `--safe` (else byte for byte).
  private let neutralises: Bool

  private static let bold = "\u{1B}[1m"
  private static let dim = "\u{1B}[2m"
  private static let reset = "\u{1B}[0m"

  init(kind: String?, output: LineOutput, options: FormatOptions, warn: @escaping (String) -> Void) {
    self.kind = kind
    self.output = output
    self.options = options
    self.warn = warn
    neutralises = options.format == .table || options.format == .markdown || options.safe
  }

  func add(_ record: Record) throws(MonicaError) {
    if settled {
      try write(record)
    } else {
      lookAhead.append(Array(record.bytes))
      if lookAhead.count >= options.lookAhead { try settle() }
    }
  }

  func finish() throws(MonicaError) {
    if !settled { try settle() }
  }

  /// Chooses the columns and widths from the look-ahead, then writes the header and the rows held.
  private func settle() throws(MonicaError) {
    settled = true
    let held = lookAhead
    lookAhead = []
    var kinds: Set<String> = []
    if let fields = options.fields {
      for bytes in held {
        try RecordScanner.withRecord(bytes, scanner: &scanner) { (record) throws(MonicaError) in
          kinds.insert(record.kind ?? "")
        }
      }
      // Mixed kinds share one table of fields; an object column tells them apart.
      let object = FieldPath("object")
      let needsObject = kinds.count > 1 && !fields.contains { $0 == object }
      columns =
        (needsObject ? object.map { [Column.field($0)] } ?? [] : [])
        + fields.enumerated().map { Column.field($0.element, priority: $0.offset) }
    } else {
      columns = Column.defaults(for: kind)
    }
    if options.format == .table { try fit(held) }
    if options.header { try writeHeader() }
    for bytes in held {
      try RecordScanner.withRecord(bytes, scanner: &scanner) { (record) throws(MonicaError) in try write(record) }
    }
    // The first screenful goes out as soon as it is known, not when the output buffer fills.
    try output.flush()
  }

  /// Chooses the columns shown and their widths from the look-ahead (`ColumnLayout`): ids, dates
  /// and marks whole, low-priority columns left out before anything is cut to unreadable.
  /// Leaving out fields the user named is said on stderr; a kind's own columns go quietly.
  private func fit(_ held: [[UInt8]]) throws(MonicaError) {
    var naturals = columns.map { DisplayWidth.of($0.title ?? $0.name.uppercased()) }
    // A --fields column is fixed when every value seen is short and whole: a number, a boolean, a date.
    var fixed = columns.map { $0.fixed ?? true }
    var seen = columns.map { _ in false }
    for bytes in held {
      try RecordScanner.withRecord(bytes, scanner: &scanner) { (record) throws(MonicaError) in
        for (index, column) in columns.enumerated() {
          let cell = column.cell(record, options.context)
          let text = cellText(cell)
          naturals[index] = max(naturals[index], DisplayWidth.of(text))
          if column.fixed == nil, !text.isEmpty {
            seen[index] = true
            if !TableSection.isWhole(cell) { fixed[index] = false }
          }
        }
      }
    }
    for index in columns.indices where columns[index].fixed == nil && !seen[index] { fixed[index] = false }
    let layout = ColumnLayout(
      columns.indices.map {
        ColumnLayout.Demand(natural: naturals[$0], fixed: fixed[$0], priority: columns[$0].priority)
      },
      width: options.width)
    let left = columns.indices.filter { !layout.shown.contains($0) }.map { columns[$0].name }
    if options.fields != nil, !left.isEmpty {
      warn("\(left.joined(separator: ", ")) left out to fit \(options.width) columns (csv or tsv show every field)")
    }
    columns = layout.shown.map { columns[$0] }
    self.fixed = layout.shown.map { fixed[$0] }
    widths = layout.widths
  }

  /// Whether a `--fields` value is one that must not be cut: a number, a boolean or a date.
  private static func isWhole(_ cell: Cell) -> Bool {
    switch cell {
    case .raw(let value?):
      if value.isNumber || value.isTrue || value.isFalse { return true }
      guard let text = value.stringValue else { return false }
      return text.utf8.count <= 27 && CalendarDate(parsing: text) != nil
    case .raw(nil): return true
    case .text(let text, let isText): return !isText || (text.utf8.count <= 27 && CalendarDate(parsing: text) != nil)
    }
  }

  private func writeHeader() throws(MonicaError) {
    let names = columns.map(\.name)
    switch options.format {
    case .table:
      try writeTableRow(
        columns.map { cellText($0.title ?? $0.name.uppercased()) }, style: options.color ? TableSection.bold : nil)
    case .markdown:
      try output.writeLine("| " + names.map { markdownEscape(cellText($0)) }.joined(separator: " | ") + " |")
      try output.writeLine("|" + columns.map { $0.alignsRight ? " ---: |" : " --- |" }.joined())
    case .tsv:
      try output.writeLine(names.map { tsvEscape(cellText($0)) }.joined(separator: "\t"))
    default:
      line.removeAll(keepingCapacity: true)
      for (index, name) in names.enumerated() {
        if index > 0 { line.append(UInt8(ascii: ",")) }
        appendCSV(name.utf8, quoteAlways: false)
      }
      line.append(0x0D)
      try output.writeLine(line)
    }
  }

  private func write(_ record: Record) throws(MonicaError) {
    let context = options.context
    switch options.format {
    case .table:
      let dead = options.color && record.isKind(RecordKind.contact.object) && record.member("is_dead")?.isTrue == true
      try writeTableRow(columns.map { cellText($0.cell(record, context)) }, style: dead ? TableSection.dim : nil)
    case .markdown:
      try output.writeLine(
        "| " + columns.map { markdownEscape(cellText($0.cell(record, context))) }.joined(separator: " | ") + " |")
    case .tsv:
      try output.writeLine(columns.map { tsvEscape(cellText($0.cell(record, context))) }.joined(separator: "\t"))
    default:
      line.removeAll(keepingCapacity: true)
      for (index, column) in columns.enumerated() {
        if index > 0 { line.append(UInt8(ascii: ",")) }
        appendCSV(column.cell(record, context))
      }
      line.append(0x0D)
      try output.writeLine(line)
    }
  }

  private func cellText(_ cell: Cell) -> String { cellText(cell.text) }

  /// A cell's text on one line (a tab or line break inside a cell would break the row), and
  /// with nothing that controls a terminal when the table `neutralises`.
  private func cellText(_ text: String) -> String {
    var text = text
    if text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      var result = String.UnicodeScalarView()
      for scalar in text.unicodeScalars {
        result.append(scalar == "\t" || scalar == "\n" || scalar == "\r" ? " " : scalar)
      }
      text = String(result)
    }
    return neutralises ? TerminalText.safe(text) : text
  }

  private func writeTableRow(_ cells: [String], style: String?) throws(MonicaError) {
    var text = ""
    for (index, cell) in cells.enumerated() {
      let width = widths[index]
      // A fixed cell wider than the look-ahead's is shown whole and shifts the rest of its row.
      let shown = fixed.indices.contains(index) && fixed[index] ? cell : TableSection.truncate(cell, to: width)
      let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(shown)))
      if index > 0 { text += "  " }
      if columns[index].alignsRight {
        text += padding + shown
      } else {
        text += shown + (index == cells.count - 1 ? "" : padding)
      }
    }
    while text.hasSuffix(" ") { text.removeLast() }
    if let style {
      // The table's own style stays on a terminal; the cells were made safe (`cellText`).
      try output.writeStyledLine(text, style: style, reset: TableSection.reset)
    } else {
      try output.writeLine(text)
    }
  }

  /// Cuts a cell to `width`, keeping a deceased contact's marker visible.
  static func truncate(_ cell: String, to width: Int) -> String {
    let marker = " ⚰"
    guard cell.hasSuffix(marker), DisplayWidth.of(cell) > width, width > 3 else {
      return DisplayWidth.truncate(cell, to: width)
    }
    return DisplayWidth.truncate(String(cell.dropLast(2)), to: width - 2) + marker
  }

  /// Escapes backslashes and `|`, which would end a Markdown cell.
  private func markdownEscape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "|") }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "\\" || scalar == "|" { result.unicodeScalars.append("\\") }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  /// Escapes backslashes (tabs and line breaks are already spaces), as PostgreSQL's text format does.
  private func tsvEscape(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "\\" { result.unicodeScalars.append("\\") }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  /// Appends a CSV field: values from the record as jq's `@csv` writes them (strings always
  /// quoted, numbers and booleans bare, null empty), made text quoted as RFC 4180 needs.
  private func appendCSV(_ cell: Cell) {
    switch cell {
    case .raw(let value):
      guard let value, !value.isNull else { return }
      if value.isString {
        // Most strings have no escapes: their bytes go straight in, no decoding, no allocation.
        let inner = UnsafeBufferPointer(
          rebasing: value.bytes[(value.range.lowerBound + 1)..<(value.range.upperBound - 1)])
        if inner.contains(UInt8(ascii: "\\")) {
          scratch.removeAll(keepingCapacity: true)
          RawValue.appendUnescaped(inner, to: &scratch)
          appendCSV(scratch, quoteAlways: true)
        } else {
          appendCSV(inner, quoteAlways: true)
        }
      } else if value.isObject || value.isArray {
        appendCSV(value.displayText.utf8, quoteAlways: true)
      } else {
        line.append(contentsOf: value.slice)
      }
    case .text(let text, let isText):
      if isText { appendCSV(text.utf8, quoteAlways: true) } else { line.append(contentsOf: text.utf8) }
    }
  }

  private func appendCSV(_ bytes: some Collection<UInt8>, quoteAlways: Bool) {
    if neutralises {
      appendCSVField(TerminalText.safe(bytes), quoteAlways: quoteAlways)
    } else {
      appendCSVField(bytes, quoteAlways: quoteAlways)
    }
  }

  private func appendCSVField(_ bytes: some Collection<UInt8>, quoteAlways: Bool) {
    let needsQuotes =
      quoteAlways || bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    guard needsQuotes else {
      line.append(contentsOf: bytes)
      return
    }
    line.append(UInt8(ascii: "\""))
    for byte in bytes {
      line.append(byte)
      if byte == UInt8(ascii: "\"") { line.append(byte) }
    }
    line.append(UInt8(ascii: "\""))
  }
}
