import Foundation
import MonicaAPI
import MonicaKit
import MonicaTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `monica-avatar save` in-process, through its connection, on the in-memory sandbox, for the
/// sources the instance answers (photo, adorable's data URLs, the initials): the photo walk,
/// its failures, the image cache. Gravatar downloads (a second origin, redirects, validators,
/// huge or endless bodies, a closed pipe) go over real sockets in EndToEndTests/AvatarTests: the
/// in-memory sandbox's seeded gravatar URLs name the real site, so they are never fed here.
@Suite struct AvatarSaverTests {
  /// `monica-avatar save --dir DIR` of `lines` (contact records) in the run's root.
  static func save(
    _ run: InProcessRun, lines: [String], dir: String = "faces", strict: Bool = false, refresh: Bool = false,
    environment: [String: String] = [:]
  ) async throws -> InProcessRun.Outcome {
    let input = try run.file("avatars-\(UUID().uuidString).ndjson", lines: lines)
    var options = AvatarSaveOptions()
    (options.directory, options.strict, options.refresh) = (run.home.root + "/" + dir, strict, refresh)
    let saver = AvatarSaver(options: options, connection: run.connection(environment: environment))
    return try await run.output { (output) throws(MonicaError) in
      try await saver.run(sources: [InputSource(input)], output: output)
    }
  }

  /// The sandbox's contacts whose avatar has `source`, as monica-fetch prints them.
  static func contacts(with source: String, _ run: InProcessRun) async throws -> [String] {
    try await FetcherTests.fetch(run, "contacts").lines.filter {
      (try? JSONValue(parsing: $0))?["information"]?["avatar"]?["source"]?.stringValue == source
    }
  }

