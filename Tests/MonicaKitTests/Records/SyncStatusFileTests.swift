import Foundation
import Testing

@testable import MonicaKit

/// `SyncStatusFile`: monica-sync's status of a vdir, appended line by line so that a run killed
/// half-way leaves what it did, read back whole, locked for the run that decides.
@Suite struct SyncStatusFileTests {
  final class Place {
    let root = NSTemporaryDirectory() + "/sync-status-\(UUID().uuidString)"
    var path: String { root + "/book.status" }
    init() throws { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: root) }
    func text() -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
  }

  static let ana = SyncStatusFile.Entry(
    file: "ana.vcf", uid: "urn:uuid:1", uuid: "1", contact: 4, etag: "1.5:77", fileHash: "ab", updatedAt: "2026-01-02",
    monicaHash: "cd", groups: "g", unsynced: nil, state: .synced)

  @Test("entries, forgotten items, the account and keys read back as written; the file is 0600")
  func roundTrip() throws {
    let place = try Place()
    let status = try SyncStatusFile(path: place.path, create: true)
    try status.record(account: "work\tplace")
    let key = try status.takeKey()
    #expect(key == 1)
    var odd = Self.ana
    (odd.file, odd.uid, odd.state) = ("odd %-\n.vcf", "-", .creating(key))
    try status.record([Self.ana, odd])
    var bob = Self.ana
    bob.file = "bob.vcf"
    try status.record([bob])
    try status.forget(["bob.vcf"])
    let read = try SyncStatusFile(path: place.path, create: false)
    #expect(read.entries == ["ana.vcf": Self.ana, odd.file: odd])
    #expect(read.account == "work\tplace")
    #expect(read.nextKey == 2)
    let mode = (try FileManager.default.attributesOfItem(atPath: place.path)[.posixPermissions] as? NSNumber)?.intValue
    #expect(mode == 0o600)
    // One line per record, whatever the values hold.
    #expect(place.text().split(separator: "\n").count == 6, "\(place.text())")
  }

  @Test("a torn last line (a kill mid-write) is not read, and the next append cuts it off")
  func tornLine() throws {
    let place = try Place()
    let status = try SyncStatusFile(path: place.path, create: true)
    try status.record([Self.ana])
    let handle = try #require(FileHandle(forWritingAtPath: place.path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("item\tbob.vcf\t-".utf8))
    try handle.close()
    let read = try SyncStatusFile(path: place.path, create: true)
    #expect(Array(read.entries.keys) == ["ana.vcf"])
    var carl = Self.ana
    carl.file = "carl.vcf"
    try read.record([carl])
    #expect(!place.text().contains("bob.vcf"), "\(place.text())")
    #expect(try SyncStatusFile(path: place.path, create: false).entries.keys.sorted() == ["ana.vcf", "carl.vcf"])
  }

  @Test("a line that is not the status's is malformed input at its place; a missing file reads empty")
  func malformed() throws {
    let place = try Place()
    #expect(try SyncStatusFile(path: place.path, create: false).entries.isEmpty)
    try "item\tana.vcf\t-\n".write(toFile: place.path, atomically: true, encoding: .utf8)
    #expect(throws: MonicaError.self) { try SyncStatusFile(path: place.path, create: false) }
    let slash = "item\ta/b.vcf\t-\t-\t-\t-\t-\t-\t-\t-\t-\tsynced\n"
    try slash.write(toFile: place.path, atomically: true, encoding: .utf8)
    do {
      _ = try SyncStatusFile(path: place.path, create: false)
      Issue.record("a file name with a slash was read")
    } catch {
      guard case .malformedInput(let source, let line, _) = error else { throw error }
      #expect(source == place.path && line == 1)
    }
  }

  @Test("compacting keeps the live items only, and what was appended before is read again")
  func compact() throws {
    let place = try Place()
    let status = try SyncStatusFile(path: place.path, create: true)
    var entry = Self.ana
    for index in 0..<100 {
      entry.etag = "\(index):1"
      try status.record([entry], durable: false)
    }
    try status.sync()
    try status.compact()
    #expect(place.text().split(separator: "\n").filter { $0.hasPrefix("item") }.count == 1)
    #expect(try SyncStatusFile(path: place.path, create: false).entries == ["ana.vcf": entry])
  }

  @Test("a second run waits for the lock, then reads what the first one wrote")
  func lock() async throws {
    let place = try Place()
    let first = try SyncStatusFile(path: place.path, create: true)
    try first.holdLock { _ in Issue.record("the first run waited") }
    let path = place.path
    let waited = Waited()
    let second = Task.detached { () throws -> [String] in
      let status = try SyncStatusFile(path: path, create: true)
      try status.holdLock { _ in waited.set() }
      return status.entries.keys.sorted()
    }
    // The second run says it waits; only then does the first one write and let go.
    for _ in 0..<400 where !waited.value { try await Task.sleep(nanoseconds: 10_000_000) }
    #expect(waited.value)
    try first.record([Self.ana])
    _ = consume first
    #expect(try await second.value == ["ana.vcf"])
  }

  final class Waited: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
  }
}
