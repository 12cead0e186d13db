import Foundation
import Testing

@testable import MonicaKit

/// `MonicaKit/Dedupe` on plain contacts: groups by the identity judgement, complete linkage,
/// the keeper, blocks, records read.
@Suite struct DedupeTests {
  typealias Day = Person.KnownDate

  func contact(
    _ id: Int, _ first: String, _ last: String = "", nickname: String = "", gender: Person.Gender? = nil,
    birthday: Day? = nil, emails: [String] = [], phones: [String] = [], records: Int = 0
  ) -> DedupeContact {
    DedupeContact(
      id: id,
      person: Person(
        firstName: first, lastName: last, nickname: nickname, gender: gender, birthday: birthday, emails: emails,
        phones: phones),
      records: records)
  }

  func groups(_ contacts: [DedupeContact], minScore: Double = 0.5) -> [DuplicateGroup] {
    var finder = DuplicateFinder(minScore: minScore)
    for contact in contacts { finder.add(contact) }
    return finder.groups()
  }

  func ids(_ groups: [DuplicateGroup]) -> [[Int]] { groups.map { [$0.keep.id] + $0.merge.map(\.id) } }

  @Test("keys fold e-mails and phones")
  func keys() {
    #expect(MatchKeys.email("  Ana@X.org ") == "ana@x.org")
    #expect(MatchKeys.email("not an address") == nil)
    #expect(MatchKeys.phoneDigits("+33 6 12 34 56 78") == "33612345678")
    #expect(MatchKeys.phoneDigits("06 12 34 56 78") == "612345678")
    #expect(MatchKeys.phoneDigits("0033 612345678") == "33612345678")
    #expect(MatchKeys.phoneDigits("ext. 12") == nil)
    #expect(MatchKeys.samePhone("33612345678", "612345678"))
    #expect(!MatchKeys.samePhone("4433612345678", "612345678"), "more than a country code in front")
    #expect(!MatchKeys.samePhone("612345679", "612345678"))
    #expect(NameForms.words("Élodie  O'Brien-MÜLLER") == ["elodie", "obrien", "muller"])
  }

