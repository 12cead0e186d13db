import Crypto
import Testing

@testable import MonicaKit

@Suite struct CredentialFileTests {
  let payload = CredentialFile.Payload(token: "tok.en.x", userName: "Ann Lee", userEmail: "ann@example.com", userID: 1)

  @Test("a sealed file opens with its key, profile and instance, and hides the token")
  func roundTrip() throws {
    let key = SymmetricKey(size: .bits256)
    let file = try CredentialFile.seal(
      payload, profile: "home", instance: "https://m.example", mode: .keyFile, key: key)
    let bytes = file.bytes
    #expect(Array(bytes[0..<8]) == Array("MONICACR".utf8) && bytes[8] == 1 && bytes[9] == 1)
    #expect(!String(decoding: bytes, as: UTF8.self).contains("tok.en.x"))
    let read = try #require(CredentialFile(bytes: bytes))
    #expect(read.instance == "https://m.example")
    #expect(read.matches(key))
    #expect(read.open(profile: "home", key: key) == payload)
  }

  @Test("another profile name, an edited instance or a flipped bit do not decrypt")
  func bindsContext() throws {
    let key = SymmetricKey(size: .bits256)
    let bytes = try CredentialFile.seal(
      payload, profile: "home", instance: "https://m.example", mode: .keyFile, key: key
    ).bytes
    #expect(CredentialFile(bytes: bytes)?.open(profile: "work", key: key) == nil)
    var moved = bytes
    let at = 53 + "https://".count
    moved[at] = UInt8(ascii: "n")  // https://n.example: the instance is authenticated
    #expect(CredentialFile(bytes: moved)?.open(profile: "home", key: key) == nil)
    for index in stride(from: 0, to: bytes.count, by: 7) {
      var flipped = bytes
      flipped[index] ^= 0x40
      #expect(CredentialFile(bytes: flipped)?.open(profile: "home", key: key) == nil, "byte \(index)")
    }
    #expect(CredentialFile(bytes: Array(bytes.prefix(60))) == nil)
    #expect(CredentialFile(bytes: []) == nil)
  }

  @Test("passphrase mode stores scrypt's parameters; a wrong passphrase fails the key check")
  func passphrase() throws {
    let parameters = CredentialFile.ScryptParameters.fresh()
    #expect(parameters.log2N == 15 && parameters.r == 8 && parameters.p == 1 && parameters.salt.count == 16)
    let key = try parameters.deriveKey("open sesame")
    let bytes = try CredentialFile.seal(
      payload, profile: "p", instance: "https://m.example", mode: .passphrase(parameters), key: key
    ).bytes
    let read = try #require(CredentialFile(bytes: bytes))
    #expect(read.mode == .passphrase(parameters))
    #expect(read.open(profile: "p", key: try parameters.deriveKey("open sesame")) == payload)
    #expect(!read.matches(try parameters.deriveKey("open sesame!")))
  }
}
