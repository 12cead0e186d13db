/// Decodes a `data:` URL as it stands in a JSON answer, quotes and escapes included, fed piece by
/// piece: a photo's `dataUrl` goes from the page (in memory or in its temporary file) straight
/// into one array of at most `limit` bytes, never through a `String` of its text or a second
/// copy of its base64 (13 MB for a 10 MB photo).
///
/// Laravel writes `/` as `\/` (json_encode without JSON_UNESCAPED_SLASHES), so that escape is
/// read here; any other escape has no place in base64, and `needsUnescaping` says to read the
/// value as a JSON string and `DataURL.decode` it instead.
package struct DataURLDecoder {
  /// The most bytes decoded: more is "larger than 10 MB".
  package let limit: Int
  private var head: [UInt8] = []
  private var started = false
  private var inPayload = false
  private var ended = false
  private var escaped = false
  private var bytes: [UInt8] = []
  private var group: UInt32 = 0
  private var filled = 0
  private var padding = 0
  private var failure: DataURLFailure?

  /// Why no bytes came of the value other than its text: it holds an escape other than `\/`.
  package static let needsUnescaping = DataURLFailure(reason: "a data: URL with escapes")

  /// A decoder of a value about `length` bytes long (to size its array once).
  package init(length: Int, limit: Int = ImageKind.byteLimit) {
    self.limit = limit
    bytes.reserveCapacity(min(length / 4 * 3 + 3, limit + 3))
  }

  /// Whether the value is known to give no image already (the rest need not be read).
  package var failed: Bool { failure != nil }

  /// Feeds the next bytes of the JSON value.
  package mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
    for byte in chunk {
      guard failure == nil, !ended else { return }
      if !started {
        started = true
        if byte == UInt8(ascii: "\"") { continue }
        failure = DataURLFailure(reason: "not a data: URL")
        return
      }
      var byte = byte
      if escaped {
        escaped = false
        guard byte == UInt8(ascii: "/") else {
          failure = Self.needsUnescaping
          return
        }
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
        continue
      } else if byte == UInt8(ascii: "\"") {
        ended = true
        return
      }
      if inPayload {
        payload(byte)
      } else if byte == UInt8(ascii: ",") {
        inPayload = true
        checkHead()
      } else if head.count < 256 {
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
        head.append(byte)
      } else {
        failure = DataURLFailure(reason: "not a data: URL")
      }
    }
  }

  /// The decoded bytes, or why there are none.
  package mutating func finish() -> Result<[UInt8], DataURLFailure> {
    if let failure { return .failure(failure) }
    guard ended, inPayload else { return .failure(DataURLFailure(reason: "not a data: URL")) }
    switch (filled, padding) {
    case (0, 0): break
    case (2, 0...2): bytes.append(UInt8(truncatingIfNeeded: group >> 4))
    case (3, 0...1):
      bytes.append(UInt8(truncatingIfNeeded: group >> 10))
      bytes.append(UInt8(truncatingIfNeeded: group >> 2))
    default: return .failure(DataURLFailure(reason: "a data: URL whose base64 does not decode"))
    }
    guard bytes.count <= limit else { return .failure(Self.tooLarge(limit)) }
    return .success(bytes)
  }

  private mutating func checkHead() {
    let text = String(decoding: head, as: UTF8.self)
    if !text.hasPrefix("data:") {
      failure = DataURLFailure(reason: "not a data: URL")
    } else if !text.hasSuffix(";base64") {
      failure = DataURLFailure(reason: "a data: URL that is not base64")
    }
  }

  /// One payload byte: characters outside the alphabet are skipped, as `DataURL.base64` does.
  private mutating func payload(_ byte: UInt8) {
    if byte == UInt8(ascii: "=") {
      padding += 1
      return
    }
    guard let value = DataURL.base64Value(byte) else { return }
    guard padding == 0 else {
      failure = DataURLFailure(reason: "a data: URL whose base64 does not decode")
      return
    }
    group = group << 6 | value
    filled += 1
    guard filled == 4 else { return }
    guard bytes.count <= limit else {
      failure = Self.tooLarge(limit)
      return
    }
    bytes.append(UInt8(truncatingIfNeeded: group >> 16))
    bytes.append(UInt8(truncatingIfNeeded: group >> 8))
    bytes.append(UInt8(truncatingIfNeeded: group))
    group = 0
    filled = 0
  }

  private static func tooLarge(_ limit: Int) -> DataURLFailure {
    DataURLFailure(reason: "larger than \(limit / 1024 / 1024) MB")
  }
}
