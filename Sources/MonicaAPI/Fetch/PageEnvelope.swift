import Foundation
import MonicaKit

/// One API answer taken apart without rebuilding it: where each record of `data` sits in the
/// body, and the page numbers of `meta`.
///
/// Records are written from these byte ranges, so they go out exactly as the server sent them:
/// keys, order, number literals and escapes such as `\/` and `\u00e9` included.
package struct PageEnvelope: Sendable {
  /// The body as received.
  package let body: Data
  /// The byte range of each record in `body`, in order.
  package let records: [Range<Int>]
  /// `meta.current_page`, when the answer is a page.
  package let currentPage: Int?
  /// `meta.last_page`, when the answer is a page.
  package let lastPage: Int?
  /// `meta.total`, when the answer is a page.
  package let total: Int?

  /// Scans `body`: a page `{"data":[…],"meta":{…}}`, one record `{"data":{…}}`, or a bare record
  /// (`{"object":"user",…}`). Anything else is a protocol violation (76) about `request`.
  package init(_ body: Data, request: String) throws(MonicaError) {
    self.body = body
    let scanned = body.withUnsafeBytes { raw in
      Result { () throws(JSONSyntaxError) in try Self.scan(raw.bindMemory(to: UInt8.self)) }
    }
    switch scanned {
    case .success(let parts):
      guard let records = parts.records else {
        throw .protocolViolation(
          request: request, detail: "the response is JSON but has no \"data\": not a Monica 4.x answer")
      }
      self.records = records
      currentPage = parts.meta?["current_page"]?.intValue
      lastPage = parts.meta?["last_page"]?.intValue
      total = parts.meta?["total"]?.intValue
    case .failure(let error):
      throw .protocolViolation(request: request, detail: "the response is not valid JSON: \(error.description)")
    }
  }

  /// Calls `body` with each record's bytes in turn; `body` returns false to stop early.
  package func forEachRecord<E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Bool) throws(E) {
    let outcome: Result<Void, E> = self.body.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      return Result { () throws(E) in
        for range in records where !(try body(UnsafeBufferPointer(rebasing: bytes[range]))) { return }
      }
    }
    try outcome.get()
  }

  /// The string value of a record's top-level `key` (such as `updated_at`), or `nil`.
  package static func topLevelString(_ key: String, in record: UnsafeBufferPointer<UInt8>) -> String? {
    topLevelValue(key, in: record)?.stringValue
  }

  /// The value of a record's top-level `key`, or `nil`; the keys after it are not read.
  package static func topLevelValue(_ key: String, in record: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    var parser = JSONParser(record)
    do {
      try parser.enterObject()
      var first = true
      while let name = try parser.nextKey(first: first) {
        first = false
        if name == key { return try parser.parseValue() }
        _ = try parser.skipValue()
      }
    } catch {
      return nil
    }
    return nil
  }

  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> (
    records: [Range<Int>]?, meta: JSONValue?
  ) {
    var parser = JSONParser(bytes)
    try parser.enterObject()
    var records: [Range<Int>]?
    var meta: JSONValue?
    var sawObjectKey = false
    var first = true
    while let key = try parser.nextKey(first: first) {
      first = false
      switch key {
      case "data":
        records = try dataRecords(&parser, bytes)
      case "meta":
        meta = try parser.parseValue()
      default:
        if key == "object" { sawObjectKey = true }
        _ = try parser.skipValue()
      }
    }
    try parser.expectEnd()
    // `/api/me` may come without the `data` wrapper: then the body is the record.
    if records == nil && sawObjectKey { records = [trimmed(bytes)] }
    return (records, meta)
  }

  private static func dataRecords(_ parser: inout JSONParser, _ bytes: UnsafeBufferPointer<UInt8>)
    throws(JSONSyntaxError) -> [Range<Int>]?
  {
    // Peek at the value's first byte; the parser reports truncation itself below.
    var start = parser.index
    while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
    switch start < bytes.count ? bytes[start] : 0 {
    case UInt8(ascii: "{"):
      // One record starts with its "id"; an object whose members are objects is a list keyed by
      // id, as `/api/countries` sends its countries (Misc/ApiCountryController.php:20-27).
      let whole = try parser.skipValue()
      var inner = JSONParser(UnsafeBufferPointer(rebasing: bytes[whole]))
      var keyed: [Range<Int>] = []
      try inner.enterObject()
      var first = true
      while try inner.nextKey(first: first) != nil {
        first = false
        let value = try inner.skipValue()
        guard bytes[whole.lowerBound + value.lowerBound] == UInt8(ascii: "{") else { return [whole] }
        keyed.append((whole.lowerBound + value.lowerBound)..<(whole.lowerBound + value.upperBound))
      }
      return keyed.isEmpty ? [whole] : keyed
    case UInt8(ascii: "["):
      var records: [Range<Int>] = []
      records.reserveCapacity(100)
      try parser.enterArray()
      var first = true
      while try parser.nextElement(first: first) {
        first = false
        let element = try parser.skipValue()
        guard bytes[element.lowerBound] == UInt8(ascii: "{") else { return nil }
        records.append(element)
      }
      return records
    default:
      _ = try parser.skipValue()
      return nil
    }
  }

  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var lower = 0
    var upper = bytes.count
    while lower < upper, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[lower]) { lower += 1 }
    while upper > lower, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[upper - 1]) { upper -= 1 }
    return lower..<upper
  }
}
