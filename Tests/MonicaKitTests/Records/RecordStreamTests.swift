import Foundation
import Testing

@testable import MonicaKit

/// The record stream over real files: blank lines, bad lines, missing files.
@Suite struct RecordStreamTests {
  func file(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "/record-stream-\(UUID().uuidString).ndjson"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("hands out each object line with its number, skipping blank lines")
  func lines() throws {
    let path = try file("{\"id\":1}\n\n   \n{\"id\":2}\r\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    var seen: [String] = []
    try RecordStream(sources: [InputSource(path)]).forEach { record in
      seen.append("\(record.source):\(record.line):\(record.member("id")?.intValue ?? 0)")
    }
    #expect(seen == ["\(path):1:1", "\(path):4:2"])
  }

  @Test("a bad line is malformed input, or a warning with skipInvalid")
  func badLines() throws {
    let path = try file("{\"id\":1}\n[2]\n{\"id\":3}\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    var count = 0
    #expect(throws: MonicaError.malformedInput(source: path, line: 2, reason: "not a JSON object but an array")) {
      try RecordStream(sources: [InputSource(path)]).forEach { _ in count += 1 }
    }
    #expect(count == 1)
    var warnings: [String] = []
    count = 0
    try RecordStream(sources: [InputSource(path)], skipInvalid: true) { warnings.append($0) }.forEach { _ in count += 1
    }
    #expect(count == 2 && warnings == ["\(path):2: not a JSON object but an array, line skipped"])
  }

  @Test("a missing file is notFound")
  func missing() {
    #expect(throws: MonicaError.notFound("/no/such.ndjson: no such file or directory")) {
      try RecordStream(sources: [InputSource("/no/such.ndjson")]).forEach { _ in }
    }
  }
}
