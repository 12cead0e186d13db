import Foundation
import MonicaAPI
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-photo upload` and `save` (PhotoSaver.swift) in-process on the in-memory sandbox: what reached the
/// instance, what was refused before anything was sent, what was written to disk.
@Suite struct PhotoSaverTests {
  /// `monica-photo upload --contact CONTACT FILE...`.
  static func upload(_ run: InProcessRun, contact: Int, _ files: [String]) async throws -> InProcessRun.Outcome {
    let uploader = PhotoUploader(contactID: contact, files: files, connection: run.connection())
    return try await run.output { (output) throws(MonicaError) in try await uploader.run(output: output) }
  }

  /// `monica-photo save --dir DIR` of `lines`.
  static func save(_ run: InProcessRun, _ dir: String, lines: [String]) async throws -> InProcessRun.Outcome {
    let input = try run.file("photos-\(UUID().uuidString).ndjson", lines: lines)
    return try await run.output { (output) throws(MonicaError) in
      try PhotoSaver(directory: dir).run(sources: [InputSource(input)], output: output)
    }
  }

  func bytes(_ path: String) -> [UInt8] { (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }

  @Test("upload sends each image as multipart, and refuses a non-image or one over 10 MB before sending")
  func upload() async throws {
    let run = try InProcessRun(contacts: 10)
    let photo = try #require(try await FetcherTests.fetch(run, "photos") { $0.max = 1 }.records.first)
    let png = try AvatarSaverTests.decoded(photo["dataUrl"]?.stringValue)
    let face = try run.file("face.png", png)
    let page = try run.file("page.png", Data("<!DOCTYPE html><html></html>".utf8))
    let big = try run.file("big.png", png + [UInt8](repeating: 0, count: 10_240 * 1024))
    let posts = { run.transport.exchanges.filter { $0.method == "POST" }.count }
    for (file, message) in [(page, "page.png: not an image"), (big, "big.png: larger than 10 MB")] {
      let refused = try await Self.upload(run, contact: 4, [face, file])
      #expect(
        refused.status == 65 && refused.output.isEmpty && refused.message?.contains(message) == true, "\(refused)")
    }
    let missing = try await Self.upload(run, contact: 4, [run.home.root + "/nothing.png"])
    #expect(missing.status == 66 && missing.message?.contains("nothing.png") == true, "\(missing)")
    #expect(posts() == 0)
    let uploaded = try await Self.upload(run, contact: 4, [face, face])
    #expect(uploaded.error == nil && run.diagnostics.isEmpty && uploaded.lines.count == 2, "\(uploaded)")
    let created = uploaded.records
    #expect(created.allSatisfy { $0["object"]?.stringValue == "photo" && $0["contact"]?["id"]?.intValue == 4 })
    #expect(created.allSatisfy { $0["original_filename"]?.stringValue == "face.png" })
    #expect(try created.map { try AvatarSaverTests.decoded($0["dataUrl"]?.stringValue) } == [png, png])
    #expect(posts() == 2)
    let listed = try await FetcherTests.fetch(run, "photos") { $0.contact = .id(4) }.records.map { $0["id"] }
    #expect(created.allSatisfy { listed.contains($0["id"]) })
    let rejected = try await Self.upload(run, contact: 99_999, [face])
    #expect(
      rejected.status == 65 && rejected.message?.contains("The selected contact id is invalid") == true, "\(rejected)")
  }

  @Test("a photo uploaded and made the avatar, then saved as the contact's face")
  func uploadAndSetAvatar() async throws {
    let run = try InProcessRun(contacts: 10)
    let photo = try #require(try await FetcherTests.fetch(run, "photos") { $0.max = 1 }.records.first)
    let face = try run.file("face.png", try AvatarSaverTests.decoded(photo["dataUrl"]?.stringValue))
    let id = try #require(try await Self.upload(run, contact: 5, [face]).records.first?["id"]?.intValue)
    let set = try await AvatarSetterTests.set(run, contact: 5, source: "photo", photo: id)
    let saved = try await AvatarSaverTests.save(run, lines: set.lines)
    #expect(saved.error == nil && run.diagnostics.isEmpty, "\(saved)")
    let result = try #require(saved.records.first)
    #expect(result["source"]?.stringValue == "photo" && result["from"]?.stringValue == "network")
    #expect(bytes(run.home.root + "/faces/5.png") == bytes(face))
  }

  @Test("save writes every photo of a contact from its dataUrl, with a sanitised name, and asks nothing")
  func save() async throws {
    let run = try InProcessRun(contacts: 10)
    let photos = try await FetcherTests.fetch(run, "photos") { $0.contact = .id(1) }
    #expect(!photos.records.isEmpty)
    let before = run.transport.exchanges.count
    let folder = run.home.root + "/out/photos"
    let saved = try await Self.save(run, folder, lines: photos.lines)
    #expect(saved.error == nil, "\(saved)")
    #expect(run.transport.exchanges.count == before, "save made a request")
    #expect(saved.records.count == photos.records.count)
    for (photo, result) in zip(photos.records, saved.records) {
      let id = try #require(photo["id"]?.intValue)
      let name = try #require(photo["original_filename"]?.stringValue)
      #expect(result["file"]?.stringValue == "\(folder)/\(id)-\(name)" && result["photo_id"]?.intValue == id)
      #expect(bytes("\(folder)/\(id)-\(name)") == (try AvatarSaverTests.decoded(photo["dataUrl"]?.stringValue)))
      #expect(result["contact_id"]?.intValue == 1 && result["mime_type"]?.stringValue == "image/png")
    }
    // A name someone else chose cannot leave the folder or carry control characters.
    let hostile = try #require(photos.records.first?["dataUrl"]?.stringValue)
    let line =
      #"{"id":77,"object":"photo","original_filename":"../../etc/\u001b[31mpass..wd","dataUrl":"\#(hostile)"}"#
    let out = run.home.root + "/out"
    let sanitised = try await Self.save(run, out, lines: [line])
    #expect(sanitised.error == nil, "\(sanitised)")
    let file = try #require(sanitised.records.first?["file"]?.stringValue)
    #expect(file == out + "/77-_._etc__[31mpass.wd", "\(file)")
    #expect(FileManager.default.fileExists(atPath: file))
    // A record whose dataUrl is not an image: 65, its place; nothing written for it.
    let html = "data:image/png;base64," + Data("<html><body>login</body></html>".utf8).base64EncodedString()
    let bad = try await Self.save(
      run, run.home.root + "/out2", lines: [line, #"{"id":78,"object":"photo","dataUrl":"\#(html)"}"#])
    #expect(bad.status == 65 && bad.lines.count == 1 && bad.message?.contains(":2: photo #78: not an image") == true)
    #expect(!FileManager.default.fileExists(atPath: run.home.root + "/out2/78-photo.png"))
  }
}
