import Crypto
import Foundation
import Testing

@testable import MonicaKit

/// Key derivation and file names.
@Suite struct CacheKeysTests {
  let secret: [UInt8] = Array(repeating: 3, count: 32)
  let key = CacheKey(instance: "https://m.example", resource: "https://m.example/api/contacts?query=Ann")

  @Test("the same secret and scope give the same keys; another scope or secret, unrelated ones")
  func derivation() {
    let home = CacheKeys(secret: secret, scope: "profile home")
    let again = CacheKeys(secret: secret, scope: "profile home")
    let work = CacheKeys(secret: secret, scope: "profile work")
    let other = CacheKeys(secret: Array(repeating: 4, count: 32), scope: "profile home")
    let bytes = { (keys: CacheKeys) in keys.sealing.withUnsafeBytes { Array($0) } }
    #expect(bytes(home) == bytes(again))
    #expect(bytes(home) != bytes(work) && bytes(home) != bytes(other))
    #expect(bytes(home) != home.naming.withUnsafeBytes { Array($0) })
    // The secret itself is never used as a key.
    #expect(bytes(home) != secret)
    #expect(home.fileName(key, namespace: "responses") == again.fileName(key, namespace: "responses"))
    #expect(home.fileName(key, namespace: "responses") != work.fileName(key, namespace: "responses"))
    #expect(home.fileName(key, namespace: "responses") != other.fileName(key, namespace: "responses"))
  }

  @Test("file names are 32 hex digits that differ by namespace, instance and resource and reveal none")
  func fileNames() {
    let keys = CacheKeys(secret: secret, scope: "environment")
    let name = keys.fileName(key, namespace: "responses")
    #expect(name.count == 32 && name.allSatisfy { "0123456789abcdef".contains($0) })
    #expect(keys.fileName(key, namespace: "avatars") != name)
    #expect(
      keys.fileName(CacheKey(instance: "https://n.example", resource: key.resource), namespace: "responses") != name)
    #expect(
      keys.fileName(CacheKey(instance: key.instance, resource: key.resource + "&page=2"), namespace: "responses")
        != name)
    // Length-prefixed parts: moving a character from one part to the next is another key.
    let a = CacheKey(instance: "ab", resource: "c")
    let b = CacheKey(instance: "a", resource: "bc")
    #expect(keys.fileName(a, namespace: "x") != keys.fileName(b, namespace: "x"))
  }

  @Test("the environment's cache directory is found again from the token alone and names no token")
  func environmentDirectory() {
    let name = CacheKeys.environmentDirectoryName(token: "token-a")
    #expect(name == CacheKeys.environmentDirectoryName(token: "token-a"))
    #expect(name != CacheKeys.environmentDirectoryName(token: "token-b"))
    #expect(name.hasPrefix(".env-") && name.count == 5 + 16 && !name.contains("token"))
    // Profile names cannot start with a dot: no profile's directory can be this one.
    #expect(throws: MonicaError.self) { try CredentialStore.validate(profile: name) }
  }

  @Test("a TTL needs its unit, so that a bare number stays the record id")
  func timeToLive() {
    #expect(TimeToLive("5m")?.seconds == 300)
    #expect(TimeToLive("0s")?.seconds == 0)
    #expect(TimeToLive("1.5h")?.seconds == 5_400)
    #expect(TimeToLive("2w")?.seconds == 1_209_600)
    #expect(TimeToLive.standard.seconds == 300 && TimeToLive.standard.description == "5m")
    for bad in ["12", "", "m", "-1m", "infs", "nanm", "5x", "4000d", "contacts"] {
      #expect(TimeToLive(bad) == nil, "\(bad)")
    }
  }

  @Test("freshness: an entry is fresh up to its TTL; one stored in the future never is")
  func freshness() {
    let stored = Date(timeIntervalSince1970: 1_000_000)
    let entry = CacheEntry(storedAt: stored, body: [])
    #expect(entry.isFresh(within: 300, at: stored.addingTimeInterval(300)))
    #expect(!entry.isFresh(within: 300, at: stored.addingTimeInterval(300.5)))
    #expect(!entry.isFresh(within: 0, at: stored.addingTimeInterval(0.5)))
    #expect(entry.age(at: stored.addingTimeInterval(-5)) == 0)
    #expect(entry.age(at: stored.addingTimeInterval(-3_600)) == .infinity)
    #expect(!entry.isFresh(within: 1e9, at: stored.addingTimeInterval(-3_600)))
    #expect(DurationText.age(12) == "12 s" && DurationText.age(301) == "5 min")
    #expect(DurationText.age(3 * 3_600 + 59) == "3 h" && DurationText.age(5 * 86_400) == "5 days")
  }
}
