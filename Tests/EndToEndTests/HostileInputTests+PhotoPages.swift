import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Legitimate answers that are large: photos of up to 10 MB (Monica's upload limit) whose
/// records carry them as base64, so that one `/api/photos` page of 100 may reach the 64 MiB cap
/// of an API answer. monica-avatar and monica-photo read them in under 100 MB, byte for byte.
extension HostileInputTests {
  /// A set of photos, each of `bytes` long, one per contact, whose avatars they are.
  struct PhotoPageCase: Sendable, CustomTestStringConvertible {
    let name: String
    let sizes: [Int]
    var testDescription: String { name }
  }

  /// As near the 64 MiB cap as photos go: four of Monica's largest and one of 6 MB. The page that
  /// found the gap (four photos of 9.7 MB, 52.5 MB of base64 in one answer, read back whole at
  /// 131 MB) is a smaller page of the same shape, so this one case covers it: each case costs
  /// about a minute of CPU in the debug build (five uploads of 10 MB, a page of 64 MB parsed by
  /// the sandbox and by three tools).
  static let photoPages: [PhotoPageCase] = [
    PhotoPageCase(
      name: "five photos up to 10 MB, a page near the 64 MiB cap",
      sizes: Array(repeating: ImageKind.byteLimit, count: 4) + [6_000_000])
  ]

  /// An incompressible PNG of `count` bytes: the signature, then bytes of a generator.
  static func bigPNG(_ count: Int, seed: UInt64) -> Data {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    var bytes = [UInt8](repeating: 0, count: count)
    for index in stride(from: 0, to: count, by: 8) {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      withUnsafeBytes(of: state) { word in
        for offset in 0..<min(8, count - index) { bytes[index + offset] = word[offset] }
      }
    }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    bytes.replaceSubrange(0..<signature.count, with: signature)
    return Data(bytes)
  }

  /// The bytes of a result's `file`, relative to `root` unless absolute.
  func saved(_ result: JSONValue, root: String) -> Data? {
    guard let file = result["file"]?.stringValue else { return nil }
    return FileManager.default.contents(atPath: file.hasPrefix("/") ? file : root + "/" + file)
  }

  @Test(
    "big photo pages: monica-avatar and monica-photo save read them in under 100 MB, byte for byte",
    arguments: photoPages)
  func bigPhotoPage(_ photoCase: PhotoPageCase) throws {
    let sandbox = try Sandbox.start(["--contacts", "6", "--rate-limit", "0"])
    let root = sandbox.temporary.root
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "120000"]) { $1 }
    let ids = try records(sh("monica-fetch contacts", env: env).stdout).compactMap { $0["id"]?.intValue }
    try #require(ids.count >= photoCase.sizes.count)
    var images: [Int: Data] = [:]
    var photoIDs: [Int: Int] = [:]
    var lines: [String] = []
    for (index, size) in photoCase.sizes.enumerated() {
      let contactID = ids[index]
      let image = Self.bigPNG(size, seed: UInt64(index + 1))
      try image.write(to: URL(fileURLWithPath: root + "/photo-\(index).png"))
      let upload = try sh("monica-photo upload --contact \(contactID) photo-\(index).png", env: env, directory: root)
      try #require(upload.status == 0, "\(upload.stderr)")
      let photoID = try #require(try records(upload.stdout).first?["id"]?.intValue)
      let set = try sh("monica-avatar set --contact \(contactID) --source photo --photo \(photoID)", env: env)
      try #require(set.status == 0, "\(set.stderr)")
      lines.append(set.stdout.trimmingCharacters(in: .newlines))
      (images[contactID], photoIDs[photoID]) = (image, contactID)
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: root + "/in.ndjson", atomically: true, encoding: .utf8)
    let pageBytes = try sh(
      #"curl -sf -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/photos?page=1&limit=100" | wc -c"#, env: env)
    let megabytesOfPage = (Double(pageBytes.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) / 1e6
    #expect(megabytesOfPage > 50 && megabytesOfPage < Double(BodyLimits.apiAnswer) / 1e6, "\(megabytesOfPage) MB")
    let before = sandbox.requests(path: "/api/photos").count

    // monica-avatar: one walk of /api/photos, one page of 100, every photo the bytes uploaded.
    let (run, megabytes, _) = try measured("monica-avatar save --dir faces < in.ndjson", env: env, directory: root)
    #expect(run.status == 0, "\(run)")
    let results = try records(run.stdout)
    #expect(results.count == photoCase.sizes.count, "\(run)")
    for result in results {
      let contactID = try #require(result["contact_id"]?.intValue)
      #expect(result["from"]?.stringValue == "network" && result["source"]?.stringValue == "photo", "\(result)")
      #expect(saved(result, root: root) == images[contactID], "contact #\(contactID): \(result)")
    }
    let walked = sandbox.requests(path: "/api/photos").dropFirst(before)
    #expect(walked.count == 1, "\(walked)")
    #expect(megabytes < 100, "monica-avatar: peak RSS \(megabytes) MB of a \(megabytesOfPage) MB page")

    // One contact's photo of 10 MB: one request to its own photos.
    let one = try sh("head -n 1 in.ndjson > one.ndjson", env: env, directory: root)
    #expect(one.status == 0)
    let (single, singleMegabytes, _) = try measured(
      "monica-avatar save --refresh --dir one < one.ndjson", env: env, directory: root)
    #expect(single.status == 0, "\(single)")
    let singleResult = try #require(try records(single.stdout).first)
    #expect(saved(singleResult, root: root) == images[ids[0]], "\(singleResult)")
    #expect(sandbox.requests(path: "/api/contacts/\(ids[0])/photos").count == 1)
    #expect(singleMegabytes < 100, "monica-avatar, one photo: peak RSS \(singleMegabytes) MB")

    // monica-photo save of the records as monica-fetch writes them: each line up to 14 MB.
    let fetched = try sh("monica-fetch photos > photos.ndjson", env: env, directory: root)
    #expect(fetched.status == 0, "\(fetched)")
    let (save, saveMegabytes, _) = try measured(
      "monica-photo save --dir out < photos.ndjson", env: env, directory: root)
    #expect(save.status == 0, "\(save)")
    let savedPhotos = try records(save.stdout).filter { $0["photo_id"]?.intValue.flatMap { photoIDs[$0] } != nil }
    #expect(savedPhotos.count == photoCase.sizes.count, "\(save)")
    for result in savedPhotos {
      let contactID = try #require(result["photo_id"]?.intValue.flatMap { photoIDs[$0] })
      #expect(saved(result, root: root) == images[contactID], "photo \(result)")
    }
    #expect(saveMegabytes < 100, "monica-photo save: peak RSS \(saveMegabytes) MB")
  }
}

extension HostileInputTests {
  @Test("a photo record of 40 MB (a dataUrl past any photo) is refused by monica-photo save in under 100 MB")
  func hugePhotoRecord() throws {
    let home = try TemporaryHome()
    let path = home.root + "/photos.ndjson"
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try file.write(
      contentsOf: Data(#"{"id":3,"object":"photo","contact":{"id":1},"dataUrl":"data:image\/png;base64,"#.utf8))
    let block = Data(String(repeating: "iVBORw0KGgo\\/", count: 1 << 16).utf8)
    for _ in 0..<(40_000_000 / block.count) { try file.write(contentsOf: block) }
    try file.write(contentsOf: Data("\"}\n".utf8))
    try file.close()
    let (run, megabytes, _) = try measured(
      "monica-photo save --dir out < photos.ndjson", env: home.env, directory: home.root)
    #expect(run.status == 65 && run.stdout.isEmpty, "\(run)")
    #expect(run.stderr.hasPrefix("monica-photo: error: stdin:1: "), "\(run.stderr)")
    #expect(megabytes < 100, "peak RSS \(megabytes) MB")
  }
}
