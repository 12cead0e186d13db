import Foundation
import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Record ids from `--contact -` or `monica-fetch KIND -`: one per line, a bare id or a record
/// (as `monica-fetch` prints them), pulled one at a time so fetching starts at once.
package final class ContactIDReader {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// The number of the line last read, from 1.
  package private(set) var lineNumber = 0
  /// The name of the source in messages.
  package let source = "stdin"
  /// The `object` a record line must be: `contact` unless told.
  package let object: String

  /// A reader of `descriptor` (standard input by default) of ids of `object` records.
  package init(descriptor: Int32 = 0, object: String = RecordKind.contact.object) {
    self.descriptor = descriptor
    self.object = object
  }

  /// The next contact id, `nil` at the end; a line that is neither is malformed input (65).
  package func next() throws(MonicaError) -> Int? {
    while let line = nextLine() {
      lineNumber += 1
      if line.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) { continue }
      return try Self.recordID(in: line, object: object, source: source, line: lineNumber)
    }
    return nil
  }

  /// The id of the `object` record a line names: a bare id, or the record itself.
  package static func recordID(
    in line: [UInt8], object: String, source: String, line number: Int
  ) throws(MonicaError) -> Int {
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    if let id = Int(text), id > 0 { return id }
    func bad(_ reason: String) -> MonicaError { .malformedInput(source: source, line: number, reason: reason) }
    guard text.hasPrefix("{") else { throw bad("expected a \(object) id or a \(object) record") }
    let record: JSONValue
    do { record = try JSONValue(parsing: line) } catch { throw bad("invalid JSON: \(error.description)") }
    if let kind = record["object"]?.stringValue, kind != object {
      throw bad("a \(kind) record, not a \(object)")
    }
    guard let id = record["id"]?.intValue, id > 0 else { throw bad("a record without a numeric \"id\"") }
    return id
  }

  private func nextLine() -> [UInt8]? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        var line = Array(buffer[start..<newline])
        start = newline + 1
        if line.last == 0x0D { line.removeLast() }
        return line
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        defer { start = buffer.count }
        return Array(buffer[start...])
      }
      buffer.removeFirst(start)
      start = 0
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { atEnd = true } else { buffer.append(contentsOf: chunk[..<count]) }
    }
  }
}
