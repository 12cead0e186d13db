import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox answers Monica's 422s from the catalogue's rules (MonicaKit/Kinds), checked by
/// MonicaKit's one checker: the routes below a contact, uploads, the route's ids.
@Suite("Sandbox write rules")
struct SandboxWriteRulesTests {
  let base = SandboxWritesTests()

  @Test("a job of 255 characters written with combining accents is 510 code points, as mb_strlen counts: refused")
  func codePoints() throws {
    let accented = String(repeating: "e\u{301}", count: 255)
    #expect(accented.count == 255 && accented.unicodeScalars.count == 510)
    let refused = try base.send("PUT", "contacts/\(base.active)/work", #"{"job":"\#(accented)"}"#)
    #expect(refused.status == 422, "\(refused.json)")
    #expect(refused.json["error"]?["message"] == .array([.string("The job may not be greater than 255 characters.")]))
    let precomposed = String(repeating: "é", count: 255)
    #expect(try base.send("PUT", "contacts/\(base.active)/work", #"{"job":"\#(precomposed)"}"#).status == 200)
  }

  @Test("the parts' and the avatar's messages are the catalogue's rules for them, in Monica's order")
  func partMessages() throws {
    for part in RecordKind.ContactPart.allCases {
      let body = JSONObject([
        "source": .string("sepia"), "is_date_known": .bool(true), "job": .int(3), "food_preferences": .bool(true),
      ])
      let expected = part.rules.problems(in: body).map(\.message)
      let text = JSONWriter.plain.string(.object(body))
      let answered = try base.send("PUT", "contacts/\(base.active)/\(part.rawValue)", text)
      #expect(!expected.isEmpty, "\(part)")
      #expect(answered.status == 422 && answered.json["error"]?["message"] == .array(expected.map(JSONValue.string)))
    }
    let missing = try base.send("PUT", "contacts/99999/avatar", #"{"source":"photo"}"#)
    #expect(
      missing.json["error"]?["message"]
        == .array([
          .string("The selected contact id is invalid."),
          .string("The photo id field is required when source is photo."),
        ]))
  }

  @Test("an update's and a delete's route id in no table is the service's exists rule, with the body's other rules")
  func routeIDs() throws {
    let update = try base.send("PUT", "gifts/0", #"{"contact_id":\#(base.active)}"#)
    #expect(
      update.json["error"]?["message"]
        == .array([
          .string("The selected gift id is invalid."), .string("The name field is required."),
          .string("The status field is required."),
        ]), "\(update.json)")
    let delete = try base.send("DELETE", "photos/0")
    #expect(delete.json["error"]?["message"] == .array([.string("The selected photo id is invalid.")]))
  }

  @Test("a base64 photo that is no image is Monica's photo rule, whose message Laravel falls back to the key")
  func photoData() throws {
    let bad = try base.send("POST", "photos", #"{"contact_id":\#(base.active),"data":"aGVsbG8="}"#)
    #expect(bad.status == 422 && bad.json["error"]?["message"] == .array([.string("validation.photo")]))
    let neither = try base.send("POST", "photos", #"{"contact_id":\#(base.active)}"#)
    #expect(
      neither.json["error"]?["message"]
        == .array([
          .string("The photo field is required when data is not present."),
          .string("The data field is required when photo is not present."),
        ]))
  }
}
