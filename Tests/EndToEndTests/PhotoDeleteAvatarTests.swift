import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Deleting the photo a contact's avatar shows resets the avatar, as Monica's web page does.
@Suite struct PhotoDeleteAvatarTests {
  @Test(
    "monica-photo delete resets an avatar that was the deleted photo to adorable, and says so; another photo's stays")
  func avatarReset() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "10"])
    let env = sandbox.signedInEnv
    let directory = sandbox.temporary.root
    let prepared = try sh(
      "monica-fetch photos --max 1 | jq -r .dataUrl | cut -d, -f2 | base64 -d > face.png && cp face.png other.png",
      env: env, directory: directory)
    try #require(prepared.status == 0, "\(prepared)")
    let uploaded = try sh(
      "monica-photo upload --contact 4 face.png other.png | jq -r .id", env: env, directory: directory)
    try #require(uploaded.status == 0 && uploaded.lines.count == 2, "\(uploaded)")
    let (face, other) = (uploaded.lines[0], uploaded.lines[1])
    let set = try sh("monica-avatar set --contact 4 --source photo --photo \(face)", env: env)
    try #require(set.status == 0, "\(set)")
    // Another photo of the contact goes: the avatar stays, nothing is said.
    let first = try sh("monica-photo delete \(other) --yes", env: env)
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
    #expect(try sh("monica-fetch contacts 4 | jq -r .information.avatar.source", env: env).lines == ["photo"])
    let run = try sh("monica-photo delete \(face) --yes", env: env)
    #expect(run.status == 0 && run.lines == [#"{"deleted":true,"id":\#(face)}"#], "\(run)")
    #expect(
      run.stderr
        == "monica-photo: photo #\(face) was the avatar of contact #4; its avatar is Adorable now, "
        + "as Monica's web page makes it when the photo goes\n")
    #expect(try sh("monica-fetch contacts 4 | jq -r .information.avatar.source", env: env).lines == ["adorable"])
  }
}
