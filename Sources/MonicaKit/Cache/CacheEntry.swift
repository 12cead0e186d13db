import Foundation

/// One cached answer as its user sees it once opened: the bytes as received, when they were
/// stored, and a few named values about them (a walk's id, an ETag, a max-age...).
package struct CacheEntry: Sendable, Equatable {
  /// When the bytes were received, to the millisecond.
  package let storedAt: Date
  /// Named values, in the order given; names are unique.
  package let metadata: [(name: String, value: String)]
  /// The bytes, exactly as stored.
  package let body: [UInt8]

  package init(storedAt: Date = Date(), metadata: [(name: String, value: String)] = [], body: [UInt8]) {
    // Milliseconds are what the file keeps; an entry compares equal to itself read back.
    self.storedAt = Date(timeIntervalSince1970: (storedAt.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    self.metadata = metadata
    self.body = body
  }

  /// The value of a metadata name.
  package subscript(name: String) -> String? { metadata.first { $0.name == name }?.value }

  /// Seconds since the entry was stored; an entry from the future (a clock set back) counts as
  /// infinitely old, so that it is never taken for fresh.
  package func age(at now: Date = Date()) -> TimeInterval {
    let age = now.timeIntervalSince(storedAt)
    return age < -60 ? .infinity : max(age, 0)
  }

  /// Whether the entry is at most `ttl` seconds old.
  package func isFresh(within ttl: TimeInterval, at now: Date = Date()) -> Bool { age(at: now) <= ttl }

  package static func == (lhs: CacheEntry, rhs: CacheEntry) -> Bool {
    lhs.storedAt == rhs.storedAt && lhs.body == rhs.body
      && lhs.metadata.map { [$0.name, $0.value] } == rhs.metadata.map { [$0.name, $0.value] }
  }

  /// Most metadata bytes an entry may carry.
  package static let metadataLimit = 64 * 1024

  /// The head segment's plaintext (the body goes in parts of its own):
  /// ```
  /// 8  stored at, milliseconds since 1970, big-endian
  /// 2  number of metadata fields M, big-endian
  ///    M x (2-byte name length, name, 4-byte value length, value), UTF-8
  /// ```
  var head: [UInt8] { Self.head(storedAt: storedAt, metadata: metadata) }

  static func head(storedAt: Date, metadata: [(name: String, value: String)]) -> [UInt8] {
    var bytes: [UInt8] = []
    let milliseconds = UInt64(max(0, (storedAt.timeIntervalSince1970 * 1000).rounded(.down)))
    bytes += bigEndian(milliseconds, width: 8)
    bytes += bigEndian(UInt64(metadata.count), width: 2)
    for (name, value) in metadata {
      let (nameBytes, valueBytes) = (Array(name.utf8), Array(value.utf8))
      bytes += bigEndian(UInt64(nameBytes.count), width: 2) + nameBytes
      bytes += bigEndian(UInt64(valueBytes.count), width: 4) + valueBytes
    }
    return bytes
  }

  /// Whether metadata fits the format and its limit (at most 64 KiB, unique names).
  static func metadataIsValid(_ metadata: [(name: String, value: String)]) -> Bool {
    let size = metadata.reduce(0) { $0 + 6 + $1.name.utf8.count + $1.value.utf8.count }
    return metadata.count <= 0xFFFF && size <= metadataLimit && Set(metadata.map(\.name)).count == metadata.count
      && metadata.allSatisfy { $0.name.utf8.count <= 0xFFFF }
  }

  /// Reads a head back: the time and the metadata; `nil` when it is not one (only segments
  /// that authenticated reach it).
  static func readHead(_ bytes: [UInt8]) -> (storedAt: Date, metadata: [(name: String, value: String)])? {
    var reader = ByteReader(bytes)
    guard let milliseconds = reader.integer(8), milliseconds < UInt64(1) << 53, let count = reader.integer(2)
    else { return nil }
    var metadata: [(name: String, value: String)] = []
    for _ in 0..<count {
      guard let nameLength = reader.integer(2), let name = reader.text(Int(nameLength)),
        let valueLength = reader.integer(4), let value = reader.text(Int(valueLength))
      else { return nil }
      metadata.append((name, value))
    }
    guard reader.rest.isEmpty else { return nil }
    return (Date(timeIntervalSince1970: Double(milliseconds) / 1000), metadata)
  }

  static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(value >> UInt64($0 * 8) & 0xFF) }
  }
}

/// Reads big-endian integers and UTF-8 strings off a byte array, never past its end.
struct ByteReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func integer(_ width: Int) -> UInt64? {
    guard bytes.count - offset >= width else { return nil }
    defer { offset += width }
    return bytes[offset..<offset + width].reduce(0) { $0 << 8 | UInt64($1) }
  }

  mutating func text(_ count: Int) -> String? {
    guard count >= 0, bytes.count - offset >= count else { return nil }
    defer { offset += count }
    return String(validating: bytes[offset..<offset + count], as: UTF8.self)
  }

  var rest: [UInt8] { Array(bytes[offset...]) }
}
