import Foundation
import Testing

@testable import MonicaKit

@Suite struct LineReaderTests {
  @Test("lines come out whole across block boundaries, CRLF and a missing last newline")
  func splitsLines() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID())").path
    let long = String(repeating: "x", count: 100)
    try Data("a\r\n\n\(long)\nlast".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let descriptor = open(path, O_RDONLY)
    let reader = LineReader(descriptor: descriptor, ownsDescriptor: true, blockSize: 8)
    var lines: [String] = []
    reader.forEachLine { lines.append(String(decoding: $0, as: UTF8.self)) }
    #expect(lines == ["a", "", long, "last"])
    #expect(reader.lineNumber == 4)
  }

  @Test("a missing file is 'not found' with the path first")
  func missingFile() {
    #expect(throws: MonicaError.notFound("/nonexistent/x.ndjson: no such file or directory")) {
      _ = try InputSource("/nonexistent/x.ndjson").open()
    }
  }
}
