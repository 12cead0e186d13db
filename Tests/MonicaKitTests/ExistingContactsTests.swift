import Foundation
import Testing

@testable import MonicaKit

@Suite struct ExistingContactsTests {
  /// The contacts of `lines` (one JSON record each), read as `--dedupe-against` reads them.
  func existing(_ lines: [String]) throws -> ExistingContacts {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("existing-\(UUID().uuidString)").path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return try ExistingContacts(reading: InputSource(path))
  }

  /// The first card of `text`.
  func card(_ text: String) throws -> CardContent {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("card-\(UUID().uuidString).vcf").path
    try text.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
    guard case .card(let card)? = try VCardReader([InputSource(path)]).nextItem() else {
      throw CardProblem("no card")
    }
    return try CardContent(card, today: CalendarDate(year: 2026, month: 11, day: 24) ?? .today())
  }

  static let tomas1 =
    #"{"object":"contact","id":1,"uuid":"AAAA-1","first_name":"Tomás","last_name":"Smith","contactFields":[{"content":"t1@example.org","contact_field_type":{"type":"email"}}],"information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":false,"date":"1980-05-01T00:00:00Z"}}}}"#
  static let tomas2 =
    #"{"object":"contact","id":2,"uuid":"bbbb-2","first_name":"Tomas","last_name":"Smith","contactFields":[{"content":"+1 (555) 010-0200","contact_field_type":{"type":"phone"}}]}"#
  static let ada = #"{"object":"contact","id":3,"uuid":"cccc-3","first_name":"Ada","last_name":"King"}"#

  @Test("a card is its UID's contact first, then the one almost certainly its person, then a name no other contact has")
  func identity() throws {
    let known = try existing([Self.tomas1, Self.tomas2, Self.ada])
    func who(_ text: String) throws -> Int? { known.identify(try card(text)).match?.key }
    #expect(try who("BEGIN:VCARD\nFN:Someone\nUID:urn:uuid:aaaa-1\nEND:VCARD") == 1)
    #expect(try who("BEGIN:VCARD\nFN:Tomas Smith\nEMAIL:T1@example.org\nEND:VCARD") == 1)
    #expect(try who("BEGIN:VCARD\nN:Smith;Tom;;;\nTEL:+1 555 010 0200\nEND:VCARD") == 2, "Tom is a form of Tomás")
    #expect(try who("BEGIN:VCARD\nFN:Ada King\nEND:VCARD") == 3)
    // A card named from its e-mail or phone has no name to compare: the value alone decides.
    #expect(try who("BEGIN:VCARD\nEMAIL:t1@example.org\nEND:VCARD") == 1)
    #expect(try who("BEGIN:VCARD\nTEL:(555) 010-0200\nEND:VCARD") == 2)
    guard case .ambiguous(let both) = known.identify(try card("BEGIN:VCARD\nFN:Tomás Smith\nEND:VCARD")) else {
      Issue.record("two contacts of one name")
      return
    }
    #expect(both.map(\.key) == [1, 2])
    // A birthday that is not contact 1's leaves contact 2 alone with the name.
    #expect(try who("BEGIN:VCARD\nFN:Tomás Smith\nBDAY:--0229\nEND:VCARD") == 2)
    #expect(known.identify(try card("BEGIN:VCARD\nFN:Bob Nobody\nEND:VCARD")) == .nobody(passedOver: []))
  }

  @Test("another person on a contact's phone or e-mail address is a new contact, said")
  func household() throws {
    let known = try existing([Self.tomas1, Self.tomas2, Self.ada])
    let identity = known.identify(try card("BEGIN:VCARD\nFN:Ruth Smith\nTEL:+1 555 010 0200\nEND:VCARD"))
    guard case .nobody(let passedOver) = identity else {
      Issue.record("\(identity)")
      return
    }
    #expect(passedOver.map(\.key) == [2])
    #expect(passedOver.first?.judgement.reasonsAgainst == ["first names differ: Ruth / Tomas"])
    #expect(known.name(of: 2) == "Tomas Smith")
    #expect(known.identify(try card("BEGIN:VCARD\nFN:X Y\nEMAIL:T1@example.org\nEND:VCARD")).match == nil)
  }

  @Test("BDAY as monica-format vcard writes it, a year alone included, reads back as Monica's date")
  func birthdays() throws {
    let ageBased = try card("BEGIN:VCARD\nFN:A B\nBDAY:1994\nEND:VCARD")
    #expect(ageBased.birthdate?.isAgeBased == true && ageBased.birthdate?.year == 1994)
    #expect(ageBased.noteLines.isEmpty)
    #expect(ageBased.birthdate?.json(today: .today())["is_age_based"] == .bool(true))
    #expect(try card("BEGIN:VCARD\nFN:A B\nBDAY:19850314\nEND:VCARD").birthdate?.month == 3)
    #expect(try card("BEGIN:VCARD\nFN:A B\nBDAY:--0314\nEND:VCARD").birthdate?.year == nil)
  }
}
