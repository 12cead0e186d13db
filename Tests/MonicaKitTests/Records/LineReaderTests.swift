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
    try reader.forEachLine { lines.append(String(decoding: $0, as: UTF8.self)) }
    #expect(lines == ["a", "", long, "last"])
    #expect(reader.lineNumber == 4)
  }

  @Test("a line past the maximum is a 65 naming its line, read in bounded memory")
  func longLine() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID())").path
    try Data(("ok\n" + String(repeating: "y", count: 5000)).utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = LineReader(
      descriptor: open(path, O_RDONLY), ownsDescriptor: true, name: "big", blockSize: 64, maximumLineLength: 1024)
    var lines = 0
    var caught: MonicaError?
    do { try reader.forEachLine { _ in lines += 1 } } catch { caught = error }
    #expect(caught?.message?.hasPrefix("big:2: a line longer than 1024 bytes") == true, "\(String(describing: caught))")
    #expect(caught?.exitStatus == .dataError && lines == 1)
  }

  @Test("a read error (a directory as stdin) is an error, not the end of the input")
  func readError() throws {
    let reader = LineReader(descriptor: open("/", O_RDONLY | O_DIRECTORY), ownsDescriptor: true, name: "stdin")
    #expect(throws: MonicaError.notFound("stdin: cannot read: is a directory")) { try reader.forEachLine { _ in } }
  }

  @Test("a missing file is 'not found' with the path first")
  func missingFile() {
    #expect(throws: MonicaError.notFound("/nonexistent/x.ndjson: no such file or directory")) {
      _ = try InputSource("/nonexistent/x.ndjson").open()
    }
  }
}
