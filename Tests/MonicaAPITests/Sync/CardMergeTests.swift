import Foundation
import MonicaKit
import Testing

@testable import MonicaAPI

/// `CardMerge`: a file written again from its contact keeps what Monica does not hold (GENDER, X-
/// properties, its own lines' types) and takes what Monica changed, removed values included.
@Suite struct CardMergeTests {
  /// The contact as the API gives it, after Ana's phone changed in Monica and her birthday went.
  static let contact = """
    {"id":4,"object":"contact","uuid":"8f4c","first_name":"Ana","last_name":"Lima","information":{"dates":{}},\
    "contactFields":[{"content":"+46 70 999 00 00","contact_field_type":{"type":"phone","name":"Phone","protocol":"tel:"}},\
    {"content":"ana@example.com","contact_field_type":{"type":"email","name":"Email","protocol":"mailto:"}}],\
    "tags":[{"name":"friends"},{"name":"book club"}]}
    """

  @Test("Monica's change replaces the file's value; what Monica has no field for stays, as the file wrote it")
  func keepsWhatMonicaCannotHold() throws {
    let file = try SyncCardTests.card(
      SyncCardTests.khard.replacingOccurrences(of: "END:VCARD", with: "GENDER:F\nX-CUSTOM;X-KIND=a:keep me\nEND:VCARD"))
    let rendered = VCardLines.lines(of: Array(Self.contact.utf8), version: file.version)
    let bytes = CardMerge.merge(rendered: rendered, into: file, basePhoto: nil, uid: nil)
    let merged = String(decoding: bytes, as: UTF8.self)
    let lines = merged.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.first == "BEGIN:VCARD" && lines.last == "END:VCARD", "\(lines)")
    #expect(lines.contains("VERSION:3.0") && lines.contains("UID:urn:uuid:8f4c"), "\(lines)")
    #expect(lines.contains("EMAIL;TYPE=INTERNET:ana@example.com"), "\(lines)")
    #expect(lines.contains("GENDER:F") && lines.contains("X-CUSTOM;X-KIND=a:keep me"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("TEL") && $0.hasSuffix("+46 70 999 00 00") }, "\(lines)")
    #expect(!merged.contains("+46 70 123 45 67") && !merged.contains("BDAY"), "\(lines)")
    #expect(!merged.contains("REV:") && !merged.contains("PRODID:"), "\(lines)")
    // Read again, the file holds Monica's values.
    let again = try SyncCardTests.card(lines.joined(separator: "\n"))
    let monica = try SyncCard(lines: rendered, today: SyncCardTests.today)
    #expect(again.values == monica.values)
    #expect(
      CardMerge.unsynced(file, renderedPhoto: nil, basePhoto: nil) == ["GENDER", "X-CUSTOM"],
      "\(CardMerge.unsynced(file, renderedPhoto: nil, basePhoto: nil))")
  }

  @Test("a file deleted and written back keeps its UID")
  func restoredKeepsUID() throws {
    let rendered = VCardLines.lines(of: Array(Self.contact.utf8))
    let bytes = CardMerge.merge(rendered: rendered, into: nil, basePhoto: nil, uid: "from-a-phone-17")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\r\nUID:from-a-phone-17\r\n") && !text.contains("urn:uuid:8f4c"), "\(text)")
  }

  @Test("a link Monica never held stays in the file through a pull of another change; one Monica removed goes")
  func keepsWhatMonicaNeverHeld() throws {
    let file = try SyncCardTests.card(
      SyncCardTests.khard.replacingOccurrences(of: "END:VCARD", with: "URL:https://ana.example\nEND:VCARD"))
    let rendered = VCardLines.lines(of: Array(Self.contact.utf8), version: file.version)
    func merged(_ unchanged: Set<SyncedCard.Group>?) -> String {
      String(
        decoding: CardMerge.merge(rendered: rendered, into: file, basePhoto: nil, uid: nil, monicaUnchanged: unchanged),
        as: UTF8.self)
    }
    // Monica changed the phones and the birthday only: its links are as they were, without this one.
    let pulled = merged(Set(SyncedCard.Group.allCases).subtracting([.phones, .birthday]))
    #expect(pulled.contains("\r\nURL:https://ana.example\r\n"), "\(pulled)")
    #expect(pulled.contains("+46 70 999 00 00") && !pulled.contains("+46 70 123 45 67"), "\(pulled)")
    // Monica's links changed (the link removed there), or a conflict settled for Monica: it goes.
    #expect(!merged(Set(SyncedCard.Group.allCases).subtracting([.links])).contains("ana.example"))
    #expect(!merged(nil).contains("ana.example"))
  }
}
