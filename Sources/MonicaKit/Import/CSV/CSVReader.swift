/// One record of a CSV file as read: its cells' bytes and where it starts.
struct CSVRow {
  /// The line the record starts on, counted from 1 (a cell with newlines spans several).
  var line: Int
  /// The cells' bytes, one after the other.
  var bytes: [UInt8] = []
  /// Where each cell ends in `bytes`.
  var ends: [Int] = []

  /// How many cells the record has.
  var count: Int { ends.count }

  /// Calls `body` with the bytes of cell `index` (empty past the last cell).
  func withCell<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
    guard index < ends.count else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    let start = index == 0 ? 0 : ends[index - 1]
    return try bytes.withUnsafeBufferPointer { all in try body(UnsafeBufferPointer(rebasing: all[start..<ends[index]]))
    }
  }

  /// Whether cell `index` is empty or absent.
  func isEmpty(_ index: Int) -> Bool {
    guard index < ends.count else { return true }
    return (index == 0 ? 0 : ends[index - 1]) == ends[index]
  }
}

/// Reads the records of a CSV file (RFC 4180): cells separated by the delimiter, records by CRLF,
/// LF or CR; a cell in double quotes may hold delimiters, line breaks and doubled quotes; the last
/// record needs no line break. Blank lines are passed over. As Python's csv module does, a quote
/// inside an unquoted cell is text, and text after a closing quote is added to the cell.
///
/// A record is bounded before it is held: one longer than `Limits.recordBytes` is a bad record at
/// its first line, read past to its end without being kept, and so is a quoted cell still open at
/// the end of the file (at the line its quote opened). Memory is the block and one record,
/// whatever the file.
final class CSVReader {
  /// The bounds of one record, documented in `monica-import --help`.
  enum Limits {
    /// The longest record, its delimiters and quotes included: 1 MiB.
    static let recordBytes = 1 << 20
  }

  /// What the reader found next.
  enum Item {
    case row(CSVRow)
    /// A record that cannot be read: the line to name, and why.
    case invalid(line: Int, reason: String)
  }

  private enum State {
    case cellStart, unquoted, quoted, quoteInQuoted
  }

  private let source: CSVByteSource
  /// The cell delimiter: `,` unless `sniff` finds `;` or a tab.
  private(set) var delimiter = UInt8(ascii: ",")
  private var block: [UInt8] = []
  private var position = 0
  private var atEnd = false
  private var sniffed = false
  /// The line being read, counted from 1.
  private var line = 1
  private var lastWasCR = false
  private var state = State.cellStart
  private var row = CSVRow(line: 1)
  /// Bytes of the record read so far, delimiters and quotes included.
  private var consumed = 0
  private var quoteLine = 1

  /// A reader of `source`.
  init(_ source: CSVByteSource) { self.source = source }

  /// The next record, or bad record; `nil` at the end of the file.
  func next() throws(MonicaError) -> Item? {
    while true {
      if position == block.count {
        if atEnd { return finish() }
        try refill()
        continue
      }
      if let item = scan() { return item }
    }
  }

  private func refill() throws(MonicaError) {
    block.removeAll(keepingCapacity: true)
    position = 0
    let more = try source.nextBlock { (bytes) throws(MonicaError) in block.append(contentsOf: bytes) }
    if !more { atEnd = true }
    if !sniffed, !block.isEmpty {
      sniffed = true
      delimiter = block.withUnsafeBufferPointer(Self.sniff)
    }
  }

