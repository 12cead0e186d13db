import Crypto
import Foundation

/// The sealed file of one cache entry, format version 1: one file per entry, so that what was
/// stored together (the pages of a listing, an image and its ETag) can never disagree, and
/// parallel writers of an entry leave one whole entry, the last one.
///
/// ```
/// offset  size  field
///  0       8    magic "MONICACE"
///  8       1    format version (1)
///  9       …    segments, each:
///                 1   kind: 0 head, 1 part, 2 trailer
///                 4   length n of the ciphertext, big-endian
///                12   AES-GCM nonce (random)
///                 n   AES-256-GCM ciphertext
///                16   tag
/// ```
/// The head (first segment) holds the time the entry was stored and its metadata; then come its
/// parts (the pages of a listing, or one body); the trailer (last segment) holds the number of
/// parts and whether the entry is complete (a listing read to its last page). Segment i's
/// associated data is the 9 header bytes, the entry's scope (the profile), namespace, instance
/// and resource (each length-prefixed), i (4 bytes) and its kind: a segment moved to another
/// place, file, key or profile, a file cut short or extended, or one sealed with other keys does
/// not open. Everything but the segments' kinds and lengths is inside the ciphertexts.
package enum CacheEntryFile {
  /// The magic and version that begin every file.
  package static let header = Array("MONICACE".utf8) + [1]
  /// The bytes a segment adds to its plaintext.
  package static let segmentOverhead = 1 + 4 + 12 + 16
  /// The largest plaintext of one segment (a page of a listing, a whole image): an API answer's
  /// cap, `BodyLimits.apiAnswer`.
  package static let partLimit = BodyLimits.apiAnswer
  /// The most parts an entry has (65,536 pages of 100 records).
  package static let partCountLimit = 1 << 16

  /// What a segment holds.
  package enum Kind: UInt8, Sendable {
    case head = 0
    case part = 1
    case trailer = 2
  }

  /// The associated data every segment of an entry starts with.
  package static func context(key: CacheKey, namespace: String, scope: String) -> [UInt8] {
    header + CacheKey.field(Array(scope.utf8)) + key.encoded(namespace: namespace)
  }

  /// Seals segment `index` of `kind`.
  package static func seal(
    _ plaintext: [UInt8], kind: Kind, index: UInt32, context: [UInt8], keys: CacheKeys
  ) throws(MonicaError) -> [UInt8] {
    do {
      let box = try AES.GCM.seal(
        plaintext, using: keys.sealing, nonce: AES.GCM.Nonce(),
        authenticating: associatedData(context, kind: kind, index: index))
      let length = UInt32(box.ciphertext.count)
      return [kind.rawValue] + CacheEntry.bigEndian(UInt64(length), width: 4) + Array(box.nonce)
        + Array(box.ciphertext) + Array(box.tag)
    } catch {
      throw .internalError("AES-GCM sealing failed: \(error)")
    }
  }

  /// Opens a segment's nonce, ciphertext and tag (everything after its length); `nil` when it
  /// does not authenticate as segment `index` of `kind`.
  package static func open(
    _ sealed: ArraySlice<UInt8>, kind: Kind, index: UInt32, context: [UInt8], keys: CacheKeys
  ) -> [UInt8]? {
    guard sealed.count >= 12 + 16, let nonce = try? AES.GCM.Nonce(data: sealed.prefix(12)),
      let box = try? AES.GCM.SealedBox(
        nonce: nonce, ciphertext: sealed.dropFirst(12).dropLast(16), tag: sealed.suffix(16)),
      let plaintext = try? AES.GCM.open(
        box, using: keys.sealing, authenticating: associatedData(context, kind: kind, index: index))
    else { return nil }
    return Array(plaintext)
  }

  /// The trailer's plaintext: the number of parts, and 1 when the entry is complete.
  static func trailer(parts: Int, complete: Bool) -> [UInt8] {
    CacheEntry.bigEndian(UInt64(parts), width: 4) + [complete ? 1 : 0]
  }

  /// Reads a trailer back: the number of parts and whether the entry is complete.
  static func readTrailer(_ bytes: [UInt8]) -> (parts: Int, complete: Bool)? {
    guard bytes.count == 5, bytes[4] <= 1 else { return nil }
    return (Int(bytes[0..<4].reduce(0) { $0 << 8 | UInt32($1) }), bytes[4] == 1)
  }

  private static func associatedData(_ context: [UInt8], kind: Kind, index: UInt32) -> [UInt8] {
    context + CacheEntry.bigEndian(UInt64(index), width: 4) + [kind.rawValue]
  }
}
