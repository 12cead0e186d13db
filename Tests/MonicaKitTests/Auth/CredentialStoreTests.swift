import Crypto
import Foundation
import Testing

@testable import MonicaKit

/// The store's write order and limits, on files in a temporary HOME.
@Suite struct CredentialStoreTests {
  let instance: InstanceURL
  let root: String
  let store: CredentialStore

  init() throws {
    instance = try InstanceURL("https://m.example")
    root = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID())").path
    store = CredentialStore(environment: ToolEnvironment(variables: ["HOME": root]))
  }

  func payload(_ token: String) -> CredentialFile.Payload {
    CredentialFile.Payload(token: token, userName: "Ann", userEmail: "ann@example.com", userID: 1)
  }

  func token(_ profile: String = "p") throws -> String {
    try store.load(profile: profile) { () throws(MonicaError) in "unused" }.payload.token
  }

  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  func put(_ data: Data, _ path: String) throws {
    try data.write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
  }

  @Test("a crash at any step of a re-login leaves a profile that opens: old or new, never neither")
  func crashBetweenWrites() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    try store.save(payload("old"), profile: "p", instance: instance, passphrase: nil)
    let (oldFile, oldKey) = (try bytes(store.credentialPath("p")), try bytes(store.keyPath("p")))
    try store.save(payload("new"), profile: "p", instance: instance, passphrase: nil)
    let (newFile, newKey) = (try bytes(store.credentialPath("p")), try bytes(store.keyPath("p")))
    #expect(oldKey.count == 32 && newKey.count == 32 && oldKey != newKey)
    // Stopped after step 1: the old file, both keys.
    try put(oldFile, store.credentialPath("p"))
    try put(oldKey + newKey, store.keyPath("p"))
    #expect(try token() == "old")
    // Stopped after step 2: the new file, both keys.
    try put(newFile, store.credentialPath("p"))
    #expect(try token() == "new")
    // A key file of anything else is damage, not a key.
    try put(oldKey + newKey + newKey, store.keyPath("p"))
    #expect(throws: MonicaError.self) { _ = try token() }
  }

  @Test("scrypt costs other than the tool's own are refused before any work")
  func scryptParameters() throws {
    let parameters = CredentialFile.ScryptParameters.fresh()
    let key = try parameters.deriveKey("pass")
    let good = try CredentialFile.seal(
      payload("t"), profile: "p", instance: "https://m.example", mode: .passphrase(parameters), key: key
    ).bytes
    #expect(CredentialFile(bytes: good) != nil)
    for (log2N, r, p): (UInt8, UInt32, UInt32) in [(20, 32, 16), (16, 8, 1), (15, 9, 1), (15, 8, 2), (14, 8, 1)] {
      var edited = good
      edited[10] = log2N
      edited[11..<15] = [UInt8(r >> 24), UInt8(r >> 16 & 0xFF), UInt8(r >> 8 & 0xFF), UInt8(r & 0xFF)]
      edited[15..<19] = [UInt8(p >> 24), UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)]
      let started = ContinuousClock.now
      #expect(CredentialFile(bytes: edited) == nil, "N=2^\(log2N) r=\(r) p=\(p)")
      #expect(ContinuousClock.now - started < .milliseconds(100))
    }
  }

  @Test("a default-profile that is not a profile name is refused, not used as a path")
  func plantedDefault() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    try SecureFiles.makePrivateDirectory(store.configDirectory)
    for name in ["../../etc/x", "evil\u{1B}[31m", ".hidden"] {
      try put(Data((name + "\n").utf8), store.configDirectory + "/default-profile")
      #expect(throws: MonicaError.self) { _ = try store.defaultProfile() }
    }
  }
}

extension CredentialStoreTests {
  @Test("logging out of one of two profiles when neither is the default makes the one left the default")
  func oneLeftBecomesTheDefault() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    for profile in ["home", "work", "play"] {
      try store.save(payload(profile), profile: profile, instance: instance, passphrase: nil)
    }
    try store.setDefault("home")
    // The default goes with two left: none is chosen.
    #expect(try store.delete(profile: "home") == CredentialStore.DefaultAfterDelete.none)
    #expect(try store.defaultProfile() == nil)
    // Then one of the two goes: the one left is the only instance a tool can mean.
    #expect(try store.delete(profile: "play") == .chose("work"))
    #expect(try store.defaultProfile() == "work")
    // A default that names a profile still there is left alone.
    try store.save(payload("x"), profile: "extra", instance: instance, passphrase: nil)
    try store.save(payload("y"), profile: "other", instance: instance, passphrase: nil)
    #expect(try store.delete(profile: "other") == .unchanged)
    #expect(try store.defaultProfile() == "work")
    #expect(try store.delete(profile: "missing") == nil)
  }
}