  /// The delimiter of a file's first line (its header, or LinkedIn's `Notes:`): the most frequent
  /// of `,`, `;` and tab outside quotes, a comma when tied. Only the first line: the cells of
  /// later rows (Outlook's categories, `Kunden;VIP`) may hold more of another than there are cells.
  static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
    var (commas, semicolons, tabs) = (0, 0, 0)
    var quoted = false
    scan: for byte in bytes.prefix(1 << 16) {
      switch byte {
      case UInt8(ascii: "\""): quoted.toggle()
      case UInt8(ascii: ",") where !quoted: commas += 1
      case UInt8(ascii: ";") where !quoted: semicolons += 1
      case UInt8(ascii: "\t") where !quoted: tabs += 1
      case 0x0A where !quoted, 0x0D where !quoted: break scan
      default: continue
      }
    }
    if semicolons > commas, semicolons >= tabs { return UInt8(ascii: ";") }
    if tabs > commas, tabs > semicolons { return UInt8(ascii: "\t") }
    return UInt8(ascii: ",")
  }

  /// Reads from the block until a record ends (returned) or the block does (`nil`).
  private func scan() -> Item? {
    let delimiter = self.delimiter
    let quote = UInt8(ascii: "\""), cr = UInt8(0x0D), lf = UInt8(0x0A)
    return block.withUnsafeBufferPointer { bytes -> Item? in
      var index = position
      defer { position = index }
      /// Counts the line breaks: LF, and a CR not followed by LF (CRLF counts once); returns the
      /// line `byte` is on.
      func count(_ byte: UInt8) -> Int {
        if lastWasCR, byte != lf { line += 1 }
        lastWasCR = byte == cr
        let here = line
        if byte == lf { line += 1 }
        return here
      }
      while index < bytes.count {
        let byte = bytes[index]
        let here = count(byte)
        if consumed == 0, byte != cr, byte != lf { row.line = here }
        switch state {
        case .cellStart, .unquoted:
          if byte == delimiter {
            consumed += 1
            endCell()
            state = .cellStart
          } else if byte == cr || byte == lf {
            index += 1
            if consumed == 0 { continue }  // a blank line, or the LF of a CRLF
            endCell()
            state = .cellStart
            return endRecord()
          } else if state == .cellStart, byte == quote {
            consumed += 1
            quoteLine = here
            state = .quoted
          } else {
            // A run of plain bytes is copied at once; it holds no line break.
            var end = index + 1
            while end < bytes.count {
              let next = bytes[end]
              if next == delimiter || next == cr || next == lf { break }
              end += 1
            }
            take(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            state = .unquoted
            index = end
            continue
          }
        case .quoted:
          if byte == quote {
            consumed += 1
            state = .quoteInQuoted
          } else {
            // Up to the next quote at once, its line breaks counted.
            var end = index + 1
            while end < bytes.count, bytes[end] != quote {
              _ = count(bytes[end])
              end += 1
            }
            take(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
            continue
          }
        case .quoteInQuoted:
          if byte == quote {
            take(UnsafeBufferPointer(rebasing: bytes[index..<index + 1]))
            state = .quoted
          } else if byte == delimiter {
            consumed += 1
            endCell()
            state = .cellStart
          } else if byte == cr || byte == lf {
            index += 1
            endCell()
            state = .cellStart
            return endRecord()
          } else {
            take(UnsafeBufferPointer(rebasing: bytes[index..<index + 1]))
            state = .unquoted
          }
        }
        index += 1
      }
      return nil
    }
  }

  /// Adds bytes to the cell being read, unless the record is over its bound.
  private func take(_ bytes: UnsafeBufferPointer<UInt8>) {
    consumed += bytes.count
    if consumed <= Limits.recordBytes { row.bytes.append(contentsOf: bytes) }
  }

  private func endCell() {
    if consumed <= Limits.recordBytes { row.ends.append(row.bytes.count) }
  }

  /// The record read, or a bad one when over its bound; the next one starts empty.
  private func endRecord() -> Item {
    defer {
      row.bytes.removeAll(keepingCapacity: true)
      row.ends.removeAll(keepingCapacity: true)
      consumed = 0
    }
    if consumed > Limits.recordBytes {
      return .invalid(line: row.line, reason: "a record longer than 1 MiB")
    }
    let done = row
    return .row(done)
  }

  /// The end of the file: the last record if it has no line break, or a quote left open.
  private func finish() -> Item? {
    guard consumed > 0 else { return nil }
    if state == .quoted {
      consumed = 0
      state = .cellStart
      row.bytes.removeAll()
      row.ends.removeAll()
      return .invalid(line: quoteLine, reason: "a quoted cell opened here is not closed before the end of the file")
    }
    endCell()
    state = .cellStart
    return endRecord()
  }
}