  @Test("an e-mail in another case, a phone with and without its country code, a swapped name")
  func strongEvidence() {
    let found = groups([
      contact(1, "Ana", "Lima", emails: ["Ana@X.org"]),
      contact(2, "A.", "Lima", emails: ["ana@x.ORG"]),
      contact(3, "Jo", "Park", phones: ["+33 6 12 34 56 78"]),
      contact(4, "Joanne", "Park", phones: ["06.12.34.56.78"]),
      contact(5, "Mei", "Chen", gender: .female),
      contact(6, "chen", "MEI", gender: .female),
      contact(7, "Nobody", "Else"),
    ])
    #expect(ids(found) == [[3, 4], [1, 2], [5, 6]])
    #expect(found.map(\.score) == [0.97, 0.95, 0.5])
    #expect(
      found[0].reasons == [
        "same phone +33 6 12 34 56 78", "first names are forms of one name: Jo / Joanne", "same last name Park",
      ])
    #expect(
      found[1].reasons == ["same e-mail ana@x.org", "first names agree (an initial): Ana / A.", "same last name Lima"])
    #expect(found[2].reasons == ["same name in another order: Mei Chen / chen MEI"])
    #expect(found.allSatisfy { $0.against.isEmpty })
  }

  @Test("a shared phone or e-mail with other first names is no group; at --min-score 0 it shows its reasons against")
  func household() {
    let pair = [
      contact(1, "Łukasz", "Martínez", phones: ["+1 555 0105"]),
      contact(2, "Björn", "Kowalski", phones: ["+1 555 0105"]),
    ]
    #expect(groups(pair).isEmpty)
    #expect(groups(pair, minScore: 0.9).isEmpty)
    let shown = groups(pair, minScore: 0)
    #expect(shown.first?.against == ["first names differ: Łukasz / Björn", "last names differ: Martínez / Kowalski"])
    #expect(shown.first?.reasons == ["same phone +1 555 0105"] && shown.first?.score == 0)
  }

  @Test("a nickname meets the other's first name with the same last name")
  func nickname() {
    let found = groups([
      contact(1, "Robert", "Smith", nickname: "Bob"),
      contact(2, "Bob", "Smith"),
      contact(3, "Bob", "Jones"),
    ])
    #expect(ids(found) == [[1, 2]])
    #expect(found.first?.reasons == ["nickname Bob of Robert Smith = Bob Smith", "same last name Smith"])
    #expect(found.first?.score == 0.5, "a name alone: \(found)")
  }

  @Test("a shared name alone is weak; a birthday with its year makes it strong")
  func weakName() {
    let pair = [contact(1, "Ana", "Lima"), contact(2, "Ana", "Lima")]
    #expect(groups(pair, minScore: 0.51).isEmpty)
    #expect(groups(pair).map(\.score) == [0.5])
    let day = Day(year: 1985, month: 3, day: 4)
    let born = [contact(1, "Ana", "Lima", birthday: day), contact(2, "Ana", "Lima", birthday: day)]
    #expect(groups(born, minScore: 0.9).map(\.score) == [0.95])
    #expect(groups(born).first?.reasons == ["same name Ana Lima", "same birthday 1985-03-04"])
    #expect(groups([contact(1, "Ana"), contact(2, "ana")]).isEmpty, "one word is weaker still")
  }

  @Test("never: a contact with itself, a partial contact, contradicting birthdays, a living and a deceased namesake")
  func never() {
    let ana = contact(1, "Ana", "Lima", emails: ["ana@x.org"])
    #expect(groups([ana, ana]).isEmpty)
    var partial = ana
    (partial.id, partial.person.isPartial) = (2, true)
    #expect(groups([ana, partial]).isEmpty)
    var born = [ana, ana]
    born[1].id = 2
    born[0].person.birthday = Day(year: 1985, month: 3, day: 4)
    born[1].person.birthday = Day(year: 1986, month: 3, day: 4)
    #expect(groups(born).isEmpty, "the same e-mail, but two years of birth")
    born[1].person.birthday = Day(year: nil, month: 3, day: 4)
    #expect(ids(groups(born)) == [[1, 2]], "a year unknown does not contradict")
    var dead = [contact(1, "Ali", "Mansour"), contact(2, "Ali", "Mansour")]
    (dead[0].person.isDeceased, dead[1].person.isDeceased) = (false, true)
    #expect(groups(dead).isEmpty)
    #expect(groups(dead, minScore: 0).first?.against == ["one deceased, one living: Ali Mansour is deceased"])
  }

  @Test("genders M and F, and e-mail addresses none of which is shared, count against")
  func contradictions() {
    let ana = contact(1, "Ana", "Lima", gender: .female, emails: ["ana@x.org"])
    var other = contact(2, "Ana", "Lima", gender: .male)
    #expect(groups([ana, other]).isEmpty, "genders")
    other.person.gender = .other
    #expect(ids(groups([ana, other])) == [[1, 2]], "only M and F contradict")
    other.person.emails = ["lima@y.org"]
    #expect(groups([ana, other]).isEmpty, "e-mail addresses, none shared")
    other.person.phones = ["555 123 4567"]
    var phoned = ana
    phoned.person.phones = ["+1 555-123-4567"]
    #expect(groups([phoned, other]).isEmpty, "the addresses outweigh the phone")
    let found = groups([phoned, other], minScore: 0)
    #expect(found.first?.reasons == ["same phone +1 555-123-4567", "same name Ana Lima"])
    #expect(found.first?.against == ["e-mail addresses differ: ana@x.org / lima@y.org"])
  }

  @Test("complete linkage: a chain A~B~C joins C only when A and C are one person too")
  func chains() {
    // 1 and 2 share an e-mail, 2 and 3 a phone; 3's birthday contradicts 1's: 3 stays out,
    // and 4, a stranger on 2's landline, too.
    let found = groups([
      contact(1, "Ana", "Lima", birthday: Day(year: 1990, month: 1, day: 1), emails: ["ana@x.org"]),
      contact(2, "Ana", "Lima", emails: ["ana@x.org"], phones: ["555 123 4567"]),
      contact(3, "Ana", "Lima", birthday: Day(year: 1970, month: 1, day: 1), phones: ["5551234567"]),
      contact(4, "Rui", "Lima", phones: ["5551234567"]),
    ])
    #expect(ids(found) == [[1, 2]], "\(found)")
    // Three that are pairwise one person form one group; its score is its weakest pair.
    let three = groups([
      contact(1, "Ana", "Lima", emails: ["ana@x.org"]),
      contact(2, "Ana", "Lima", emails: ["ana@x.org"], phones: ["555 123 4567"]),
      contact(3, "Ana", "Lima", phones: ["555-123-4567"]),
    ])
    #expect(ids(three) == [[1, 2, 3]], "\(three)")
    #expect(three.first?.score == 0.5, "1 and 3 share only their name: \(three)")
    #expect(three.first?.reasons == ["same e-mail ana@x.org", "same name Ana Lima", "same phone 555 123 4567"])
    // Two records of one person with an address each, and a third with both: 1 and 3's
    // addresses differ, so 3 waits for a run after 1 and 2 are merged.
    let split = groups([
      contact(1, "Ana", "Lima", emails: ["ana@x.org"]),
      contact(2, "Ana", "Lima", emails: ["ana@x.org", "al@y.org"]),
      contact(3, "Ana", "Lima", emails: ["AL@y.org"]),
    ])
    #expect(ids(split) == [[1, 2]], "\(split)")
    // A group stops growing at its limit.
    var finder = DuplicateFinder(groupLimit: 2)
    for id in 1...3 { finder.add(contact(id, "Ana", "Lima", emails: ["ana@x.org"])) }
    #expect(ids(finder.groups()) == [[1, 2]])
  }

  @Test("the keeper holds more records, then more fields, then is older, then has the lower id")
  func keeper() {
    let base = contact(9, "Ana", "Lima", emails: ["ana@x.org"])
    func keep(_ changes: (inout DedupeContact, inout DedupeContact) -> Void) -> Int? {
      var (a, b) = (base, base)
      b.id = 4
      changes(&a, &b)
      return groups([a, b]).first?.keep.id
    }
    #expect(keep { a, _ in a.records = 3 } == 9)
    #expect(keep { a, b in (a.records, b.fields) = (3, 10) } == 9)
    #expect(keep { a, _ in a.fields = 1 } == 9)
    #expect(keep { a, b in (a.createdAt, b.createdAt) = ("2020-01-01T00:00:00Z", "2021-01-01T00:00:00Z") } == 9)
    #expect(keep { _, _ in } == 4)
  }

  @Test("blocks: pairs only within shared keys; an oversized block is named and left out")
  func blocking() {
    var warnings: [String] = []
    var finder = DuplicateFinder(minScore: 0.5, blockLimit: 3) { warnings.append($0) }
    for id in 1...4 { finder.add(contact(id, "Ana", "Lima")) }
    finder.add(contact(5, "Bo", "Ek", emails: ["bo@x.org"]))
    finder.add(contact(6, "Other", "Person"))
    #expect(finder.groups().isEmpty)
    #expect(warnings == ["4 contacts share the name ana lima: they are not compared by it"], "\(warnings)")
  }

  @Test("contact fields given apart (monica-fetch --all) join their contact, before it or after")
  func separateFields() {
    var finder = DuplicateFinder()
    finder.add(field: .email, content: "Ana@x.org", contact: 2)
    finder.add(contact(1, "Ana", "Lima"))
    finder.add(contact(2, "A.", "Lima"))
    finder.add(field: .email, content: "ana@X.org", contact: 1)
    finder.add(field: .website, content: "@ana", contact: 1)
    finder.add(field: .phone, content: "+1 555 0100 999", contact: 99)
    #expect(ids(finder.groups()) == [[1, 2]])
    #expect(
      finder.contacts.map(\.records) == [1, 1]
        && finder.contacts.map(\.person.emails) == [["ana@X.org"], ["Ana@x.org"]])
  }

  @Test("a record: e-mails and phones from contactFields, birthday, death, gender, counts; the line it makes")
  func record() throws {
    let line = #"""
      {"id":12,"uuid":"U-12","object":"contact","first_name":"Ana","last_name":"Lima","nickname":null,"gender":"Woman","gender_type":"F","is_partial":false,"is_dead":true,"information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":true,"date":"2024-03-04T00:00:00Z"},"deceased_date":{"is_age_based":false,"is_year_unknown":false,"date":"2020-01-02T00:00:00Z"}},"career":{"job":"Nurse","company":""}},"addresses":[{}],"tags":[],"statistics":{"number_of_calls":1,"number_of_notes":2},"contactFields":[{"content":"Ana@X.org","contact_field_type":{"type":"email","protocol":"mailto:"}},{"content":"+1 555 0100 999","contact_field_type":{"type":null,"protocol":"tel:"}},{"content":"@ana","contact_field_type":{"type":null,"name":"Twitter"}}],"created_at":"2020-01-01T00:00:00Z"}
      """#
    var scanner = RecordScanner()
    var contact: DedupeContact?
    try RecordScanner.withRecord(Array(line.utf8), scanner: &scanner) { contact = DedupeContact($0) }
    let read = try #require(contact)
    #expect(read.person.emails == ["Ana@X.org"] && read.person.phones == ["+1 555 0100 999"])
    #expect(read.person.birthday == Day(year: nil, month: 3, day: 4))
    #expect(read.person.deceasedDate == Day(year: 2020, month: 1, day: 2) && read.person.isDeceased == true)
    #expect(read.person.uuid == "u-12" && read.person.gender == .female && !read.person.isPartial)
    #expect(read.records == 3 + 1 + 3, "statistics, addresses, contact fields")
    #expect(read.fields == 5, "last name, gender, birthday, date of death, job")
    #expect(read.createdAt == "2020-01-01T00:00:00Z")
    let group = DuplicateGroup(
      contacts: [self.contact(57, "Ana", "L."), read], score: 0.93, reasons: ["same e-mail a"], against: ["x"])
    #expect(
      JSONWriter.plain.string(group.json)
        == #"{"object":"duplicate","keep":12,"merge":[57],"score":0.93,"reasons":["same e-mail a"],"against":["x"],"#
        + #""contacts":[{"id":12,"name":"Ana Lima","records":7,"fields":5,"created_at":"2020-01-01T00:00:00Z"},"#
        + #"{"id":57,"name":"Ana L.","records":0,"fields":0,"created_at":null}],"related_from":[]}"#)
  }

  @Test("a group names the contacts outside it whose own relationships name a merged contact")
  func relatedFrom() throws {
    let line = #"""
      {"id":30,"object":"contact","first_name":"Cid","information":{"relationships":{"love":{"total":0,"contacts":null},"work":{"total":2,"contacts":[{"relationship":{"id":5,"name":"boss"},"contact":{"id":57}},{"relationship":{"id":6,"name":"boss"},"contact":{"id":12}}]}}}}
      """#
    var scanner = RecordScanner()
    var contact: DedupeContact?
    try RecordScanner.withRecord(Array(line.utf8), scanner: &scanner) { contact = DedupeContact($0) }
    let cid = try #require(contact)
    #expect(cid.relatedTo == [57, 12])
    var dee = self.contact(31, "Dee")
    dee.relatedTo = [12]
    let found = groups([
      self.contact(12, "Ana", "Lima", emails: ["ana@x.org"], records: 5),
      self.contact(57, "Ana", "Lima", emails: ["ana@x.org"]),
      cid, dee,
    ])
    #expect(ids(found) == [[12, 57]])
    #expect(found.first?.relatedFrom == [30], "a relationship to the keeper only is not the merge's")
    #expect(JSONWriter.plain.string(try #require(found.first).json).hasSuffix(#""related_from":[30]}"#))
  }

  @Test("a line on a terminal carries no control or bidi character; in a pipe it is the JSON as written")
  func terminalSafe() throws {
    let name = "Ana\u{1B}[8m\u{9B}2J\u{202E}"
    var finder = DuplicateFinder()
    finder.add(contact(1, name, "Lima", emails: ["a@x.org"]))
    finder.add(contact(2, name, "Lima", emails: ["a@x.org"]))
    for safe in [true, false] {
      var fds: [Int32] = [0, 0]
      #expect(pipe(&fds) == 0)
      // As standard output on a terminal (`LineOutput.standardOutput`), or a pipe.
      let output = LineOutput(descriptor: fds[1])
      output.safe = safe
      try finder.write(finder.groups(), to: output)
      close(fds[1])
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(fds[0], &buffer, 4096)
      close(fds[0])
      let text = String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
      #expect(text.contains("\\u001b") && !text.contains("\u{1B}"), "JSON escapes ESC either way: \(text)")
      #expect(text.contains("\u{9B}") == !safe && text.contains("\u{202E}") == !safe, "\(text)")
      #expect(text.contains("\u{FFFD}") == safe)
      #expect((try? JSONValue(parsing: Array(text.utf8.dropLast()))) != nil, "still one JSON object")
    }
  }
}
