import Foundation
import Testing

@testable import MonicaKit

/// `VCardImporter`'s matching: a person twice in one file is one contact, the existing contacts
/// are known by the identity judgement, and the summary says what matched by what.
@Suite struct VCardImporterMatchingTests {
  /// A file in a fresh temporary directory.
  final class Work {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ name: String, _ text: String) throws -> String {
      let path = root + "/" + name
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }

    func read(_ name: String) -> String { (try? String(contentsOfFile: root + "/" + name, encoding: .utf8)) ?? "" }
  }

  /// Imports `cards` (vCard text, `\n` line ends); returns the records, the messages and the summary.
  func run(
    _ cards: String, existing: [String]? = nil, options: VCardImportOptions = VCardImportOptions(), work: Work
  ) throws -> (records: [JSONValue], messages: [String], summary: ImportSummary) {
    let vcf = try work.write("cards.vcf", cards.replacingOccurrences(of: "\n", with: "\r\n"))
    let against = try existing.map { try work.write("old.ndjson", $0.joined(separator: "\n") + "\n") }
    let out = open(work.root + "/out.ndjson", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let output = LineOutput(descriptor: out)
    var messages: [String] = []
    let summary = try VCardImporter.run(
      [InputSource(vcf)], dedupeAgainst: against, map: existing == nil ? nil : work.root + "/map.tsv",
      updates: existing == nil ? nil : work.root + "/updates.ndjson", options: options, output: output,
      report: { messages.append("warning: " + $0) }, note: { messages.append($0) })
    close(out)
    let records = try work.read("out.ndjson").split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    return (records, messages, summary)
  }

  func objects(_ records: [JSONValue], _ kind: RecordKind) -> [JSONValue] {
    records.filter { $0["object"]?.stringValue == kind.object }
  }

  @Test("a person twice in one file is one contact: the later card's new values hang off the first card's contact")
  func sameFile() throws {
    let work = try Work()
    let (records, messages, summary) = try run(
      """
      BEGIN:VCARD
      N:Smith;Robert;;;
      EMAIL:rob@smith.example
      TEL:+1 555 010 0300
      BDAY:1980-02-03
      END:VCARD
      BEGIN:VCARD
      N:Lima;Ana;;;
      TEL:+1 555 010 0300
      END:VCARD
      BEGIN:VCARD
      N:Smith;Bob;;;
      EMAIL:Rob@Smith.example
      TEL:+44 20 7946 0958
      ADR:;;1 Main St;Springfield;;;
      NICKNAME:Bobby
      CATEGORIES:golf
      END:VCARD
      """, work: work)
    #expect(objects(records, .contact).map { $0["id"]?.intValue } == [1, 2], "Ana on Robert's phone is herself")
    let fields = objects(records, .contactField).map {
      "\($0["contact"]?["id"]?.intValue ?? 0) \($0["content"]?.stringValue ?? "")"
    }
    #expect(fields == ["1 rob@smith.example", "1 +1 555 010 0300", "2 +1 555 010 0300", "1 +44 20 7946 0958"])
    #expect(objects(records, .address).map { $0["contact"]?["id"]?.intValue } == [1])
    let notes = objects(records, .note)
    #expect(notes.map { $0["contact"]?["id"]?.intValue } == [1])
    #expect(
      notes.first?["body"]?.stringValue
        == "Name (card 3): Bob Smith\nNickname (card 3): Bobby\nCategories (card 3): golf")
    #expect(summary.contacts == 2 && summary.sameAsEarlier == 1 && summary.cards == 3)
    #expect(
      messages.contains {
        $0.hasSuffix(
          "card 3 (Bob Smith): the same person as card 1 (same e-mail rob@smith.example, first names are forms of one name: Bob / Robert, same last name Smith): its new values go to that contact"
        )
      }, "\(messages)")
    #expect(
      summary.text
        == "3 cards: 2 new contacts, 0 existing contacts, 1 the same person as an earlier card (1 by e-mail), 0 ambiguous, 0 invalid"
    )
    #expect(!messages.contains { $0.hasPrefix("warning: ") }, "who a card is, is no warning: \(messages)")
  }

  @Test("against existing contacts: a later card of a matched person adds to it once; a household's card is new, said")
  func existingContacts() throws {
    let work = try Work()
    let robert =
      #"{"object":"contact","id":40,"uuid":"u-40","first_name":"Robert","last_name":"Smith","nickname":null,"description":null,"is_dead":false,"information":{"dates":{"birthdate":{"date":null},"deceased_date":{"date":null}}},"contactFields":[{"content":"rob@smith.example","contact_field_type":{"type":"email"}}],"addresses":[],"notes":[]}"#
    let ruth =
      #"{"object":"contact","id":41,"uuid":"u-41","first_name":"Ruth","last_name":"Okafor","is_dead":false,"contactFields":[{"content":"+1 555 010 0400","contact_field_type":{"type":"phone"}}]}"#
    let (records, messages, summary) = try run(
      """
      BEGIN:VCARD
      N:Smith;Robert;;;
      EMAIL:rob@smith.example
      BDAY:1980-02-03
      END:VCARD
      BEGIN:VCARD
      N:Smith;Bob;;;
      EMAIL:rob@smith.example
      TEL:+44 20 7946 0958
      BDAY:1980-02-03
      NICKNAME:Bob
      END:VCARD
      BEGIN:VCARD
      N:Okafor;Chidi;;;
      TEL:+1 555 010 0400
      END:VCARD
      BEGIN:VCARD
      UID:urn:uuid:U-41
      FN:Someone Else
      END:VCARD
      """, existing: [robert, ruth], work: work)
    #expect(objects(records, .contact).map { $0["id"]?.intValue } == [3], "only Chidi is new")
    let fields = objects(records, .contactField).map {
      "\($0["contact"]?["id"]?.intValue ?? 0) \($0["content"]?.stringValue ?? "")"
    }
    #expect(fields == ["1 +44 20 7946 0958", "3 +1 555 010 0400"])
    #expect(work.read("map.tsv") == "contact\t1\t40\ncontact\t4\t41\n")
    // One update line: the birthday once, then the nickname the second card brought.
    let updates = work.read("updates.ndjson").split(separator: "\n").map(String.init)
    #expect(updates.count == 2, "\(updates)")
    #expect(updates.first?.contains("birthdate") == true && updates.last?.contains(#""nickname":"Bob""#) == true)
    #expect(updates.last?.contains("birthdate") == false, "not filled twice")
    #expect(summary.matched == 2 && summary.matchedBy == ["e-mail": 1, "UID": 1] && summary.sameAsEarlier == 1)
    #expect(
      messages.contains {
        $0.hasSuffix(
          "card 3 (Chidi Okafor): not contact #41 (Ruth Okafor: same phone +1 555 010 0400, same last name Okafor, first names differ: Chidi / Ruth); made a new contact"
        )
      }, "\(messages)")
    #expect(
      summary.text
        == "4 cards: 1 new contact, 2 existing contacts (1 by UID, 1 by e-mail), 1 the same person as an earlier card (1 by e-mail), 0 ambiguous, 0 invalid"
    )
  }

  @Test("--skip-existing leaves out the later cards of a matched person too")
  func skipExisting() throws {
    let work = try Work()
    let ana =
      #"{"object":"contact","id":7,"first_name":"Ana","last_name":"Lima","contactFields":[{"content":"ana@x.org","contact_field_type":{"type":"email"}}]}"#
    var options = VCardImportOptions()
    options.skipExisting = true
    let (records, _, summary) = try run(
      """
      BEGIN:VCARD
      N:Lima;Ana;;;
      EMAIL:ana@x.org
      END:VCARD
      BEGIN:VCARD
      N:Lima;Ana;;;
      EMAIL:ana@x.org
      TEL:555 123 4567
      END:VCARD
      """, existing: [ana], options: options, work: work)
    #expect(records.isEmpty, "\(records)")
    #expect(summary.matched == 1 && summary.sameAsEarlier == 1)
  }

  @Test("a card given twice (cat a.vcf a.vcf) is one contact, said only in the summary; its photo is not lost twice")
  func cardTwice() throws {
    let work = try Work()
    let card = """
      BEGIN:VCARD
      UID:urn:uuid:7
      N:Lima;Ana;;;
      EMAIL:ana@x.org
      PHOTO:data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==
      END:VCARD

      """
    let (records, messages, summary) = try run(card + card, work: work)
    #expect(objects(records, .contact).count == 1 && objects(records, .photo).count == 1)
    #expect(objects(records, .contactField).count == 1 && objects(records, .note).isEmpty)
    #expect(messages.isEmpty, "\(messages)")
    #expect(summary.sameAsEarlier == 1 && summary.sameAsEarlierBy == ["UID": 1])
    // Two existing contacts that the two cards are: never made one through the in-file match.
    let first = #"{"object":"contact","id":1,"uuid":"a","first_name":"Sam","last_name":"Lee"}"#
    let second = #"{"object":"contact","id":2,"uuid":"b","first_name":"Sam","last_name":"Lee"}"#
    let (none, _, both) = try run(
      "BEGIN:VCARD\nUID:urn:uuid:a\nFN:Sam Lee\nEND:VCARD\nBEGIN:VCARD\nUID:urn:uuid:b\nFN:Sam Lee\nNOTE:the other Sam\nEND:VCARD\n",
      existing: [first, second], work: work)
    #expect(none.isEmpty && both.matched == 2 && both.sameAsEarlier == 0)
    #expect(work.read("map.tsv") == "contact\t1\t1\ncontact\t2\t2\n")
  }

  @Test(
    "in-file matching holds a bounded number of people; past it, later cards are compared with those held, said once")
  func bounded() throws {
    let work = try Work()
    var options = VCardImportOptions()
    options.peopleHeld = 2
    let cards = ["Ana Lima", "Rui Lima", "Eva Lima", "Eva Lima", "Ana Lima"].map {
      "BEGIN:VCARD\nFN:\($0)\nEMAIL:\($0.prefix(3))@x.org\nEND:VCARD\n"
    }
    let (records, messages, summary) = try run(cards.joined(), options: options, work: work)
    #expect(objects(records, .contact).map { $0["first_name"]?.stringValue } == ["Ana", "Rui", "Eva", "Eva"])
    #expect(summary.sameAsEarlier == 1, "the last Ana is the first one, held")
    #expect(messages.filter { $0.contains("people are held") }.count == 1, "\(messages)")
  }

  @Test("two cards that share only a name are two contacts (namesakes are as likely), no word")
  func namesakes() throws {
    let work = try Work()
    let (records, messages, summary) = try run(
      "BEGIN:VCARD\nFN:José Rossi\nEND:VCARD\nBEGIN:VCARD\nFN:José Rossi\nBDAY:1990-01-02\nEND:VCARD\n", work: work)
    #expect(objects(records, .contact).count == 2 && summary.sameAsEarlier == 0)
    #expect(messages.isEmpty, "\(messages)")
  }
}
