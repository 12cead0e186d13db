import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-photo save`, `upload` and `delete` against a sandbox: what was written to disk, what
/// reached the instance, and what was refused before anything was sent.
@Suite struct PhotoTests {
  func env(_ sandbox: Sandbox) -> [String: String] {
    sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "3000"]) { $1 }
  }

  func bytes(_ path: String) -> [UInt8] { (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }

  /// The image of a `data:` URL.
  func decoded(_ dataURL: String?) throws -> [UInt8] {
    let text = try #require(dataURL)
    return Array(try #require(Data(base64Encoded: String(text.split(separator: ",")[1]))))
  }

  @Test("save writes every photo of a contact from its dataUrl, with a sanitised name, and asks nothing")
  func save() throws {
    let sandbox = try Sandbox.start(["--contacts", "10", "--rate-limit", "0"])
    let root = sandbox.temporary.root
    let photos = try records(sh("monica-fetch photos --contact 1", env: env(sandbox)).stdout)
    #expect(!photos.isEmpty)
    let before = sandbox.requests().count
    let run = try sh(
      "monica-fetch photos --contact 1 | monica-photo save --dir out/photos", env: env(sandbox), directory: root)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(sandbox.requests().count == before + 1, "save itself made a request")
    let results = try records(run.stdout)
    #expect(results.count == photos.count)
    for (photo, result) in zip(photos, results) {
      let id = try #require(photo["id"]?.intValue)
      let name = try #require(photo["original_filename"]?.stringValue)
      #expect(result["file"]?.stringValue == "out/photos/\(id)-\(name)" && result["photo_id"]?.intValue == id)
      #expect(bytes(root + "/out/photos/\(id)-\(name)") == (try decoded(photo["dataUrl"]?.stringValue)))
      #expect(result["contact_id"]?.intValue == 1 && result["mime_type"]?.stringValue == "image/png")
    }
    // A name someone else chose cannot leave the folder or carry control characters.
    let hostile = try #require(photos.first?["dataUrl"]?.stringValue)
    let line =
      #"{"id":77,"object":"photo","original_filename":"../../etc/\u001b[31mpass..wd","dataUrl":"\#(hostile)"}"#
    let sanitised = try sh("monica-photo save --dir out", env: sandbox.env, stdin: line + "\n", directory: root)
    #expect(sanitised.status == 0, "\(sanitised)")
    let file = try #require(try records(sanitised.stdout).first?["file"]?.stringValue)
    #expect(file == "out/77-_._etc__[31mpass.wd", "\(file)")
    #expect(FileManager.default.fileExists(atPath: root + "/" + file))
    // A record that is not a photo, or whose dataUrl is not an image: 65, its place.
    let html = "data:image/png;base64," + Data("<html><body>login</body></html>".utf8).base64EncodedString()
    let bad = try sh(
      "monica-photo save --dir out2", env: sandbox.env,
      stdin: line + "\n" + #"{"id":78,"object":"photo","dataUrl":"\#(html)"}"# + "\n", directory: root)
    #expect(
      bad.status == 65 && bad.lines.count == 1 && bad.stderr.contains("stdin:2: photo #78: not an image"), "\(bad)")
    #expect(!FileManager.default.fileExists(atPath: root + "/out2/78-photo.png"))
  }

  @Test("upload sends each image as multipart, and refuses a non-image or one over 10 MB before sending")
  func upload() throws {
    let sandbox = try Sandbox.start(["--contacts", "10", "--rate-limit", "0"])
    let root = sandbox.temporary.root
    let photo = try #require(try records(sh("monica-fetch photos --max 1", env: env(sandbox)).stdout).first)
    let png = try decoded(photo["dataUrl"]?.stringValue)
    try Data(png).write(to: URL(fileURLWithPath: root + "/face.png"))
    try Data("<!DOCTYPE html><html></html>".utf8).write(to: URL(fileURLWithPath: root + "/page.png"))
    try Data(png + [UInt8](repeating: 0, count: 10_240 * 1024)).write(to: URL(fileURLWithPath: root + "/big.png"))
    let posts = { sandbox.requests().filter { $0["method"]?.stringValue == "POST" }.count }
    for (file, message) in [
      ("page.png", "page.png: not an image"), ("big.png", "big.png: larger than 10 MB"),
    ] {
      let refused = try sh("monica-photo upload --contact 4 face.png \(file)", env: env(sandbox), directory: root)
      #expect(refused.status == 65 && refused.stdout.isEmpty && refused.stderr.contains(message), "\(refused)")
      #expect(refused.stderr.split(separator: "\n").count == 1)
    }
    let missing = try sh("monica-photo upload --contact 4 nothing.png", env: env(sandbox), directory: root)
    #expect(missing.status == 66 && missing.stderr.contains("nothing.png"), "\(missing)")
    #expect(posts() == 0)
    let run = try sh("monica-photo upload --contact 4 face.png face.png", env: env(sandbox), directory: root)
    #expect(run.status == 0 && run.stderr.isEmpty && run.lines.count == 2, "\(run)")
    let created = try records(run.stdout)
    #expect(created.allSatisfy { $0["object"]?.stringValue == "photo" && $0["contact"]?["id"]?.intValue == 4 })
    #expect(created.allSatisfy { $0["original_filename"]?.stringValue == "face.png" })
    #expect(try created.map { try decoded($0["dataUrl"]?.stringValue) } == [png, png])
    #expect(posts() == 2)
    let listed = try records(sh("monica-fetch photos --contact 4", env: env(sandbox)).stdout).map { $0["id"] }
    #expect(created.allSatisfy { listed.contains($0["id"]) })
    let rejected = try sh("monica-photo upload --contact 99999 face.png", env: env(sandbox), directory: root)
    #expect(rejected.status == 65 && rejected.stderr.contains("The selected contact id is invalid"), "\(rejected)")
  }

  @Test("a photo uploaded and made the avatar, then saved as the contact's face")
  func uploadAndSetAvatar() throws {
    let sandbox = try Sandbox.start(["--contacts", "10", "--rate-limit", "0"])
    let root = sandbox.temporary.root
    let photo = try #require(try records(sh("monica-fetch photos --max 1", env: env(sandbox)).stdout).first)
    try Data(try decoded(photo["dataUrl"]?.stringValue)).write(to: URL(fileURLWithPath: root + "/face.png"))
    let run = try sh(
      """
      id=$(monica-photo upload --contact 5 face.png | jq -r .id)
      monica-avatar set --contact 5 --source photo --photo "$id" | monica-avatar --dir faces
      """, env: env(sandbox), directory: root)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let result = try #require(try records(run.stdout).first)
    #expect(result["source"]?.stringValue == "photo" && result["from"]?.stringValue == "network")
    #expect(bytes(root + "/faces/5.png") == bytes(root + "/face.png"))
  }

  @Test("delete: ids or records, --yes, and no terminal means nothing is sent")
  func delete() throws {
    let sandbox = try Sandbox.start(["--contacts", "10", "--rate-limit", "0"])
    let deletes = { sandbox.requests().filter { $0["method"]?.stringValue == "DELETE" }.count }
    let photos = try records(sh("monica-fetch photos", env: env(sandbox)).stdout).compactMap { $0["id"]?.intValue }
    #expect(photos.count >= 3)
    let refused = try sh("monica-photo delete \(photos[0])", env: env(sandbox))
    #expect(
      refused.status == 64 && refused.stdout.isEmpty && refused.stderr.contains("nothing was deleted"), "\(refused)")
    let piped = try sh("monica-fetch photos --max 1 | monica-photo delete", env: env(sandbox))
    #expect(piped.status == 64, "\(piped)")
    #expect(deletes() == 0)
    let byID = try sh("monica-photo delete \(photos[0]) --yes", env: env(sandbox))
    #expect(byID.status == 0 && byID.lines == [#"{"deleted":true,"id":\#(photos[0])}"#], "\(byID)")
    let byRecord = try sh("monica-fetch photos --max 2 | monica-photo delete --yes", env: env(sandbox))
    #expect(byRecord.status == 0 && byRecord.lines.count == 2, "\(byRecord)")
    #expect(byRecord.lines == photos[1...2].map { #"{"deleted":true,"id":\#($0)}"# })
    let left = try records(sh("monica-fetch photos", env: env(sandbox)).stdout).compactMap { $0["id"]?.intValue }
    #expect(left == Array(photos.dropFirst(3)))
    #expect(photos.count >= 4)
    // On a terminal it asks: "n" sends nothing, "y" deletes.
    let no = try sh(
      typing([("delete 1 photo", "n")], log: "$TMPDIR/tty1")
        + " | script -qfec 'monica-photo delete \(photos[3])' \"$TMPDIR/tty1\"", env: env(sandbox))
    #expect(no.status == 0 && no.stdout.contains("delete 1 photo (#\(photos[3]))?") && deletes() == 3, "\(no)")
    let ok = try sh(
      typing([("delete 1 photo", "y")], log: "$TMPDIR/tty2")
        + " | script -qfec 'monica-photo delete \(photos[3])' \"$TMPDIR/tty2\"", env: env(sandbox))
    #expect(ok.status == 0 && ok.stdout.contains(#"{"deleted":true,"id":\#(photos[3])}"#) && deletes() == 4, "\(ok)")
    // DestroyPhoto validates `exists:photos,id` (DestroyPhoto.php:20) before its findOrFail: a
    // photo deleted already is Monica's 422, reported in Monica's words with 65, as monica-push.
    let gone = try sh("monica-photo delete \(photos[0]) --yes", env: env(sandbox))
    #expect(gone.status == 65 && gone.stderr.contains("The selected photo id is invalid."), "\(gone)")
  }
}
