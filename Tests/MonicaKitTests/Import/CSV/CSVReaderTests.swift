import Foundation
import MonicaTestSupport
import Testing

@testable import MonicaKit

/// `CSVReader` and `CSVByteSource`: RFC 4180 as the exports write it, the encodings files come
/// in, the bounds, and the same cells as Python's csv module on a file made to be hard.
@Suite struct CSVReaderTests {
  /// The records of `bytes` as cells (text), bad ones as `!LINE: reason`, and the encoding.
  func read(_ bytes: [UInt8]) throws -> (rows: [[String]], lines: [Int], encoding: CSVByteSource.Encoding) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let source = try CSVByteSource(InputSource(path))
    let reader = CSVReader(source)
    var text = CSVText()
    var rows: [[String]] = []
    var lines: [Int] = []
    while let item = try reader.next() {
      switch item {
      case .row(let row):
        rows.append(
          try (0..<row.count).map { index in
            try row.withCell(index) { bytes in try text.text(bytes) {} }
          })
        lines.append(row.line)
      case .invalid(let line, let reason):
        rows.append(["!\(line): \(reason)"])
        lines.append(line)
      }
    }
    return (rows, lines, source.encoding)
  }

  func read(_ text: String) throws -> (rows: [[String]], lines: [Int], encoding: CSVByteSource.Encoding) {
    try read(Array(text.utf8))
  }

  @Test("quotes hold commas, doubled quotes and line breaks; CRLF, LF and CR end records; no newline at the end")
  func quoting() throws {
    let result = try read("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",x,\r\n\r\nlast,\"\",y\rz")
    #expect(result.rows == [["a", "b,c", "say \"hi\""], ["two\nlines", "x", ""], ["last", "", "y"], ["z"]])
    // A record is named by the line it starts on; the blank line is passed over.
    #expect(result.lines == [1, 2, 5, 6])
  }

  @Test("a BOM is dropped; UTF-16 LE and BE with a BOM are read as text; without a BOM, UTF-8")
  func encodings() throws {
    let text = "Prénom,Nom\r\nJürgen,Müller 😀\r\n"
    #expect(try read([0xEF, 0xBB, 0xBF] + Array(text.utf8)).rows == [["Prénom", "Nom"], ["Jürgen", "Müller 😀"]])
    #expect(try read([0xEF, 0xBB, 0xBF] + Array(text.utf8)).encoding == .utf8WithBOM)
    let (little, big) = (utf16(text), utf16(text, littleEndian: false))
    #expect(try read(little).rows == [["Prénom", "Nom"], ["Jürgen", "Müller 😀"]])
    #expect(try read(little).encoding == .utf16LittleEndian)
    #expect(try read(big).rows == [["Prénom", "Nom"], ["Jürgen", "Müller 😀"]])
    #expect(try read(big).encoding == .utf16BigEndian)
  }

  @Test("UTF-16 split across blocks keeps its surrogate pairs and line numbers")
  func utf16Blocks() throws {
    let cell = String(repeating: "😀é", count: CSVByteSource.blockSize / 5)
    let text = "a,b\r\n\"\(cell)\",x\r\nc,d\r\n"
    let result = try read(utf16(text))
    #expect(result.rows == [["a", "b"], [cell, "x"], ["c", "d"]])
    #expect(result.lines == [1, 2, 3])
  }

  @Test("bytes that are not UTF-8 make the file Windows-1252: € and smart quotes, not U+FFFD")
  func windows1252() throws {
    let bytes: [UInt8] = Array("a,b\r\n".utf8) + [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x2C, 0x80, 0x93, 0x78, 0x94]
    #expect(try read(bytes).rows == [["a", "b"], ["Müller", "€“x”"]])
  }

  @Test("a quote left open at the end is a bad record at the line it opened; records before it are read")
  func openQuote() throws {
    let result = try read("a,b\r\nc,\"d\r\ne,f\r\n")
    #expect(result.rows == [["a", "b"], ["!2: a quoted cell opened here is not closed before the end of the file"]])
  }

  @Test("a record over 1 MiB is bad at its first line, read past without being held; the next is read")
  func longRecord() throws {
    let long = String(repeating: "x", count: CSVReader.Limits.recordBytes)
    let result = try read("a,b\r\n\"\(long)\ny\",z\r\nc,d\r\n")
    #expect(result.rows == [["a", "b"], ["!2: a record longer than 1 MiB"], ["c", "d"]])
    #expect(result.lines == [1, 2, 4])
    let fits = String(repeating: "x", count: CSVReader.Limits.recordBytes - 2)
    #expect(try read("\(fits),y\r\n").rows == [[fits, "y"]])
  }

  @Test("a file of semicolons or tabs is read by its own delimiter")
  func delimiters() throws {
    #expect(
      try read("Vorname;Nachname\r\nJürgen;\"Mü;ller\"\r\n").rows == [["Vorname", "Nachname"], ["Jürgen", "Mü;ller"]])
    #expect(try read("a\tb\r\nc\td\r\n").rows == [["a", "b"], ["c", "d"]])
  }

  @Test("the same cells as Python's csv module on a file made to be hard (random quotes, breaks, commas)")
  func pythonAgrees() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A generator of random RFC 4180 records written by Python's own writer, and its reader's
    // cells as JSON; the file spans several of the reader's blocks.
    let script = """
      import csv, json, random, sys
      random.seed(40)
      pieces = ['a', 'Ünï', ',', '"', '\\n', '\\r\\n', ' ', 'x' * 300, '😀', ';', "'"]
      rows = [[''.join(random.choice(pieces) for _ in range(random.randint(0, 12))) for _ in range(random.randint(1, 9))]
              for _ in range(4000)]
      rows = [r for r in rows if r != ['']]
      with open(sys.argv[1] + '/hard.csv', 'w', newline='', encoding='utf-8') as f:
          csv.writer(f, lineterminator='\\r\\n').writerows(rows)
      with open(sys.argv[1] + '/hard.csv', newline='', encoding='utf-8') as f:
          json.dump([r for r in csv.reader(f) if r], open(sys.argv[1] + '/hard.json', 'w'))
      """
    let run = try sh("python3 - \"\(directory)\" <<'EOF'\n\(script)\nEOF", env: ProcessInfo.processInfo.environment)
    #expect(run.status == 0, "\(run)")
    let expected = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: directory + "/hard.json")))
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/hard.csv")))
    #expect(bytes.count > CSVByteSource.blockSize)
    let ours = try read(bytes).rows
    #expect((expected as? [[String]])?.count == ours.count)
    #expect((expected as? [[String]]) == ours)
  }
}

/// `text` as UTF-16 with a BOM: little endian (Outlook's "Unicode") or big endian.
func utf16(_ text: String, littleEndian: Bool = true) -> [UInt8] {
  var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
  for unit in text.utf16 {
    let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
    bytes += littleEndian ? [low, high] : [high, low]
  }
  return bytes
}
