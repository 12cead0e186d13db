import Foundation
import Testing

@testable import MonicaKit

/// `VdirWriter`: names that fit and never collide, removal only when the input can say it is
/// whole and never most of a vdir at once, a list that a killed run leaves whole, owner-only files.
@Suite struct VdirWriterTests {
  /// A fresh directory; the vdir is `book` inside it (made by the writer).
  final class Place {
    let root: String
    var book: String { root + "/book" }
    init() throws {
      root = NSTemporaryDirectory() + "/vdir-writer-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The `.vcf` files in the vdir, sorted.
    func files() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: book).filter { $0.hasSuffix(".vcf") }.sorted()
    }

    /// The names the list holds, sorted, each once.
    func listed() throws -> [String] {
      let text = try String(contentsOfFile: book + "/" + VdirWriter.manifestName, encoding: .utf8)
      return Set(text.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }).sorted()
    }
  }

  static func card(_ uid: String, _ name: String = "Ana") -> [UInt8] {
    Array("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(uid)\r\nFN:\(name)\r\nEND:VCARD\r\n".utf8)
  }

  /// One run writing `uids`, whose input is whole or not, with or without `--force`.
  @discardableResult
  static func run(
    _ place: Place, _ uids: [String], whole: Bool = true, force: Bool = false, finish: Bool = true
  ) throws -> [String] {
    var warnings: [String] = []
    let writer = VdirWriter(directory: place.book, fileExtension: "vcf") { warnings.append($0) }
    writer.removal = VdirWriter.Removal(inputIsWhole: whole, force: force)
    for uid in uids { try writer.write(uid: uid, bytes: card(uid)) }
    if finish { try writer.finish() }
    return warnings
  }

  @Test("a 5,000-character UID gets a name that fits, cut with a hash; two such UIDs get two files")
  func longUID() throws {
    let place = try Place()
    let long = String(repeating: "x", count: 5_000)
    let warnings = try Self.run(place, [long + "1", long + "2", "short"])
    let files = try place.files()
    #expect(files.count == 3, "\(files)")
    #expect(files.allSatisfy { $0.utf8.count <= VdirName.maximumLength }, "\(files)")
    #expect(files.contains("short.vcf"))
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(try place.listed() == files)
    // The same UIDs name the same files on the next run: nothing written again, nothing removed.
    try Self.run(place, [long + "1", long + "2", "short"])
    #expect(try place.files() == files)
  }

  @Test("UIDs that flatten to one name, and a UID twice, each keep a file of their own, and the repeat is said")
  func collisions() throws {
    let place = try Place()
    let warnings = try Self.run(place, ["a/b", "a_b", "a:b", "a_b"])
    let files = try place.files()
    #expect(files.count == 4, "\(files)")
    #expect(files.contains("a_b.vcf"), "\(files)")
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("\"a_b\"") == true && warnings.first?.contains("earlier item") == true)
    // Each file holds its own item.
    let texts = try files.map { try String(contentsOfFile: place.book + "/" + $0, encoding: .utf8) }
    #expect(Set(texts.compactMap { $0.split(separator: "\r\n").first { $0.hasPrefix("UID:") } }).count == 3)
    #expect(texts.filter { $0.contains("UID:a_b\r\n") }.count == 2)
    // A name of the safe form cannot take another UID's file: the later item gets a name of its own.
    let other = try Place()
    let taken = VdirName.fileName(uid: "c/d", fileExtension: "vcf")
    try Self.run(other, ["c/d", String(taken.dropLast(4))])
    #expect(try other.files().count == 2)
  }

  @Test("an input that cannot say it is whole (a pipe) removes nothing, and says what it kept")
  func streamRemovesNothing() throws {
    let place = try Place()
    try Self.run(place, ["a", "b", "c", "d"])
    let warnings = try Self.run(place, ["a", "b", "c"], whole: false)
    #expect(try place.files() == ["a.vcf", "b.vcf", "c.vcf", "d.vcf"])
    #expect(warnings.count == 1 && warnings[0].contains("1 file whose items are not in the input kept"), "\(warnings)")
    // Still listed: a later whole input removes it.
    let later = try Self.run(place, ["a", "b", "c"], whole: true)
    #expect(try place.files() == ["a.vcf", "b.vcf", "c.vcf"])
    #expect(later.contains { $0.hasSuffix("removed 1 file whose items are gone") }, "\(later)")
  }

  @Test("more than half of the listed files go only with force")
  func shareNeedsForce() throws {
    let place = try Place()
    let all = (1...10).map { "c\($0)" }
    try Self.run(place, all)
    let refused = try Self.run(place, Array(all.prefix(4)))
    #expect(try place.files().count == 10)
    #expect(refused.count == 1 && refused[0].contains("6 files of 10") && refused[0].contains("--force"), "\(refused)")
    // Half exactly is allowed.
    let half = try Self.run(place, Array(all.prefix(5)))
    #expect(try place.files().count == 5, "\(half)")
    try Self.run(place, ["c1"], force: true)
    #expect(try place.files() == ["c1.vcf"])
  }

  @Test("a run that stops before its end has listed every file it wrote")
  func killedRunListed() throws {
    let place = try Place()
    // Stopped after five files: no finish, as a kill -9 leaves it.
    try Self.run(place, ["a", "b", "c", "d", "e"], finish: false)
    #expect(try place.listed() == ["a.vcf", "b.vcf", "c.vcf", "d.vcf", "e.vcf"])
    // The list a kill cut mid-line is read, and the next whole run removes what is gone.
    let handle = try #require(FileHandle(forWritingAtPath: place.book + "/" + VdirWriter.manifestName))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("f.vc".utf8))
    try handle.close()
    try Self.run(place, ["a", "b", "c", "d"])
    #expect(try place.files() == ["a.vcf", "b.vcf", "c.vcf", "d.vcf"])
    #expect(try place.listed() == ["a.vcf", "b.vcf", "c.vcf", "d.vcf"])
  }

  @Test("the directory it makes is 0700, its files and list 0600")
  func modes() throws {
    let place = try Place()
    let writer = VdirWriter(directory: place.root + "/deep/book", fileExtension: "vcf")
    try writer.write(uid: "a", bytes: Self.card("a"))
    try writer.finish()
    func mode(_ path: String) throws -> Int {
      try ((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1)
    }
    #expect(try mode(place.root + "/deep/book") == 0o700)
    #expect(try mode(place.root + "/deep/book/a.vcf") == 0o600)
    #expect(try mode(place.root + "/deep/book/" + VdirWriter.manifestName) == 0o600)
  }
}
