import Foundation
import MonicaKit
import Testing

@testable import MonicaAPI

/// `SyncCard` and `SyncedCard`: a file as khard or a phone writes it and the card rendered from
/// Monica's record compare by the values Monica holds, and a file's content hash ignores who wrote
/// it and when (PRODID, REV).
@Suite struct SyncCardTests {
  static let today = CalendarDate(year: 2026, month: 11, day: 27) ?? CalendarDate.today()

  static func card(_ text: String) throws -> SyncCard {
    try SyncCard(lines: text.split(separator: "\n").map(String.init), today: today)
  }

  /// khard's 3.0 card: REV and PRODID of its own, upper-case types, a year-less birthday.
  static let khard = """
    BEGIN:VCARD
    VERSION:3.0
    PRODID:-//khard//NONSGML//EN
    REV:20260101T101010Z
    UID:urn:uuid:8f4c
    FN:Ana Lima
    N:Lima;Ana;;;
    TEL;TYPE=CELL:+46 70 123 45 67
    EMAIL;TYPE=INTERNET:ana@example.com
    BDAY:--0517
    CATEGORIES:friends,book club
    END:VCARD
    """

  @Test("khard's 3.0 card and a phone's 4.0 card with a tel: URI hold the same synced values")
  func sameValues() throws {
    let phone = try Self.card(
      """
      BEGIN:VCARD
      VERSION:4.0
      UID:urn:uuid:8f4c
      FN:Ana Lima
      N:Lima;Ana;;;
      TEL;VALUE=uri;TYPE=cell:tel:+46 70 123 45 67
      EMAIL:ana@example.com
      BDAY:--0517
      CATEGORIES:book club,friends
      END:VCARD
      """)
    let khard = try Self.card(Self.khard)
    #expect(khard.values == phone.values)
    #expect(khard.values.phones.map(\.content) == ["+46 70 123 45 67"])
    #expect(khard.values.birthday?.year == nil && khard.values.birthday?.month == 5)
    #expect(khard.uid == "urn:uuid:8f4c" && khard.version == .v3 && phone.version == .v4)
  }

  @Test("REV and PRODID are not content: a khard edit that changed only them is no change")
  func hashIgnoresBookkeeping() throws {
    let base = try Self.card(Self.khard)
    let touched = try Self.card(
      Self.khard.replacingOccurrences(of: "REV:20260101T101010Z", with: "REV:20261127T080000Z")
        .replacingOccurrences(of: "PRODID:-//khard//NONSGML//EN", with: "PRODID:-//other//EN"))
    #expect(base.hash == touched.hash)
    let edited = try Self.card(Self.khard.replacingOccurrences(of: "+46 70 123 45 67", with: "+46 70 123 45 68"))
    #expect(base.hash != edited.hash)
    // What changed is named by its group.
    let photo: String? = nil
    #expect(edited.values.changedGroups(since: base.groupHashes(photo: photo), photo: photo) == [.phones])
    #expect(base.values.changedGroups(since: base.groupHashes(photo: photo), photo: photo).isEmpty)
  }

  @Test("a file with no card, or two, is named and not synced")
  func unreadable() throws {
    let root = NSTemporaryDirectory() + "/sync-card-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let crlf = Self.khard.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
    try (crlf + crlf).write(toFile: root + "/two.vcf", atomically: true, encoding: .utf8)
    try "".write(toFile: root + "/empty.vcf", atomically: true, encoding: .utf8)
    try crlf.write(toFile: root + "/one.vcf", atomically: true, encoding: .utf8)
    func reason(_ name: String) -> String? {
      if case .failure(let problem) = SyncCard.read(path: root + "/" + name, name: name, today: Self.today) {
        return problem.reason
      }
      return nil
    }
    #expect(reason("two.vcf") == "holds more than one card")
    #expect(reason("empty.vcf") == "holds no card")
    #expect(reason("one.vcf") == nil)
    if case .success(let one) = SyncCard.read(path: root + "/one.vcf", name: "one.vcf", today: Self.today) {
      #expect(one.hash == (try Self.card(Self.khard)).hash)
    }
  }

  @Test("a card read from the bytes just written is the card read from their file: folds, QP, no final newline, errors")
  func bytesAsFile() throws {
    let directory = FileManager.default.temporaryDirectory.path + "/synccard-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let folded =
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:f-1\r\nFN:Ana\r\n  Lima\r\nN:Lima;Ana;;;\r\nNOTE:a long\r\n\t note\r\nEND:VCARD"
    let quoted =
      "BEGIN:VCARD\nVERSION:2.1\nN:Ek;Bo\nFN:Bo Ek\nNOTE;ENCODING=QUOTED-PRINTABLE:one=\ntwo=0D=0Athree\nEND:VCARD\n"
    let two = Self.khard + "\n" + Self.khard + "\n"
    for (index, text) in [Self.khard, folded, quoted, two, "", "BEGIN:VCARD\nVERSION:4.0\nFN:No End\n"].enumerated() {
      let path = directory + "/\(index).vcf"
      let bytes = Array(text.utf8)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let fromFile = SyncCard.read(path: path, name: "\(index).vcf", today: Self.today)
      let fromBytes = SyncCard.read(bytes: bytes, path: path, today: Self.today)
      switch (fromFile, fromBytes) {
      case (.success(let file), .success(let read)):
        #expect(file.hash == read.hash && file.values == read.values && file.uid == read.uid, "\(index)")
        #expect(file.card.properties.count == read.card.properties.count, "\(index)")
      case (.failure(let file), .failure(let read)):
        #expect(file == read, "\(index)")
      default:
        Issue.record("\(index): \(fromFile) against \(fromBytes)")
      }
    }
  }
}
