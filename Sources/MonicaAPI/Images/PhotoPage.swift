import Foundation
import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One page of a photo listing read where it lies, in memory or in the temporary file the
/// transport spooled it to (`HTTPResponse.spooled`), a megabyte at a time: every record carries
/// its image as base64 (Photo.php:30), so a page of 100 may hold up to the 64 MiB API cap, and
/// only the members a reader asks for are ever read, one at a time (a `dataUrl` straight into
/// its decoded image, `PhotoImage`). Memory is thus one record's image whatever the page holds.
struct PhotoPage {
  /// A record's members that were asked for: name, and the bytes of the value in the body.
  typealias Members = [String: Range<Int>]

  /// The answer.
  let response: HTTPResponse
  /// The request, for messages.
  let request: String

  /// The bytes read at once.
  static let chunk = 1 << 20

  /// The body's length.
  var count: Int { response.spooled?.count ?? response.body.count }

  /// The bytes of `range` of the body; nil when the temporary file cannot be read back.
  func read(_ range: Range<Int>) -> Data? {
    if let spooled = response.spooled { return try? spooled.read(range).get() }
    let body = response.body
    guard range.lowerBound >= 0, range.upperBound <= body.count else { return nil }
    return body.subdata(in: (body.startIndex + range.lowerBound)..<(body.startIndex + range.upperBound))
  }

  /// The value of a member of at most `limit` bytes (an id, a link, a date); nil otherwise.
  func value(_ range: Range<Int>?, limit: Int = 1 << 16) -> JSONValue? {
    guard let range, range.count <= limit, let data = read(range) else { return nil }
    return try? JSONValue(parsing: data)
  }

  /// Calls `record` with the members named in `keys` of each record of `data`, in order, and
  /// returns `meta.last_page`; a body that is no page is a protocol violation (76).
  func scan(keys: Set<String>, _ record: (Members) -> Void) throws(MonicaError) -> Int? {
    var scanner = PageScanner(keys: keys)
    var offset = 0
    while offset < count && scanner.failure == nil {
      let end = min(offset + Self.chunk, count)
      guard let data = read(offset..<end) else {
        throw .unavailable(request: request, detail: "the answer kept in a temporary file could not be read back")
      }
      data.withUnsafeBytes { raw in scanner.feed(raw.bindMemory(to: UInt8.self), at: offset, record) }
      offset = end
    }
    if scanner.failure == nil { scanner.finish() }
    if let failure = scanner.failure { throw .protocolViolation(request: request, detail: failure) }
    guard let meta = scanner.meta, case .object(let fields)? = value(meta, limit: 1 << 20) else { return nil }
    return fields["last_page"]?.intValue
  }
}

/// Finds the records of a page's `data` list and their top-level members in a body fed in
/// pieces, keeping nothing of it but the ranges of the members asked for. It checks the
/// structure (nesting, strings, commas and colons between values, nothing after the end), not
/// the literals: each member is parsed when it is read, so its value is checked then.
struct PageScanner {
  let keys: Set<String>
  private(set) var failure: String?
  /// The range of `meta`'s object.
  private(set) var meta: Range<Int>?

  private var depth = 0
  private var started = false
  private var ended = false
  private var inString = false
  /// Backslashes just before the end of the last piece, inside a string.
  private var carried = 0
  private var capturing = false
  private var keyBytes: [UInt8] = []
  private var expectKey = false
  private var topKey: String?
  private var memberKey: String?
  private var topValuePending = false
  private var memberValuePending = false
  private var memberStart: Int?
  private var metaStart: Int?
  private var inData = false
  private var sawData = false
  private var members: PhotoPage.Members = [:]
  /// Just past the last byte that was not white space.
  private var lastSignificant = 0
  /// A value (or a key) has just ended: a comma, a colon or a closing bracket comes next.
  private var afterValue = false
  /// A container has just opened: it may close at once.
  private var justOpened = false
  /// Inside a number or a literal.
  private var inScalar = false

  init(keys: Set<String>) { self.keys = keys }

