import Testing

@testable import MonicaKit

/// Filters compiled from criteria, on made-up records.
@Suite struct RecordFilterTests {
  func keeps(_ criteria: FilterCriteria, _ json: String) throws -> Bool {
    var scanner = RecordScanner()
    let filter = try RecordFilter(criteria)
    return Array(json.utf8).withUnsafeBufferPointer { buffer in
      guard scanner.scan(buffer) else { return false }
      let record = Record(
        bytes: buffer, members: scanner.members, objectRange: scanner.objectRange, source: "t", line: 1)
      return filter.keeps(record)
    }
  }

  @Test("a condition about another kind does not match it, and --invert flips the result")
  func kinds() throws {
    var dead = FilterCriteria()
    dead.dead = true
    #expect(try keeps(dead, #"{"object":"contact","is_dead":true}"#))
    #expect(try !keeps(dead, #"{"object":"note","is_dead":true}"#))
    dead.invert = true
    #expect(try keeps(dead, #"{"object":"note","is_dead":true}"#))
  }

  @Test("bad criteria are usage errors")
  func usage() {
    var criteria = FilterCriteria()
    criteria.wheres = ["a~("]
    #expect(throws: MonicaError.usage("--where: '(' is not a valid regular expression")) { try RecordFilter(criteria) }
    criteria = FilterCriteria()
    criteria.since = "2024-1-1"
    #expect(throws: MonicaError.self) { try RecordFilter(criteria) }
  }
}
