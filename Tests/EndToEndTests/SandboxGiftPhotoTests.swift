import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// monica-sandbox's route attaching a photo to a gift, answering as Monica v4.1.2 does.
@Suite struct SandboxGiftPhotoTests: SandboxRouteCalls {
  @Test("a gift's photo: both ids checked, the gift answered with the photo as PhotoResource prints it, once")
  func giftPhoto() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let photo = try #require(try records(sh("monica-fetch photos", env: sandbox.signedInEnv).stdout).first)
    let photoID = try #require(photo["id"]?.intValue)
    let lines = try Self.answers(
      sandbox,
      [
        "call PUT /gifts/1/photo/999 ''", "call PUT /gifts/999/photo/x ''",
        "call PUT /gifts/1/photo/\(photoID) ''", "call PUT /gifts/1/photo/\(photoID) ''",
        "call GET /gifts/1/photo/1 ''",
      ])
    #expect(lines[0] == Self.invalid("The selected photo id is invalid."))
    #expect(
      lines[1]
        == Self.invalid(
          "The photo id must be an integer.", "The selected photo id is invalid.", "The selected gift id is invalid."))
    for line in lines[2...3] {
      #expect(line.hasPrefix("200 "), "\(line)")
      let gift = try JSONValue(parsing: String(line.dropFirst(4)))["data"]
      let photos = gift?["photos"]?.arrayValue ?? []
      #expect(photos.filter { $0["id"]?.intValue == photoID }.count == 1)
      #expect(photos.last == photo, "the photo as GET /photos/{id} prints it")
    }
    #expect(lines[4].hasPrefix("405 "))
  }
}