  /// Takes the next bytes, which start at `base` in the body.
  mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, at base: Int, _ record: (PhotoPage.Members) -> Void) {
    guard let start = bytes.baseAddress else { return }
    var index = 0
    while index < bytes.count && failure == nil {
      if inString {
        index = string(bytes, start, from: index, base: base)
        continue
      }
      let byte = bytes[index]
      index += 1
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        if inScalar { (inScalar, afterValue) = (false, true) }
        continue
      }
      structural(byte, at: base + index - 1, record)
    }
  }

  /// Checks that the body ended where its object did.
  mutating func finish() {
    if !ended || inString {
      failure = "the response is not valid JSON: it ends early"
    } else if !sawData {
      failure = "the response is JSON but has no \"data\" list: not a Monica 4.x page"
    }
  }

  /// Reads a string from `index` to its closing quote (or the piece's end); where to go on.
  private mutating func string(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: UnsafePointer<UInt8>, from index: Int, base: Int
  ) -> Int {
    let backslash = UInt8(ascii: "\\")
    guard let found = memchr(start + index, Int32(UInt8(ascii: "\"")), bytes.count - index) else {
      keep(bytes, index..<bytes.count)
      var run = 0
      var back = bytes.count - 1
      while back >= index && bytes[back] == backslash { (run, back) = (run + 1, back - 1) }
      carried = back < index ? carried + run : run
      return bytes.count
    }
    let quote = start.distance(to: UnsafePointer(found.assumingMemoryBound(to: UInt8.self)))
    var run = 0
    var back = quote - 1
    while back >= index && bytes[back] == backslash { (run, back) = (run + 1, back - 1) }
    if back < index { run += carried }
    carried = 0
    if run % 2 == 1 {
      keep(bytes, index..<(quote + 1))
      return quote + 1
    }
    keep(bytes, index..<quote)
    inString = false
    afterValue = true
    lastSignificant = base + quote + 1
    if capturing {
      capturing = false
      expectKey = false
      let key = String(decoding: keyBytes, as: UTF8.self)
      if depth == 1 { topKey = key } else { memberKey = key }
    }
    return quote + 1
  }

  /// Keeps the bytes of a key being read (keys worth knowing are short).
  private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    guard capturing, keyBytes.count <= 64 else { return }
    keyBytes.append(contentsOf: bytes[range.lowerBound..<min(range.upperBound, range.lowerBound + 65)])
  }

  private mutating func structural(_ byte: UInt8, at offset: Int, _ record: (PhotoPage.Members) -> Void) {
    defer { lastSignificant = offset + 1 }
    guard started else {
      started = true
      depth = 1
      (expectKey, justOpened) = (true, true)
      if byte != UInt8(ascii: "{") { failure = "the response is JSON but has no \"data\" list: not a Monica 4.x page" }
      return
    }
    guard !ended else {
      failure = "the response is not valid JSON: text after its end"
      return
    }
    let scalar = !Self.structural.contains(byte)
    if inScalar && !scalar { (inScalar, afterValue) = (false, true) }
    if scalar && !inScalar || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
      // A value starts: only where one may.
      guard !afterValue else { return invalid("a comma is missing between two values") }
    } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") {
      guard afterValue else { return invalid("\(Character(UnicodeScalar(byte))) where a value belongs") }
    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
      guard afterValue || justOpened else { return invalid("a value is missing before a closing bracket") }
    }
    justOpened = false
    let inRecord = inData && depth == 3
    if topValuePending && depth == 1 {
      topValuePending = false
      if topKey == "data" {
        guard byte == UInt8(ascii: "[") else {
          failure = "the response's \"data\" is no list: not a Monica 4.x page"
          return
        }
        (inData, sawData) = (true, true)
      } else if topKey == "meta" {
        metaStart = offset
      }
    }
    if memberValuePending && inRecord {
      memberValuePending = false
      memberStart = offset
    }
    switch byte {
    case UInt8(ascii: "\""):
      afterValue = false
      inString = true
      carried = 0
      capturing = expectKey && (depth == 1 || inRecord)
      keyBytes.removeAll(keepingCapacity: true)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      if inData && depth == 2 {
        guard byte == UInt8(ascii: "{") else {
          failure = "a record of the response's \"data\" is not an object"
          return
        }
        members = [:]
        (expectKey, memberKey, memberStart) = (true, nil, nil)
      }
      depth += 1
      (justOpened, afterValue) = (true, false)
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      if inRecord {
        endMember()
        record(members)
        members = [:]
      } else if inData && depth == 2 {
        inData = false
      }
      depth -= 1
      if depth == 1, let metaStart, meta == nil { meta = metaStart..<(offset + 1) }
      if depth == 0 { ended = true }
      afterValue = true
    case UInt8(ascii: ","):
      afterValue = false
      if depth == 1 { expectKey = true }
      if inRecord {
        endMember()
        expectKey = true
      }
    case UInt8(ascii: ":"):
      afterValue = false
      if depth == 1 { topValuePending = true }
      if inRecord { memberValuePending = true }
    default:
      inScalar = true
      if inData && depth == 2 { failure = "a record of the response's \"data\" is not an object" }
    }
  }

  /// The bytes that are no part of a number or a literal.
  private static let structural: Set<UInt8> = Set("{}[],:\"".utf8)

  private mutating func invalid(_ why: String) {
    failure = "the response is not valid JSON: \(why)"
  }

  private mutating func endMember() {
    if let memberKey, let memberStart, keys.contains(memberKey), lastSignificant > memberStart {
      members[memberKey] = memberStart..<lastSignificant
    }
    (memberKey, memberStart) = (nil, nil)
  }
}
