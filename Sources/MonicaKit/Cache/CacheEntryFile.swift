import Crypto
import Foundation

/// The sealed file of one cache entry, format version 1: one file per entry, so that an entry's
/// bytes and what is known about them can never disagree.
///
/// ```
/// offset  size  field
///  0       8    magic "MONICACE"
///  8       1    format version (1)
///  9      12    AES-GCM nonce
/// 21       n    AES-256-GCM ciphertext of the entry (stored-at, metadata, body)
/// 21+n    16    tag
/// ```
/// The associated data is the first 9 bytes followed by the entry's scope (the profile), its
/// namespace, instance and resource, each length-prefixed: a file copied to another name, another
/// profile's directory or another instance's key does not open. The time, the metadata and the
/// body are all inside the ciphertext.
package enum CacheEntryFile {
  private static let magic = Array("MONICACE".utf8)
  private static let version: UInt8 = 1
  /// The bytes a file has besides the sealed entry: header, nonce and tag.
  package static let overhead = 9 + 12 + 16

  /// Seals `entry` for `key` in `namespace` of `scope`.
  package static func seal(
    _ entry: CacheEntry, key: CacheKey, namespace: String, scope: String, keys: CacheKeys
  ) throws(MonicaError) -> [UInt8] {
    let header = magic + [version]
    do {
      let box = try AES.GCM.seal(
        entry.plaintext, using: keys.sealing, nonce: AES.GCM.Nonce(),
        authenticating: associatedData(header, key: key, namespace: namespace, scope: scope))
      return header + Array(box.nonce) + Array(box.ciphertext) + Array(box.tag)
    } catch {
      throw .internalError("AES-GCM sealing failed: \(error)")
    }
  }

  /// Opens a file's bytes; `nil` when they are damaged, altered, or sealed for another key,
  /// namespace, scope or secret.
  package static func open(
    _ bytes: [UInt8], key: CacheKey, namespace: String, scope: String, keys: CacheKeys
  ) -> CacheEntry? {
    guard bytes.count >= overhead, Array(bytes[0..<8]) == magic, bytes[8] == version else { return nil }
    let header = Array(bytes[0..<9])
    guard let nonce = try? AES.GCM.Nonce(data: bytes[9..<21]),
      let box = try? AES.GCM.SealedBox(
        nonce: nonce, ciphertext: bytes[21..<bytes.count - 16], tag: bytes[(bytes.count - 16)...]),
      let plaintext = try? AES.GCM.open(
        box, using: keys.sealing,
        authenticating: associatedData(header, key: key, namespace: namespace, scope: scope))
    else { return nil }
    return CacheEntry(plaintext: Array(plaintext))
  }

  private static func associatedData(_ header: [UInt8], key: CacheKey, namespace: String, scope: String) -> [UInt8] {
    header + CacheKey.field(Array(scope.utf8)) + key.encoded(namespace: namespace)
  }
}
