import Foundation
import Testing

@testable import MonicaKit

/// The sealed segments of the entry format: what opens, what must not, and what they reveal.
@Suite struct CacheEntryFileTests {
  let keys = CacheKeys(secret: Array(repeating: 7, count: 32), scope: "profile home")
  let key = CacheKey(
    instance: "https://m.example", resource: "GET https://m.example/api/contacts?page=1&limit=100&query=Ann")
  var context: [UInt8] { CacheEntryFile.context(key: key, namespace: "responses", scope: "profile home") }
  let page = Array(#"{"data":[{"id":1,"first_name":"Annabelle"}],"meta":{"last_page":1}}"#.utf8)

  func seal(_ plaintext: [UInt8], _ kind: CacheEntryFile.Kind = .part, index: UInt32 = 1) throws -> [UInt8] {
    try CacheEntryFile.seal(plaintext, kind: kind, index: index, context: context, keys: keys)
  }

  /// A sealed segment's nonce, ciphertext and tag, as `open` takes them.
  func body(_ sealed: [UInt8]) -> ArraySlice<UInt8> { sealed[5...] }

  @Test("a segment opens as it was sealed, with its kind and length in front")
  func roundTrip() throws {
    let sealed = try seal(page)
    #expect(sealed[0] == CacheEntryFile.Kind.part.rawValue)
    #expect(Int(sealed[1..<5].reduce(0) { $0 << 8 | UInt32($1) }) == page.count)
    #expect(sealed.count == page.count + CacheEntryFile.segmentOverhead)
    #expect(CacheEntryFile.open(body(sealed), kind: .part, index: 1, context: context, keys: keys) == page)
    #expect(CacheEntryFile.header == Array("MONICACE".utf8) + [1])
    // A fresh nonce each time: the same page never seals to the same bytes.
    #expect(try seal(page) != seal(page))
  }

  @Test("nothing of the page, the key or the profile is readable in a sealed segment")
  func nothingInPlainText() throws {
    let text = String(decoding: try seal(page), as: UTF8.self)
    for secret in ["Annabelle", "first_name", "data", "contacts", "m.example", "query", "home"] {
      #expect(!text.contains(secret), "\(secret)")
    }
  }

  @Test("any flipped bit, another index, kind, key, namespace, profile or secret: the segment does not open")
  func bound() throws {
    let sealed = try seal(page)
    for index in 5..<sealed.count {
      var flipped = sealed
      flipped[index] ^= 0x01
      #expect(CacheEntryFile.open(body(flipped), kind: .part, index: 1, context: context, keys: keys) == nil)
    }
    #expect(CacheEntryFile.open(body(sealed), kind: .part, index: 2, context: context, keys: keys) == nil)
    #expect(CacheEntryFile.open(body(sealed), kind: .trailer, index: 1, context: context, keys: keys) == nil)
    let otherPage = CacheKey(
      instance: key.instance, resource: key.resource.replacingOccurrences(of: "page=1", with: "page=2"))
    let otherInstance = CacheKey(instance: "https://n.example", resource: key.resource)
    for other in [
      CacheEntryFile.context(key: otherPage, namespace: "responses", scope: "profile home"),
      CacheEntryFile.context(key: otherInstance, namespace: "responses", scope: "profile home"),
      CacheEntryFile.context(key: key, namespace: "avatars", scope: "profile home"),
      CacheEntryFile.context(key: key, namespace: "responses", scope: "profile work"),
    ] {
      #expect(CacheEntryFile.open(body(sealed), kind: .part, index: 1, context: other, keys: keys) == nil)
    }
    for other in [
      CacheKeys(secret: Array(repeating: 8, count: 32), scope: "profile home"),
      CacheKeys(secret: Array(repeating: 7, count: 32), scope: "profile work"),
    ] {
      #expect(CacheEntryFile.open(body(sealed), kind: .part, index: 1, context: context, keys: other) == nil)
    }
    #expect(CacheEntryFile.open(body(sealed).prefix(27), kind: .part, index: 1, context: context, keys: keys) == nil)
  }

  @Test("a head holds the time to the millisecond and the metadata in order; a lying one is refused")
  func head() {
    let stored = Date(timeIntervalSince1970: 1_700_000_000.123_9)
    let metadata: [(name: String, value: String)] = [("limit", "100"), ("etag", "\"v1\"")]
    let bytes = CacheEntry.head(storedAt: stored, metadata: metadata)
    let read = CacheEntry.readHead(bytes)
    #expect(read?.storedAt.timeIntervalSince1970 == 1_700_000_000.123)
    #expect(read?.metadata.map { "\($0.name)=\($0.value)" } == ["limit=100", "etag=\"v1\""])
    for cut in 0..<bytes.count { #expect(CacheEntry.readHead(Array(bytes.prefix(cut))) == nil, "\(cut)") }
    #expect(CacheEntry.readHead(bytes + [0]) == nil)
    var lying = bytes
    lying[9] = 200  // 200 metadata fields
    #expect(CacheEntry.readHead(lying) == nil)
    var invalidUTF8 = bytes
    invalidUTF8[12] = 0xFF  // inside the first metadata name
    #expect(CacheEntry.readHead(invalidUTF8) == nil)
    #expect(!CacheEntry.metadataIsValid([("a", "1"), ("a", "2")]))
    #expect(!CacheEntry.metadataIsValid([("a", String(repeating: "x", count: CacheEntry.metadataLimit))]))
    #expect(CacheEntryFile.readTrailer(CacheEntryFile.trailer(parts: 88, complete: true))! == (88, true))
    #expect(CacheEntryFile.readTrailer([0, 0, 0, 1, 2]) == nil)
  }
}
