import Foundation
import Testing

@testable import MonicaKit

/// The cache on disk, in a temporary HOME: modes, damage, bounds, and the profile it belongs to.
@Suite struct EncryptedCacheTests {
  let root: String
  let store: CredentialStore
  let instance: InstanceURL

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID())").path
    store = CredentialStore(environment: ToolEnvironment(variables: ["HOME": root]))
    instance = try InstanceURL("https://m.example")
  }

  /// A key-file profile saved in the store, and its cache.
  func profileCache(_ profile: String = "p", token: String = "tok") throws -> ProfileCache {
    let payload = CredentialFile.Payload(token: token, userName: "Ann", userEmail: "a@example.com", userID: 1)
    try store.save(payload, profile: profile, instance: instance, passphrase: nil)
    let loaded = try store.load(profile: profile) { () throws(MonicaError) in "unused" }
    let credentials = Credentials(
      instance: loaded.instance, token: token, profile: profile, keyFileKey: loaded.keyFileKey, savedFile: loaded.file)
    return ProfileCache(credentials: credentials, store: store)
  }

  func key(_ page: Int = 1) -> CacheKey {
    CacheKey(instance: instance.instance, resource: "https://m.example/api/contacts?page=\(page)&limit=100")
  }

  /// What a lookup found, for comparisons.
  func describe(_ lookup: EncryptedCache.Lookup<CacheEntryReader>) -> String {
    switch lookup {
    case .missing: "missing"
    case .discarded(let why): "discarded: \(why)"
    case .found: "found"
    }
  }

  func mode(_ path: String) -> Int {
    // FileManager's attributes are lstat(2)'s: `stat` itself is ambiguous under
    // MemberImportVisibility once Dispatch's headers claim it (CDispatch).
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int).map { $0 & 0o777 } ?? -1
  }

  @Test("a stored entry reads back; the file is 0600 in 0700 directories, named by a keyed hash")
  func storeAndRead() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = try profileCache().section("responses", entryLimit: 1 << 20)
    #expect(cache.read(key()) == .missing)
    let entry = CacheEntry(metadata: [("walk", "1")], body: Array("{\"data\":[]}".utf8))
    #expect(try cache.store(entry, for: key()))
    #expect(cache.read(key()) == .found(entry))
    #expect(cache.read(key(2)) == .missing)
    let file = cache.filePath(key())
    #expect(mode(file) == 0o600)
    for directory in [root + "/.cache/monica", root + "/.cache/monica/p", root + "/.cache/monica/p/responses"] {
      #expect(mode(directory) == 0o700, "\(directory)")
    }
    #expect(!file.contains("contacts") && !file.contains("page"))
    // The last writer wins, whole.
    let newer = CacheEntry(metadata: [("walk", "2")], body: Array("{\"data\":[{}]}".utf8))
    #expect(try cache.store(newer, for: key()))
    #expect(cache.read(key()) == .found(newer))
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path) == [(file as NSString).lastPathComponent])
  }

  @Test("images live in avatars/<profile>, 0700; clearing and deleting a profile remove its own alone")
  func separateKind() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let monica = root + "/.cache/monica"
    let (p, q) = (try profileCache("p"), try profileCache("q", token: "other"))
    let images = p.section("avatars", entryLimit: 1 << 20)
    #expect(images.path == monica + "/avatars/p")
    #expect(p.directory.allPaths == [monica + "/p", monica + "/avatars/p"])
    let entry = CacheEntry(body: [1, 2, 3])
    #expect(try images.store(entry, for: key()))
    #expect(try p.section("responses", entryLimit: 1 << 20).store(entry, for: key()))
    #expect(try q.section("avatars", entryLimit: 1 << 20).store(entry, for: key()))
    #expect([monica + "/avatars", monica + "/avatars/p"].map(mode) == [0o700, 0o700])
    #expect(p.directory.usage().entries == 2)
    // The other profile's keys open nothing of p's, in a directory of its own.
    #expect(q.section("avatars", entryLimit: 1 << 20).path == monica + "/avatars/q")
    try p.directory.clear()
    #expect(!FileManager.default.fileExists(atPath: monica + "/avatars/p"))
    #expect(!FileManager.default.fileExists(atPath: monica + "/p"))
    #expect(q.section("avatars", entryLimit: 1 << 20).read(key()) == .found(entry))
    #expect(try store.delete(profile: "q") != nil && !FileManager.default.fileExists(atPath: monica + "/avatars/q"))
    // The whole cache is one directory, kinds included.
    #expect(CacheDirectory(root: monica).allPaths == [monica])
    #expect(throws: MonicaError.self) { try CredentialStore.validate(profile: "avatars") }
  }

  @Test("a listing is stored page by page and read back page by page, with its time and metadata")
  func parts() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = try profileCache().section("responses", entryLimit: 1 << 20)
    let pages = (1...5).map { Array("{\"data\":[{\"id\":\($0)}]}".utf8) }
    let stored = Date(timeIntervalSince1970: 1_800_000_000)
    let writer = try cache.writer(for: key(), storedAt: stored, metadata: [("limit", "100")])
    for page in pages { #expect(try writer.append(page)) }
    // Nothing is in place before the commit.
    #expect(describe(cache.open(key())) == "missing")
    #expect(try writer.commit(complete: false))
    guard case .found(let reader) = cache.open(key()) else {
      Issue.record("the listing did not open")
      return
    }
    #expect(reader.storedAt == stored && reader["limit"] == "100" && reader.partCount == 5 && !reader.isComplete)
    var read: [[UInt8]] = []
    while let part = try reader.nextPart() { read.append(part) }
    #expect(read == pages)
    #expect(try reader.nextPart() == nil)
    // An abandoned writer leaves the entry as it was and no file behind.
    let abandoned = try cache.writer(for: key())
    try abandoned.append([1, 2, 3])
    abandoned.abandon()
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).count == 1)
    guard case .found(let again) = cache.open(key()) else { return }
    #expect(again.partCount == 5)
  }

  @Test("every single flipped bit, a cut, an extension or a dropped page makes the entry unusable")
  func everyByte() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = try profileCache().section("responses", entryLimit: 1 << 20)
    let writer = try cache.writer(for: key(), metadata: [("limit", "2")])
    for page in ["{\"a\":1}", "{\"b\":2}", "{\"c\":3}"] { try writer.append(Array(page.utf8)) }
    try writer.commit(complete: true)
    let file = cache.filePath(key())
    let good = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
    func put(_ bytes: [UInt8]) throws {
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      chmod(file, 0o600)
    }
    for index in good.indices {
      var flipped = good
      flipped[index] ^= 0x04
      try put(flipped)
      guard case .discarded = cache.open(key()) else {
        Issue.record("a flipped bit at \(index) opened")
        continue
      }
      #expect(!FileManager.default.fileExists(atPath: file))
    }
    // Cut at every segment boundary and inside, extended, or the second page's segment left out.
    let segment = CacheEntryFile.segmentOverhead + 7
    let headEnd = good.count - 3 * segment - (CacheEntryFile.segmentOverhead + 5)
    for cut in [good.count - 1, good.count - CacheEntryFile.segmentOverhead - 5, headEnd + segment, 9, 0] {
      try put(Array(good.prefix(cut)))
      #expect(describe(cache.open(key())) == "discarded: damaged or altered", "cut at \(cut)")
    }
    try put(good + [0])
    #expect(describe(cache.open(key())) == "discarded: damaged or altered")
    try put(Array(good[..<(headEnd + segment)] + good[(headEnd + 2 * segment)...]))
    #expect(describe(cache.open(key())) == "discarded: damaged or altered")
    try put(good)
    guard case .found(let reader) = cache.open(key()) else {
      Issue.record("the good file no longer opens")
      return
    }
    #expect(reader.partCount == 3 && reader.isComplete)
  }

  @Test("a damaged, renamed, oversized or exposed entry is discarded, never returned")
  func discarded() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = try profileCache().section("responses", entryLimit: 1_000)
    let entry = CacheEntry(body: Array(repeating: UInt8(ascii: "x"), count: 500))
    let file = cache.filePath(key())
    func put(_ bytes: [UInt8], at path: String, mode: mode_t = 0o600) throws {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      chmod(path, mode)
    }
    // A flipped byte.
    try cache.store(entry, for: key())
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
    bytes[bytes.count / 2] ^= 0x20
    try put(bytes, at: file)
    #expect(cache.read(key()) == .discarded("damaged or altered"))
    #expect(!FileManager.default.fileExists(atPath: file))
    // Page 1's file under page 2's name.
    try cache.store(entry, for: key())
    try FileManager.default.copyItem(atPath: file, toPath: cache.filePath(key(2)))
    #expect(cache.read(key(2)) == .discarded("damaged or altered"))
    #expect(cache.read(key()) == .found(entry))
    // Larger than any entry can be: refused before it is read.
    try put(Array(repeating: 0, count: CacheEntryReader.fileLimit(1_000) + 1), at: file)
    guard case .discarded(let why) = cache.read(key()) else {
      Issue.record("an oversized file was read")
      return
    }
    #expect(why == "larger than allowed")
    // Readable by others.
    try cache.store(entry, for: key())
    chmod(file, 0o644)
    #expect(cache.read(key()) == .discarded("accessible by others"))
    // A link in an entry's place is not followed.
    try cache.store(entry, for: key(2))
    symlink(cache.filePath(key(2)), file)
    guard case .discarded = cache.read(key()) else {
      Issue.record("a symbolic link was followed")
      return
    }
    #expect(cache.read(key(2)) == .found(entry))
  }

  @Test("bodies over the limit are not stored; a directory others can enter is refused")
  func limits() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = try profileCache().section("responses", entryLimit: 100)
    #expect(try !cache.store(CacheEntry(body: Array(repeating: 1, count: 101)), for: key()))
    #expect(try cache.store(CacheEntry(body: Array(repeating: 1, count: 100)), for: key()))
    try cache.checkDirectories()
    chmod(cache.path, 0o755)
    #expect(throws: MonicaError.self) { try cache.checkDirectories() }
    #expect(throws: MonicaError.self) { try cache.store(CacheEntry(body: []), for: key()) }
  }

  @Test("after a logout or a new login, entries sealed with the old keys are neither written nor opened")
  func boundToTheProfile() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let old = try profileCache(token: "old").section("responses", entryLimit: 1_000)
    #expect(try old.store(CacheEntry(body: [1]), for: key()))
    // A new login replaces the credential file and key, and empties the cache.
    let new = try profileCache(token: "new").section("responses", entryLimit: 1_000)
    #expect(!FileManager.default.fileExists(atPath: old.filePath(key())))
    #expect(try !old.store(CacheEntry(body: [1]), for: key()))
    #expect(try new.store(CacheEntry(body: [2]), for: key()))
    // The old keys do not open the new entry, wherever it is put.
    try FileManager.default.copyItem(atPath: new.filePath(key()), toPath: old.filePath(key()))
    #expect(old.read(key()) == .discarded("damaged or altered"))
    #expect(try store.delete(profile: "p") != nil)
    #expect(!FileManager.default.fileExists(atPath: new.profile.directory.path))
    #expect(try !new.store(CacheEntry(body: [3]), for: key()))
    #expect(!FileManager.default.fileExists(atPath: new.profile.directory.path))
  }

  @Test("profiles and environment tokens have directories and keys of their own")
  func scopes() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let home = try profileCache("home").section("responses", entryLimit: 1_000)
    let work = try profileCache("work").section("responses", entryLimit: 1_000)
    let environment = ProfileCache(
      credentials: Credentials(instance: instance, token: "tok", profile: nil), store: store
    ).section("responses", entryLimit: 1_000)
    #expect(Set([home.path, work.path, environment.path]).count == 3)
    #expect(try home.store(CacheEntry(body: [1]), for: key()))
    #expect(work.read(key()) == .missing && environment.read(key()) == .missing)
    // Planted under the other profile's name, it does not open.
    try FileManager.default.createDirectory(atPath: work.path, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: home.filePath(key()), toPath: work.filePath(key()))
    #expect(work.read(key()) == .discarded("damaged or altered"))
  }

  @Test("usage counts entries and bytes; clear removes the directory")
  func usageAndClear() throws {
    defer { try? FileManager.default.removeItem(atPath: root) }
    let profile = try profileCache()
    let cache = profile.section("responses", entryLimit: 1_000)
    #expect(profile.directory.usage() == CacheUsage())
    #expect(CacheUsage().description == "empty")
    try cache.store(CacheEntry(body: Array(repeating: 1, count: 10)), for: key())
    try cache.store(CacheEntry(body: Array(repeating: 1, count: 10)), for: key(2))
    let usage = profile.directory.usage()
    let sizes = try FileManager.default.contentsOfDirectory(atPath: cache.path).map {
      try FileManager.default.attributesOfItem(atPath: cache.path + "/" + $0)[.size] as? Int ?? 0
    }
    #expect(usage.entries == 2 && usage.bytes == Int64(sizes.reduce(0, +)) && usage.bytes > 20)
    #expect(CacheUsage(entries: 1, bytes: 812).description == "1 entry, 812 bytes")
    #expect(CacheUsage(entries: 14, bytes: 1_234_567).description == "14 entries, 1.2 MB")
    try profile.directory.clear()
    #expect(!FileManager.default.fileExists(atPath: profile.directory.path))
    try profile.directory.clear()
  }
}
