import Foundation

/// The rows of one CSV file after its header, read, made into contacts and put in the forms the
/// identity judgement compares them in on a thread of their own, and handed to the importer's
/// thread in the file's order: reading and building a row cost about what emitting it costs, so
/// on two cores the halves overlap.
///
/// What is held stays bounded: rows go over in batches of at most `batchRows` rows or
/// `batchBytes` bytes of cells (one row more at most, itself bounded by the reader), and at most
/// `batchesQueued` batches wait; the reading thread waits for the importer, never the other way
/// round past a batch. What the importer's thread did alone before is said in the same order:
/// each item carries what the reading thread said before it (text taken for Windows-1252) and
/// whether the bytes read so far had bad UTF-16, as the importer would have seen it then.
///
/// The reader, the text decoder and the row builder belong to the reading thread from `init`
/// until `stop()` returns (hence `@unchecked Sendable`: they are never touched by two threads at
/// once); the queue, the failure and the end are shared under `condition`.
final class CSVRowPipeline: @unchecked Sendable {
  /// The most rows in one batch.
  static let batchRows = 32
  /// The most bytes of cells in one batch (past it, the batch goes with the row that crossed it).
  static let batchBytes = 1 << 18
  /// The most batches waiting for the importer.
  static let batchesQueued = 2

  /// What the reading thread found, in the file's order.
  enum Event {
    /// A row's contact, the titles of its note lines, the line it starts on, and its person.
    case contact(CardContent, noteTitles: [String], line: Int, person: ImportedPerson)
    /// A row with nothing to name a contact by.
    case nameless(line: Int)
    /// A row the reader or the text decoding refused, and why.
    case invalid(line: Int, reason: String)
    /// A word said while reading (`FILE: not UTF-8: read as Windows-1252`), for the note.
    case note(String)
  }

  /// An event, with whether the bytes read when it was found had bad UTF-16.
  struct Item {
    let event: Event
    let badUTF16: Bool
  }

  private let reader: CSVReader
  private let bytes: CSVByteSource
  private var text: CSVText
  private var builder: CSVRowBuilder
  private let name: String

  private let condition = NSCondition()
  /// Batches read and not yet taken.
  private var queue: [[Item?]] = []
  /// The importer stopped taking rows: the reading thread stops at its next batch.
  private var cancelled = false
  /// The reading thread is done: the file ended, it failed or it was cancelled.
  private var finished = false
  /// Why the reading stopped before the end of the file, with the bad-UTF-16 state then.
  private var failure: (error: MonicaError, badUTF16: Bool)?

  /// The batch the importer is taking items from, and where.
  private var taking: [Item?] = []
  private var position = 0
  /// Whether the bytes read when the last item taken was found had bad UTF-16 (at the end: all
  /// the bytes of the file).
  private(set) var badUTF16: Bool

  /// Starts reading the rows after the header of `reader` (which reads `bytes`), decoding cells
  /// with `text` and building contacts with `builder`; `name` is the file's, for words said.
  init(reader: CSVReader, bytes: CSVByteSource, text: CSVText, builder: CSVRowBuilder, name: String) {
    (self.reader, self.bytes, self.text, self.builder, self.name) = (reader, bytes, text, builder, name)
    badUTF16 = bytes.hadBadUTF16
    let thread = Thread { [self] in produce() }
    thread.name = "monica-import csv reader"
    thread.start()
  }

  /// The next item in the file's order, waiting for the reading thread; `nil` at the end of the
  /// file; a failure of the reading (a read error) where it happened.
  func next() throws(MonicaError) -> Item? {
    if position == taking.count {
      condition.lock()
      while queue.isEmpty && !finished { condition.wait() }
      if queue.isEmpty {
        let failure = self.failure
        condition.unlock()
        if let failure {
          badUTF16 = failure.badUTF16
          throw failure.error
        }
        badUTF16 = bytes.hadBadUTF16
        return nil
      }
      taking = queue.removeFirst()
      position = 0
      condition.broadcast()
      condition.unlock()
    }
    // Moved out, not copied: a row's contact is many strings and arrays.
    guard let item = taking[position].take() else { return nil }
    position += 1
    badUTF16 = item.badUTF16
    return item
  }

  /// What the file's text was taken for, once `next()` returned `nil`.
  var decision: CSVText.Decision {
    condition.lock()
    defer { condition.unlock() }
    return text.decision
  }

  /// Stops the reading thread at its next batch (when it is not done already) and waits for it
  /// to end: the reader is the caller's again.
  func stop() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    while !finished { condition.wait() }
    condition.unlock()
  }

  /// The reading thread: rows to items, in batches, until the end, a failure or `stop()`.
  private func produce() {
    var batch: [Item?] = []
    var held = 0
    let name = self.name
    /// Hands the batch over; `false` when the importer stopped taking.
    func send() -> Bool {
      condition.lock()
      defer { condition.unlock() }
      while queue.count >= Self.batchesQueued && !cancelled { condition.wait() }
      if cancelled { return false }
      queue.append(batch)
      condition.broadcast()
      batch = []
      held = 0
      return true
    }
    var failed: MonicaError?
    do {
      while let item = try reader.next() {
        switch item {
        case .invalid(let line, let reason):
          batch.append(Item(event: .invalid(line: line, reason: reason), badUTF16: bytes.hadBadUTF16))
        case .row(let row):
          var switched = false
          let values: [String?]
          do {
            values = try text.cells(of: row) { switched = true }
          } catch {
            if switched { batch.append(Item(event: .note(Self.windows1252(name)), badUTF16: bytes.hadBadUTF16)) }
            batch.append(Item(event: .invalid(line: row.line, reason: error.reason), badUTF16: bytes.hadBadUTF16))
            continue
          }
          if switched { batch.append(Item(event: .note(Self.windows1252(name)), badUTF16: bytes.hadBadUTF16)) }
          let event: Event
          switch builder.content(values, line: row.line) {
          case .nameless: event = .nameless(line: row.line)
          case .contact(let content, let titles):
            event = .contact(content, noteTitles: titles, line: row.line, person: ImportedPerson(content))
          }
          batch.append(Item(event: event, badUTF16: bytes.hadBadUTF16))
          held += row.bytes.count
        }
        if batch.count >= Self.batchRows || held >= Self.batchBytes, !send() { break }
      }
    } catch {
      failed = error
    }
    condition.lock()
    if !cancelled, !batch.isEmpty { queue.append(batch) }
    if let failed { failure = (failed, bytes.hadBadUTF16) }
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// What is said when a file's text is taken for Windows-1252.
  static func windows1252(_ name: String) -> String { "\(name): not UTF-8: read as Windows-1252" }
}

extension CSVText {
  /// The cells of `row` as text (`nil` for an empty one); `switched` is called when the file is
  /// taken for Windows-1252.
  mutating func cells(of row: CSVRow, switched: () -> Void) throws(Problem) -> [String?] {
    var cells: [String?] = []
    cells.reserveCapacity(row.count)
    for index in 0..<row.count {
      if row.isEmpty(index) {
        cells.append(nil)
        continue
      }
      let result: Result<String, Problem> = row.withCell(index) { bytes in
        Result { () throws(Problem) in try text(bytes, switched: switched) }
      }
      cells.append(try result.get())
    }
    return cells
  }
}
