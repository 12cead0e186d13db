import Crypto
import Foundation

/// The two keys of one cache scope (a profile, or the environment's token), derived with
/// HKDF-SHA256 from the scope's secret: the profile's key-file key, or the token for environment
/// credentials and passphrase profiles (whose key exists only while the passphrase is known).
///
/// One key seals entries (AES-256-GCM); the other names their files (HMAC-SHA256), so that a file
/// name reveals neither the path nor the query it holds, and names cannot be guessed without the
/// secret. Different scopes, and different secrets, give unrelated keys.
///
/// `@unchecked`: `SymmetricKey` is not marked `Sendable`, but these are constants, only read.
package struct CacheKeys: @unchecked Sendable {
  /// Seals and opens entries.
  package let sealing: SymmetricKey
  /// Names entry files.
  package let naming: SymmetricKey

  private static let salt = Array("monica cache v1".utf8)

  /// The keys of `scope` (such as `profile home`) derived from `secret`.
  package init(secret: [UInt8], scope: String) {
    let material = SymmetricKey(data: secret)
    func derive(_ label: String) -> SymmetricKey {
      HKDF<SHA256>.deriveKey(
        inputKeyMaterial: material, salt: Self.salt, info: Array(label.utf8) + [0] + Array(scope.utf8),
        outputByteCount: 32)
    }
    sealing = derive("entries")
    naming = derive("file names")
  }

  /// The file name of an entry: 32 hex digits of a keyed hash of its namespace and key.
  package func fileName(_ key: CacheKey, namespace: String) -> String {
    let code = HMAC<SHA256>.authenticationCode(for: key.encoded(namespace: namespace), using: naming)
    return Self.hex(Array(code.prefix(16)))
  }

  /// The directory name of the environment credentials' cache: 16 hex digits derived from the
  /// token alone, so that the token's own cache is found again without a file saying where.
  package static func environmentDirectoryName(token: String) -> String {
    let key = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: Array(token.utf8)), salt: salt, info: Array("directory".utf8),
      outputByteCount: 8)
    return ".env-" + hex(key.withUnsafeBytes { Array($0) })
  }

  /// `bytes` as lower-case hexadecimal, two digits a byte (a digest's name for a file or a key).
  package static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}

/// What an entry answers for: the instance and, within it, the resource (for responses the
/// request URL with its path and query; for images their source). The profile is the scope's.
package struct CacheKey: Sendable, Hashable {
  /// The instance, as `InstanceURL.instance` has it.
  package let instance: String
  /// The resource within the instance.
  package let resource: String

  package init(instance: String, resource: String) {
    self.instance = instance
    self.resource = resource
  }

  /// The key's bytes with its namespace, each part length-prefixed so that no two keys share an
  /// encoding: hashed for the file name, authenticated with the entry.
  func encoded(namespace: String) -> [UInt8] {
    Self.field(Array(namespace.utf8)) + Self.field(Array(instance.utf8)) + Self.field(Array(resource.utf8))
  }

  static func field(_ bytes: [UInt8]) -> [UInt8] {
    let count = UInt32(clamping: bytes.count)
    return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + bytes
  }
}
