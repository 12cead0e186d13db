import Foundation
import Testing

@testable import MonicaKit

/// `CSVRowPipeline` through `CSVImporter`: rows read on their own thread come out in the file's
/// order across many batches, with what was said while reading in its place, and a failure on
/// either side stops both without leaving the reading thread behind.
@Suite struct CSVRowPipelineTests {
  /// A file of `rows` rows (many times `CSVRowPipeline.batchRows`): row N is `Ana N`, every tenth
  /// row is row N - 5's person again (the same e-mail address and name), and row `windows1252`
  /// has a byte that is not UTF-8 in its note.
  static func file(rows: Int, windows1252: Int) -> [UInt8] {
    var bytes = Array("First Name,Last Name,E-mail 1 - Value,Notes\n".utf8)
    for row in 1...rows {
      let person = row % 10 == 0 ? row - 5 : row
      bytes += Array("Ana,Lima\(person),ana\(person)@example.org,note \(row)".utf8)
      if row == windows1252 { bytes += [0x20, 0xE9] }
      bytes.append(0x0A)
    }
    return bytes
  }

  func write(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString).csv").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The file an import writes its records into, beside its input; `remove()` closes and
  /// deletes it.
  struct RecordsFile {
    let path: String
    let descriptor: Int32

    init(beside input: String) {
      path = input + ".ndjson"
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }

    func remove() {
      close(descriptor)
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  @Test("a thousand rows: contacts in the file's order, each word about a row in its place, the encoding's word too")
  func order() throws {
    let path = try write(Self.file(rows: 1000, windows1252: 510))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = RecordsFile(beside: path)
    defer { output.remove() }
    var messages: [String] = []
    let summary = try CSVImporter.run(
      [InputSource(path)], dedupeAgainst: nil, map: nil, options: ImportOptions(), csv: CSVImportOptions(),
      output: LineOutput(descriptor: output.descriptor), report: { messages.append("warning: " + $0) },
      note: { messages.append($0) })
    #expect(summary.contacts == 900 && summary.sameAsEarlier == 100)
    let text = try String(contentsOfFile: output.path, encoding: .utf8)
    let records = try text.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    let contacts = records.filter { $0["object"]?.stringValue == RecordKind.contact.object }
    #expect(contacts.compactMap { $0["id"]?.intValue } == (1...1000).filter { $0 % 10 != 0 })
    // The words on stderr, as the rows were read: one per tenth row, the encoding's after row
    // 500's and before row 510's (the row whose bytes made it), the summary last.
    let rows = messages.compactMap { message -> Int? in
      guard let range = message.range(of: ": row ") else { return nil }
      return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
    #expect(rows == Array(stride(from: 10, through: 1000, by: 10)), "\(messages.prefix(3))")
    let encoding = messages.firstIndex(of: "\(path): not UTF-8: read as Windows-1252")
    #expect(encoding == 50, "\(messages[45..<55])")
    #expect(messages.last?.hasPrefix("\(path): Google CSV (Windows-1252): 1000 rows") == true)
  }

  @Test("a reader that closes the output stops the import and its reading thread: outputClosed, no hang")
  func closedOutput() throws {
    signal(SIGPIPE, SIG_IGN)
    let path = try write(Self.file(rows: 20000, windows1252: 0))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    close(fds[0])
    defer { close(fds[1]) }
    #expect(throws: MonicaError.outputClosed) {
      try CSVImporter.run(
        [InputSource(path)], dedupeAgainst: nil, map: nil, options: ImportOptions(), csv: CSVImportOptions(),
        output: LineOutput(descriptor: fds[1], bufferLimit: 0), report: { _ in })
    }
  }

  @Test("a bad row far into the file is 65 at its line; the rows before it are written, none after")
  func badRow() throws {
    var bytes = Self.file(rows: 2000, windows1252: 0)
    bytes += Array("Bo,\"never closed\nCy,Dee\n".utf8)
    let path = try write(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = RecordsFile(beside: path)
    defer { output.remove() }
    let reason = "row 2001: a quoted cell opened here is not closed before the end of the file"
    #expect(throws: MonicaError.malformedInput(source: path, line: 2002, reason: reason)) {
      try CSVImporter.run(
        [InputSource(path)], dedupeAgainst: nil, map: nil, options: ImportOptions(), csv: CSVImportOptions(),
        output: LineOutput(descriptor: output.descriptor), report: { _ in })
    }
    let text = try String(contentsOfFile: output.path, encoding: .utf8)
    let ids = try text.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
      .filter { $0["object"]?.stringValue == RecordKind.contact.object }.compactMap { $0["id"]?.intValue }
    #expect(ids.last == 1999 && ids.count == 1800)
  }
}