  func bytes(_ path: String) -> [UInt8] { (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }

  /// Each regular file under `folder` with its inode and modification time: what a run wrote.
  func snapshot(_ folder: String) -> [String: [Int]] {
    var found: [String: [Int]] = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return found }
    for case let name as String in walker {
      var info = stat()
      guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      found[name] = [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }
    return found
  }

  @Test("one photo-source contact costs one request to its own photos")
  func onePhoto() async throws {
    let run = try InProcessRun(contacts: 60)
    let contact = try #require(try await Self.contacts(with: "photo", run).first)
    let before = run.transport.exchanges.count
    let saved = try await Self.save(run, lines: [contact])
    #expect(saved.error == nil && run.diagnostics.isEmpty && saved.lines.count == 1, "\(saved)")
    let id = try #require(saved.records.first?["contact_id"]?.intValue)
    #expect(saved.records.first?["from"]?.stringValue == "network")
    let asked = run.transport.exchanges.dropFirst(before).map(\.target)
    #expect(asked.count == 1 && asked.first?.hasPrefix("/api/contacts/\(id)/photos") == true, "\(asked)")
  }

  @Test("a photo source whose API lookup fails falls back to the initials, with the API's reason")
  func photoLookupFailures() async throws {
    let cases: [(fault: String, reason: String, status: Int32)] = [
      ("403@*1:GET:/api/photos", "no permission to read photos", 77),
      ("login@*1:GET:/api/photos", "redirected to the login page", 76), ("500@*1:GET:/api/photos", "500", 69),
    ]
    for (fault, reason, status) in cases {
      let run = try InProcessRun(contacts: 40, faults: [fault])
      let photos = try await Self.contacts(with: "photo", run)
      #expect(photos.count > 1)
      let saved = try await Self.save(run, lines: photos, strict: true)
      #expect(saved.status == status && saved.lines.count == photos.count, "\(fault): \(saved)")
      #expect(
        saved.records.allSatisfy {
          $0["from"]?.stringValue == "initials" && $0["file"]?.stringValue?.hasSuffix(".svg") == true
        })
      #expect(
        saved.records.allSatisfy { $0["reason"]?.stringValue?.lowercased().contains(reason) == true },
        "\(fault): \(saved.records.map { $0["reason"]?.stringValue ?? "" })")
      #expect(
        run.diagnostics.allSatisfy { $0.hasPrefix("monica-avatar: warning: contact ") } && !run.diagnostics.isEmpty)
      #expect(saved.message?.contains("(--strict)") == true, "\(saved)")
    }
  }

  @Test("photos come from the cache on a second run, with no request; --refresh walks them again")
  func photoCache() async throws {
    let run = try InProcessRun(contacts: 60)
    let photos = try await Self.contacts(with: "photo", run)
    #expect(photos.count > 1)
    let first = try await Self.save(run, lines: photos)
    #expect(first.error == nil && run.diagnostics.isEmpty, "\(first)")
    #expect(first.records.allSatisfy { $0["from"]?.stringValue == "network" })
    let walked = run.exchanges(path: "/api/photos").count
    #expect(walked == 1)
    let second = try await Self.save(run, lines: photos, dir: "again")
    #expect(second.records.allSatisfy { $0["from"]?.stringValue == "cache" }, "\(second)")
    #expect(run.exchanges(path: "/api/photos").count == walked)
    for result in first.records {
      let name = ((result["file"]?.stringValue ?? "") as NSString).lastPathComponent
      #expect(!name.isEmpty && bytes(run.home.root + "/faces/" + name) == bytes(run.home.root + "/again/" + name))
    }
    let refresh = try await Self.save(run, lines: photos, refresh: true)
    #expect(refresh.records.allSatisfy { $0["from"]?.stringValue == "network" }, "\(refresh)")
    #expect(run.exchanges(path: "/api/photos").count == walked + 1)
  }

  @Test("photos are cached by id and updated_at: another photo is read, a known one costs nothing")
  func photoVersions() async throws {
    let run = try InProcessRun(contacts: 60)
    let photos = try await FetcherTests.fetch(run, "photos") { $0.contact = .id(2) }.records
    let first = try #require(photos.first)
    let firstID = try #require(first["id"]?.intValue)
    let firstBytes = try Self.decoded(first["dataUrl"]?.stringValue)
    // Another image than the first photo's, uploaded as a second photo of the contact.
    let others = try await FetcherTests.fetch(run, "photos") { $0.max = 20 }.records
    let other = try #require(try others.map { try Self.decoded($0["dataUrl"]?.stringValue) }.first { $0 != firstBytes })
    let newPath = try run.file("new.png", other)
    let uploader = PhotoUploader(contactID: 2, files: [newPath], connection: run.connection())
    let upload = try await run.output { (output) throws(MonicaError) in try await uploader.run(output: output) }
    let secondID = try #require(upload.records.first?["id"]?.intValue, "\(upload)")
    let one = try await AvatarSetterTests.set(run, contact: 2, source: "photo", photo: firstID).lines
    let two = try await AvatarSetterTests.set(run, contact: 2, source: "photo", photo: secondID).lines
    let cache = run.home.home + "/.cache/monica/avatars"
    let face = run.home.root + "/faces/2.png"
    func save(_ lines: [String], refresh: Bool = false) async throws -> (from: String?, requests: Int) {
      let before = run.transport.exchanges.count
      let saved = try await Self.save(run, lines: lines, refresh: refresh)
      #expect(saved.error == nil, "\(saved)")
      return (saved.records.first?["from"]?.stringValue, run.transport.exchanges.count - before)
    }
    let oneSaved = try await save(one)
    #expect(oneSaved.from == "network" && oneSaved.requests == 1 && bytes(face) == firstBytes)
    let twoSaved = try await save(two)
    #expect(twoSaved.from == "network" && twoSaved.requests == 1 && bytes(face) == other)
    // Back to the first photo, then the second: both known, no request at all.
    let oneAgain = try await save(one)
    #expect(oneAgain.from == "cache" && oneAgain.requests == 0 && bytes(face) == firstBytes)
    let twoAgain = try await save(two)
    #expect(twoAgain.from == "cache" && twoAgain.requests == 0 && bytes(face) == other)
    // Two photo versions and two links: four entries. Reading an unchanged photo again
    // (--refresh) stores nothing new.
    let entries = snapshot(cache)
    #expect(entries.count == 4, "\(entries.keys)")
    let refreshed = try await save(two, refresh: true)
    #expect(refreshed.from == "network" && refreshed.requests == 1)
    #expect(snapshot(cache) == entries)
  }

  @Test("data-URL avatars are cached by contact and URL: a second run says cache, asks nothing, writes nothing")
  func dataURLCache() async throws {
    let run = try InProcessRun(contacts: 60)
    let adorables = try await Self.contacts(with: "adorable", run)
    #expect(adorables.count > 1)
    let before = run.transport.exchanges.count
    let first = try await Self.save(run, lines: adorables)
    #expect(first.error == nil && run.diagnostics.isEmpty, "\(first)")
    #expect(first.records.map { $0["from"]?.stringValue } == Array(repeating: "data-url", count: adorables.count))
    let cache = run.home.home + "/.cache/monica/avatars"
    let (entries, saved) = (snapshot(cache), snapshot(run.home.root + "/faces"))
    #expect(entries.count == adorables.count && saved.count == adorables.count)
    let second = try await Self.save(run, lines: adorables)
    #expect(second.error == nil && run.diagnostics.isEmpty, "\(second)")
    #expect(second.records.map { $0["from"]?.stringValue } == Array(repeating: "cache", count: adorables.count))
    #expect(snapshot(cache) == entries && snapshot(run.home.root + "/faces") == saved, "the second run wrote something")
    #expect(run.transport.exchanges.count == before, "a data URL cost a request")
    // Another URL for the same contact is another entry, decoded afresh.
    guard case .object(var changed) = try JSONValue(parsing: adorables[0]),
      case .object(var information) = changed["information"], case .object(var avatar) = information["avatar"]
    else {
      Issue.record("not a contact: \(adorables[0])")
      return
    }
    avatar["url"] = try JSONValue(parsing: adorables[1])["information"]?["avatar"]?["url"]
    information["avatar"] = .object(avatar)
    changed["information"] = .object(information)
    let again = try await Self.save(run, lines: [JSONWriter.plain.string(.object(changed))])
    #expect(again.records.first?["from"]?.stringValue == "data-url", "\(again)")
    #expect(snapshot(cache).count == adorables.count + 1)
    // With no credentials at all the URLs are decoded as they are: nothing asked, nothing cached.
    let bare = try await Self.save(run, lines: adorables, dir: "bare", environment: InProcessRun.profiles)
    #expect(bare.error == nil && run.diagnostics.isEmpty, "\(bare)")
    #expect(bare.records.allSatisfy { $0["from"]?.stringValue == "data-url" })
    #expect(snapshot(cache).count == adorables.count + 1)
  }

  /// The image of a `data:` URL.
  static func decoded(_ dataURL: String?) throws -> [UInt8] {
    let text = try #require(dataURL)
    return Array(try #require(Data(base64Encoded: String(text.split(separator: ",")[1]))))
  }
}
