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

  @Test("--contact follows each kind's references to contacts, from the catalogue")
  func aboutContact() throws {
    var criteria = FilterCriteria()
    criteria.contact = 7
    #expect(try keeps(criteria, #"{"object":"relationship","contact_is":{"id":3},"of_contact":{"id":7}}"#))
    #expect(try keeps(criteria, #"{"object":"activity","attendees":{"contacts":[{"id":2},{"id":7}]}}"#))
    #expect(try keeps(criteria, #"{"object":"auditlog","objects":{"contact_id":7}}"#))
    #expect(try keeps(criteria, #"{"object":"gift","contact":{"id":1},"recipient":{"id":7}}"#))
    #expect(try !keeps(criteria, #"{"object":"call","contact":{"id":8}}"#))
    #expect(try !keeps(criteria, #"{"object":"contactfield","contact":{"id":1},"contact_field_type":{"id":7}}"#))
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
