import MonicaKit
import Testing

@testable import MonicaSandbox

@Suite("SeedData")
struct SeedDataTests {
  @Test("the same seed gives the same bytes; another seed differs")
  func determinism() {
    let a = SeedData.make(seed: 7, contacts: 50, baseURL: "http://127.0.0.1:1")
    let b = SeedData.make(seed: 7, contacts: 50, baseURL: "http://127.0.0.1:1")
    let c = SeedData.make(seed: 8, contacts: 50, baseURL: "http://127.0.0.1:1")
    let bytes = { (s: StoreContents) in s[.contact].all.map { JSONWriter.monica.bytes(.object($0)) } }
    #expect(bytes(a) == bytes(b))
    #expect(bytes(a) != bytes(c))
  }

  @Test("full contacts carry Monica's keys in order; partial ones lack keys")
  func contactShapes() {
    let contents = SeedData.make(seed: 1, contacts: 200, baseURL: "http://127.0.0.1:1")
    let full = contents[.contact].all.first { $0["is_partial"]?.boolValue == false }
    #expect(
      full?.keys == [
        "id", "uuid", "object", "hash_id", "first_name", "last_name", "nickname", "complete_name", "initials",
        "description", "gender", "gender_type", "is_starred", "is_partial", "is_active", "is_dead", "is_me",
        "last_called", "last_activity_together", "stay_in_touch_frequency", "stay_in_touch_trigger_date",
        "information", "addresses", "tags", "statistics", "url", "account", "created_at", "updated_at",
      ])
    let partial = contents[.contact].all.first { $0["is_partial"]?.boolValue == true }
    #expect(partial?["url"] == nil && partial?["information"]?.objectValue?.keys == ["dates"])
    let dead = contents[.contact].all.first { $0["is_dead"]?.boolValue == true }
    #expect(dead?["complete_name"]?.stringValue?.hasSuffix(" ⚰") == true)
  }

  @Test("photos carry a valid PNG data URL")
  func photoData() throws {
    let contents = SeedData.make(seed: 1, contacts: 100, baseURL: "http://127.0.0.1:1")
    let photo = try #require(contents[.photo].all.first)
    #expect(photo["dataUrl"]?.stringValue?.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
    let png = TinyImage.png(red: 1, green: 2, blue: 3, size: 2)
    #expect(TinyImage.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    #expect(Array(png.suffix(4)) == [0xAE, 0x42, 0x60, 0x82])
  }
}
