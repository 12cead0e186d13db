import Crypto
import Foundation
import _CryptoExtras

/// The encrypted credential file of one profile, format version 1.
///
/// ```
/// offset  size  field
///  0       8    magic "MONICACR"
///  8       1    format version (1)
///  9       1    key mode: 1 = random key in a key file, 2 = scrypt passphrase
/// 10       1    scrypt log2(N)   (0 in key-file mode)
/// 11       4    scrypt r, big-endian (0 in key-file mode)
/// 15       4    scrypt p, big-endian (0 in key-file mode)
/// 19      16    scrypt salt (zeros in key-file mode)
/// 35      16    key check: HMAC-SHA256(key, "monica key check v1"), first 16 bytes
/// 51       2    length L of the instance URL, big-endian
/// 53       L    instance URL, UTF-8
/// 53+L    12    AES-GCM nonce
/// 65+L     …    AES-256-GCM ciphertext of the JSON payload, then its 16-byte tag
/// ```
/// The associated data is every byte before the nonce followed by the profile name, so a file
/// copied to another profile, pointed at another instance, or edited anywhere does not decrypt.
/// The key check tells a wrong passphrase (or a key file that is not this file's) from an altered
/// file; it reveals no more than the ciphertext already does to someone guessing passphrases.
package struct CredentialFile: Sendable, Equatable {
  /// How the file's key is kept.
  package enum KeyMode: Sendable, Equatable {
    /// A random 256-bit key in a separate key file.
    case keyFile
    /// A key derived from a passphrase with scrypt.
    case passphrase(ScryptParameters)
  }

  /// scrypt's cost parameters and salt, stored in the header.
  package struct ScryptParameters: Sendable, Equatable {
    package var log2N: UInt8
    package var r: UInt32
    package var p: UInt32
    package var salt: [UInt8]

    /// The toolset's parameters: N = 2^15, r = 8, p = 1, a fresh 16-byte salt.
    package static func fresh() -> ScryptParameters {
      var generator = SystemRandomNumberGenerator()
      return ScryptParameters(log2N: 15, r: 8, p: 1, salt: (0..<16).map { _ in generator.next() })
    }

    /// Whether these are the cost parameters `fresh()` gives (any salt).
    package var isWhatThisToolWrites: Bool { log2N == 15 && r == 8 && p == 1 && salt.count == 16 }

    /// The key scrypt derives from `passphrase` with these parameters.
    package func deriveKey(_ passphrase: String) throws(MonicaError) -> SymmetricKey {
      do {
        return try KDF.Scrypt.deriveKey(
          from: Array(passphrase.utf8), salt: salt, outputByteCount: 32, rounds: 1 << Int(log2N),
          blockSize: Int(r), parallelism: Int(p))
      } catch {
        throw .internalError("scrypt failed: \(error)")
      }
    }
  }

  /// The secret part: only ever held in memory.
  package struct Payload: Sendable, Equatable {
    package var token: String
    package var userName: String
    package var userEmail: String
    package var userID: Int?

    package init(token: String, userName: String, userEmail: String, userID: Int?) {
      self.token = token
      self.userName = userName
      self.userEmail = userEmail
      self.userID = userID
    }

    var json: JSONValue {
      .object(
        JSONObject([
          "token": .string(token),
          "user": .object(
            JSONObject([
              "id": userID.map(JSONValue.int) ?? .null, "name": .string(userName), "email": .string(userEmail),
            ])),
        ]))
    }

    init?(_ json: JSONValue) {
      guard let token = json["token"]?.stringValue else { return nil }
      self.token = token
      userName = json["user"]?["name"]?.stringValue ?? ""
      userEmail = json["user"]?["email"]?.stringValue ?? ""
      userID = json["user"]?["id"]?.intValue
    }
  }

  private static let magic = Array("MONICACR".utf8)
  private static let version: UInt8 = 1
  private static let checkLabel = Array("monica key check v1".utf8)

  /// The key mode and its parameters.
  package let mode: KeyMode
  /// The instance, readable without the key (for `monica-auth list`) but bound by the tag.
  package let instance: String
  private let keyCheck: [UInt8]
  /// The header exactly as written: it is the associated data, so every byte of it counts.
  private let header: [UInt8]
  private let nonce: [UInt8]
  private let sealed: [UInt8]

  /// Encrypts `payload` for `profile` at `instance` with `key`.
  package static func seal(
    _ payload: Payload, profile: String, instance: String, mode: KeyMode, key: SymmetricKey
  ) throws(MonicaError) -> CredentialFile {
    let header = Self.header(mode: mode, instance: instance, keyCheck: Self.keyCheck(key))
    do {
      let plain = JSONWriter.plain.bytes(payload.json)
      let box = try AES.GCM.seal(
        plain, using: key, nonce: AES.GCM.Nonce(), authenticating: header + Array(profile.utf8))
      return CredentialFile(
        mode: mode, instance: instance, keyCheck: Self.keyCheck(key), header: header, nonce: Array(box.nonce),
        sealed: Array(box.ciphertext) + Array(box.tag))
    } catch {
      throw .internalError("AES-GCM sealing failed: \(error)")
    }
  }

  /// The file's bytes.
  package var bytes: [UInt8] { header + nonce + sealed }

  /// Reads a file's bytes; `nil` when they are not a well-formed version 1 file.
  package init?(bytes: [UInt8]) {
    guard bytes.count > 53 + 12 + 16, Array(bytes[0..<8]) == Self.magic, bytes[8] == Self.version else {
      return nil
    }
    let urlLength = Int(bytes[51]) << 8 | Int(bytes[52])
    guard bytes.count >= 53 + urlLength + 12 + 16,
      let instance = String(validating: bytes[53..<53 + urlLength], as: UTF8.self)
    else { return nil }
    switch bytes[9] {
    case 1: mode = .keyFile
    case 2:
      mode = .passphrase(
        ScryptParameters(
          log2N: bytes[10], r: Self.uint32(bytes[11..<15]), p: Self.uint32(bytes[15..<19]), salt: Array(bytes[19..<35]))
      )
    default: return nil
    }
    // The header is read before anything authenticates it: scrypt's cost must not be the
    // file's to choose (N=2^20, r=32, p=16 costs ~4 GB and a minute), so only what this tool
    // writes is accepted.
    if case .passphrase(let parameters) = mode, !parameters.isWhatThisToolWrites { return nil }
    self.instance = instance
    keyCheck = Array(bytes[35..<51])
    header = Array(bytes[0..<53 + urlLength])
    nonce = Array(bytes[53 + urlLength..<65 + urlLength])
    sealed = Array(bytes[(65 + urlLength)...])
  }

  /// The version a file says it has, to tell a newer format from damage.
  package static func version(of bytes: [UInt8]) -> UInt8? {
    bytes.count > 8 && Array(bytes[0..<8]) == magic ? bytes[8] : nil
  }

  /// Whether `key` is the key this file was sealed with (a wrong passphrase fails here).
  package func matches(_ key: SymmetricKey) -> Bool {
    Self.keyCheck(key) == keyCheck
  }

  /// Decrypts the payload; `nil` when the file was altered or belongs to another profile.
  package func open(profile: String, key: SymmetricKey) -> Payload? {
    guard sealed.count >= 16, let nonce = try? AES.GCM.Nonce(data: nonce) else { return nil }
    let associated = header + Array(profile.utf8)
    guard
      let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: sealed.dropLast(16), tag: sealed.suffix(16)),
      let plain = try? AES.GCM.open(box, using: key, authenticating: associated),
      let json = try? JSONValue(parsing: plain)
    else { return nil }
    return Payload(json)
  }

  private init(mode: KeyMode, instance: String, keyCheck: [UInt8], header: [UInt8], nonce: [UInt8], sealed: [UInt8]) {
    self.mode = mode
    self.instance = instance
    self.keyCheck = keyCheck
    self.header = header
    self.nonce = nonce
    self.sealed = sealed
  }

  private static func header(mode: KeyMode, instance: String, keyCheck: [UInt8]) -> [UInt8] {
    var header = magic + [version]
    switch mode {
    case .keyFile:
      header += [1, 0] + [UInt8](repeating: 0, count: 8 + 16)
    case .passphrase(let parameters):
      header += [2, parameters.log2N] + bigEndian(parameters.r) + bigEndian(parameters.p) + parameters.salt
    }
    let url = Array(instance.utf8.prefix(0xFFFF))
    return header + keyCheck + [UInt8(url.count >> 8), UInt8(url.count & 0xFF)] + url
  }

  private static func keyCheck(_ key: SymmetricKey) -> [UInt8] {
    Array(HMAC<SHA256>.authenticationCode(for: checkLabel, using: key).prefix(16))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  private static func uint32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reduce(0) { $0 << 8 | UInt32($1) }
  }
}
