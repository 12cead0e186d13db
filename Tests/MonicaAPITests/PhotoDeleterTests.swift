import Foundation
import MonicaAPI
import MonicaKit
import MonicaTestSupport
import Synchronization
import Testing

/// `monica-photo delete` in-process on the in-memory sandbox: ids or records, the question and
/// its answers, Monica's 422 for a photo gone, and the avatar reset. The question on a real
/// terminal stays in EndToEndTests/PhotoTests.
@Suite struct PhotoDeleterTests {
  /// `monica-photo delete [ID...]` (records from `lines` when no id), `--yes` or `answer` to the question.
  static func delete(
    _ run: InProcessRun, _ ids: [Int] = [], lines: [String] = [], yes: Bool = false,
    answer: ((String) -> Bool?)? = nil
  ) async throws -> InProcessRun.Outcome {
    let input = try run.file("delete-\(UUID().uuidString).ndjson", lines: lines)
    var deleter = PhotoDeleter(ids: ids, sources: [InputSource(input)], yes: yes, connection: run.connection())
    deleter.confirm = answer
    let chosen = deleter
    return try await run.output { (output) throws(MonicaError) in try await chosen.run(output: output) }
  }

  @Test("delete: ids or records, --yes or an answer, and nothing sent without either")
  func delete() async throws {
    let run = try InProcessRun(contacts: 10)
    let deletes = { run.transport.exchanges.filter { $0.method == "DELETE" }.count }
    let listed = try await FetcherTests.fetch(run, "photos")
    let photos = listed.records.compactMap { $0["id"]?.intValue }
    #expect(photos.count >= 4)
    let refused = try await Self.delete(run, [photos[0]])
    #expect(
      refused.status == 64 && refused.output.isEmpty && refused.message?.contains("nothing was deleted") == true,
      "\(refused)")
    let piped = try await Self.delete(run, lines: [listed.lines[0]])
    #expect(piped.status == 64, "\(piped)")
    #expect(deletes() == 0)
    let byID = try await Self.delete(run, [photos[0]], yes: true)
    #expect(byID.error == nil && byID.lines == [#"{"deleted":true,"id":\#(photos[0])}"#], "\(byID)")
    let byRecord = try await Self.delete(run, lines: Array(listed.lines[1...2]), yes: true)
    #expect(byRecord.error == nil && byRecord.lines == photos[1...2].map { #"{"deleted":true,"id":\#($0)}"# })
    let left = try await FetcherTests.fetch(run, "photos").records.compactMap { $0["id"]?.intValue }
    #expect(left == Array(photos.dropFirst(3)))
    // Asked: "n" sends nothing and says so, "y" deletes.
    let asked = Mutex<[String]>([])
    let no = try await Self.delete(run, [photos[3]]) { question in
      asked.withLock { $0.append(question) }
      return false
    }
    #expect(no.error == nil && no.output.isEmpty && deletes() == 3, "\(no)")
    #expect(asked.withLock { $0 } == ["monica-photo: delete 1 photo (#\(photos[3]))?"])
    #expect(run.diagnostics.last == "monica-photo: nothing was deleted")
    let yes = try await Self.delete(run, [photos[3]]) { _ in true }
    #expect(yes.error == nil && yes.lines == [#"{"deleted":true,"id":\#(photos[3])}"#] && deletes() == 4, "\(yes)")
    // DestroyPhoto validates `exists:photos,id` (DestroyPhoto.php:20) before its findOrFail: a
    // photo deleted already is Monica's 422, reported in Monica's words with 65, as monica-push.
    let gone = try await Self.delete(run, [photos[0]], yes: true)
    #expect(gone.status == 65 && gone.message?.contains("The selected photo id is invalid.") == true, "\(gone)")
  }

  @Test("deleting the photo an avatar shows resets the avatar to adorable, and says so; another photo's stays")
  func avatarReset() async throws {
    let run = try InProcessRun(contacts: 10)
    let photo = try #require(try await FetcherTests.fetch(run, "photos") { $0.max = 1 }.records.first)
    let png = try AvatarSaverTests.decoded(photo["dataUrl"]?.stringValue)
    let files = [try run.file("face.png", png), try run.file("other.png", png)]
    let uploaded = try await PhotoSaverTests.upload(run, contact: 4, files).records.compactMap { $0["id"]?.intValue }
    try #require(uploaded.count == 2)
    let (face, other) = (uploaded[0], uploaded[1])
    try #require(try await AvatarSetterTests.set(run, contact: 4, source: "photo", photo: face).error == nil)
    func source() async throws -> String? {
      let contact = try await FetcherTests.fetch(run, "contacts") { plan throws(MonicaError) in try plan.take(id: "4") }
      return contact.records.first?["information"]?["avatar"]?["source"]?.stringValue
    }
    // Another photo of the contact goes: the avatar stays, nothing is said.
    let first = try await Self.delete(run, [other], yes: true)
    #expect(first.error == nil && run.diagnostics.isEmpty, "\(first)")
    #expect(try await source() == "photo")
    let second = try await Self.delete(run, [face], yes: true)
    #expect(second.error == nil && second.lines == [#"{"deleted":true,"id":\#(face)}"#], "\(second)")
    #expect(
      run.diagnostics == [
        "monica-photo: photo #\(face) was the avatar of contact #4; its avatar is Adorable now, "
          + "as Monica's web page makes it when the photo goes"
      ])
    #expect(try await source() == "adorable")
  }
}
