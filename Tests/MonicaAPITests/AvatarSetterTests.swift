import Foundation
import MonicaAPI
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-avatar set` in-process, through its connection, on the in-memory sandbox: the PUT,
/// the contact it answers with, and Monica's refusals in the exit table. Its flags are checked
/// before any request in EndToEndTests/AvatarTests.
@Suite struct AvatarSetterTests {
  /// `monica-avatar set --contact CONTACT --source SOURCE [--photo PHOTO]`.
  static func set(
    _ run: InProcessRun, contact: Int, source: String, photo: Int? = nil
  ) async throws -> InProcessRun.Outcome {
    let setter = AvatarSetter(contactID: contact, source: source, photoID: photo, connection: run.connection())
    return try await run.output { (output) throws(MonicaError) in try await setter.run(output: output) }
  }

  @Test("set: each source, the contact Monica answers with, her 422s and a 404")
  func sources() async throws {
    let run = try InProcessRun(contacts: 60)
    let adorable = try await Self.set(run, contact: 2, source: "adorable")
    #expect(adorable.error == nil && run.diagnostics.isEmpty && adorable.lines.count == 1, "\(adorable)")
    let record = try #require(adorable.records.first)
    #expect(record["id"]?.intValue == 2 && record["information"]?["avatar"]?["source"]?.stringValue == "adorable")
    let put = run.exchanges(path: "/api/contacts/2/avatar")
    #expect(put.count == 1 && put.first?.method == "PUT")
    let photos = try await FetcherTests.fetch(run, "photos") { ($0.contact, $0.max) = (.id(2), 1) }
    let photoID = try #require(photos.records.first?["id"]?.intValue)
    let photo = try await Self.set(run, contact: 2, source: "photo", photo: photoID)
    #expect(photo.error == nil, "\(photo)")
    #expect(photo.records.first?["information"]?["avatar"]?["source"]?.stringValue == "photo")
    // What set prints is what avatar save reads: the photo's bytes, from the instance.
    let saved = try await AvatarSaverTests.save(run, lines: photo.lines)
    #expect(saved.error == nil && saved.records.first?["from"]?.stringValue == "network", "\(saved)")

    let unknown = try await Self.set(run, contact: 99_999, source: "default")
    #expect(unknown.status == 65 && unknown.message?.contains("The selected contact id is invalid") == true)
    let badPhoto = try await Self.set(run, contact: 2, source: "photo", photo: 99_999)
    #expect(badPhoto.status == 65 && badPhoto.message?.contains("The selected photo id is invalid") == true)
    // An archived contact: Monica's throwInactive message.
    var archived: Int?
    for id in 2...60 where archived == nil {
      let body = try JSONValue(parsing: try await run.body("/api/contacts/\(id)"))
      if body["data"]?["is_active"] == .bool(false) { archived = id }
    }
    let refused = try await Self.set(run, contact: try #require(archived), source: "adorable")
    #expect(refused.status == 65 && refused.message?.contains("Archived contact can") == true, "\(refused)")
    #expect(refused.output.isEmpty && refused.message?.contains("\n") == false)

    let notFound = try InProcessRun(contacts: 5, faults: ["404@1:PUT:/api/contacts"])
    let missing = try await Self.set(notFound, contact: 3, source: "default")
    #expect(
      missing.status == 66 && missing.message?.contains("contact #3: The resource has not been found") == true,
      "\(missing)")
  }
}
