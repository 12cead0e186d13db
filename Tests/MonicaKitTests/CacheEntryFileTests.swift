import Foundation
import Testing

@testable import MonicaKit

/// The sealed entry format: what opens, what must not, and what the bytes on disk reveal.
@Suite struct CacheEntryFileTests {
  let keys = CacheKeys(secret: Array(repeating: 7, count: 32), scope: "profile home")
  let key = CacheKey(
    instance: "https://m.example", resource: "https://m.example/api/contacts?page=1&limit=100&query=Ann")
  let entry = CacheEntry(
    storedAt: Date(timeIntervalSince1970: 1_700_000_000.123_9), metadata: [("walk", "8f3a"), ("etag", "\"v1\"")],
    body: Array(#"{"data":[{"id":1,"first_name":"Annabelle"}],"meta":{"last_page":1}}"#.utf8))

  func sealed() throws -> [UInt8] {
    try CacheEntryFile.seal(entry, key: key, namespace: "responses", scope: "profile home", keys: keys)
  }

  func open(
    _ bytes: [UInt8], key: CacheKey? = nil, namespace: String = "responses", scope: String = "profile home",
    keys: CacheKeys? = nil
  ) -> CacheEntry? {
    CacheEntryFile.open(bytes, key: key ?? self.key, namespace: namespace, scope: scope, keys: keys ?? self.keys)
  }

  @Test("an entry opens as it was sealed: time to the millisecond, metadata in order, body byte for byte")
  func roundTrip() throws {
    let bytes = try sealed()
    #expect(Array(bytes[0..<8]) == Array("MONICACE".utf8) && bytes[8] == 1)
    #expect(bytes.count == entry.plaintext.count + CacheEntryFile.overhead)
    let opened = try #require(open(bytes))
    #expect(opened == entry)
    #expect(opened.storedAt.timeIntervalSince1970 == 1_700_000_000.123)
    #expect(opened["walk"] == "8f3a" && opened["etag"] == "\"v1\"" && opened["none"] == nil)
    // Binary bodies (images) and empty ones too.
    let image = CacheEntry(body: (0...255).map { UInt8($0) } + [0, 0xFF, 0x0A])
    let empty = CacheEntry(body: [])
    for other in [image, empty] {
      let bytes = try CacheEntryFile.seal(other, key: key, namespace: "avatars", scope: "environment", keys: keys)
      #expect(CacheEntryFile.open(bytes, key: key, namespace: "avatars", scope: "environment", keys: keys) == other)
    }
  }

  @Test("nothing of the entry is readable in the file: not the body, the metadata, the key nor the time")
  func nothingInPlainText() throws {
    let text = String(decoding: try sealed(), as: UTF8.self)
    for secret in ["Annabelle", "first_name", "8f3a", "v1", "contacts", "m.example", "query"] {
      #expect(!text.contains(secret), "\(secret)")
    }
    // A fresh nonce each time: the same entry never seals to the same bytes.
    #expect(try sealed() != sealed())
  }

  @Test("any flipped bit, a cut or an added byte, and a foreign file do not open")
  func tampering() throws {
    let bytes = try sealed()
    for index in bytes.indices {
      var flipped = bytes
      flipped[index] ^= 0x01
      #expect(open(flipped) == nil, "byte \(index)")
    }
    #expect(open(Array(bytes.dropLast())) == nil)
    #expect(open(bytes + [0]) == nil)
    #expect(open(Array(bytes.prefix(CacheEntryFile.overhead - 1))) == nil)
    #expect(open([]) == nil)
    #expect(open(Array(repeating: 0, count: 200)) == nil)
  }

  @Test("an entry moved to another key, namespace, profile or secret does not open")
  func boundToItsKey() throws {
    let bytes = try sealed()
    let otherPage = CacheKey(
      instance: key.instance, resource: key.resource.replacingOccurrences(of: "page=1", with: "page=2"))
    let otherInstance = CacheKey(instance: "https://n.example", resource: key.resource)
    #expect(open(bytes, key: otherPage) == nil)
    #expect(open(bytes, key: otherInstance) == nil)
    #expect(open(bytes, namespace: "avatars") == nil)
    #expect(open(bytes, scope: "profile work") == nil)
    #expect(open(bytes, keys: CacheKeys(secret: Array(repeating: 8, count: 32), scope: "profile home")) == nil)
    #expect(open(bytes, keys: CacheKeys(secret: Array(repeating: 7, count: 32), scope: "profile work")) == nil)
  }

  @Test("a plaintext that lies about its lengths is refused, never read past its end")
  func plaintextBounds() {
    let plain = entry.plaintext
    #expect(CacheEntry(plaintext: plain) == entry)
    for cut in 0..<30 { #expect(CacheEntry(plaintext: Array(plain.prefix(cut))) == nil, "\(cut)") }
    var lying = plain
    lying[9] = 200  // 200 metadata fields
    #expect(CacheEntry(plaintext: lying) == nil)
    var invalidUTF8 = plain
    invalidUTF8[12] = 0xFF  // inside the first metadata name
    #expect(CacheEntry(plaintext: invalidUTF8) == nil)
  }
}
