import MonicaKit
import Testing

@testable import MonicaSandbox

/// A photo's delete takes it off the gifts it was attached to: `gift_photo`'s foreign key cascades
/// (database/migrations/2019_12_21_194559_add_photo_gift.php:21); a contact whose avatar it was
/// keeps source `photo` with a null `avatar_photo_id`
/// (database/migrations/2019_12_17_024553_add_foreign_keys.php:646).
extension SandboxWritesTests {
  @Test("DELETE photos: the gifts it was attached to list it no more, their updated_at unchanged")
  func deletePhotoDetachesItFromGifts() throws {
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    let photo = try #require(
      try send("POST", "photos", #"{"contact_id":\#(active),"data":"\#(png)"}"#).json["data"]?["id"]?.intValue)
    let kept = try #require(
      try send("POST", "photos", #"{"contact_id":\#(active),"data":"\#(png)"}"#).json["data"]?["id"]?.intValue)
    let gift = try #require(
      try send("POST", "gifts", #"{"contact_id":\#(active),"name":"A book","status":"idea"}"#).json["data"]?["id"]?
        .intValue)
    #expect(try send("PUT", "gifts/\(gift)/photo/\(photo)").status == 200)
    let attached = try send("PUT", "gifts/\(gift)/photo/\(kept)")
    #expect(attached.json["data"]?["photos"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [photo, kept])
    let deleted = try send("DELETE", "photos/\(photo)")
    #expect(deleted.status == 200 && deleted.json["id"] == .int(photo))
    let shown = try send("GET", "gifts/\(gift)")
    #expect(shown.json["data"]?["photos"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [kept])
    #expect(shown.json["data"]?["updated_at"] == attached.json["data"]?["updated_at"])
  }

  @Test("DELETE photos: a contact whose avatar it was shows its default avatar, source photo, updated_at unchanged")
  func deletePhotoLeavesTheAvatarOnTheDefault() throws {
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    let photo = try #require(
      try send("POST", "photos", #"{"contact_id":\#(active),"data":"\#(png)"}"#).json["data"]?["id"]?.intValue)
    let set = try send("PUT", "contacts/\(active)/avatar", #"{"source":"photo","photo_id":\#(photo)}"#)
    #expect(set.status == 200 && set.json["data"]?["information"]?["avatar"]?["source"] == .string("photo"))
    let note = try #require(
      try send("POST", "notes", #"{"body":"hi","contact_id":\#(active)}"#).json["data"]?["id"]?.intValue)
    #expect(try send("DELETE", "photos/\(photo)").status == 200)
    let shown = try send("GET", "contacts/\(active)").json["data"]
    let uuid = try #require(shown?["uuid"]?.stringValue)
    let created = try #require(shown?["created_at"]?.stringValue.flatMap(UTCTime.parseTimestamp))
    let avatar = shown?["information"]?["avatar"]
    #expect(avatar?["source"] == .string("photo"))
    #expect(avatar?["url"] == .string("http://h/store/avatars/\(uuid).jpg?\(created)"))
    #expect(shown?["updated_at"] == set.json["data"]?["updated_at"])
    let embedded = try send("GET", "notes/\(note)").json["data"]?["contact"]?["information"]?["avatar"]
    #expect(embedded == avatar)
  }
}
