import Testing

@testable import MonicaKit

/// `MonicaKit/Dedupe` on plain contacts: keys, evidence, scores, groups and the keeper.
@Suite struct DedupeTests {
  typealias Contact = DedupeContact

  func groups(_ contacts: [Contact], minScore: Double = 0.5) -> [DuplicateGroup] {
    var finder = DuplicateFinder(minScore: minScore)
    for contact in contacts { finder.add(contact) }
    return finder.groups()
  }

  func ids(_ groups: [DuplicateGroup]) -> [[Int]] { groups.map { [$0.keep.id] + $0.merge.map(\.id) } }

  @Test("keys fold e-mails, phones and names")
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
    #expect(MatchKeys.fullName(first: "Élodie ", last: "MÜLLER") == MatchKeys.fullName(first: "muller", last: "elodie"))
    #expect(MatchKeys.fullName(first: "Ana  Lima", last: "") == MatchKeys.fullName(first: "Ana", last: "Lima"))
    #expect(MatchKeys.fullName(first: "", last: " ") == nil)
    #expect(MatchKeys.givenName("Bob", last: "Smith") == MatchKeys.givenName("BOB", last: "smith"))
  }

  @Test("an e-mail in another case, a phone with and without its country code, a swapped name")
  func strongEvidence() {
    let found = groups([
      Contact(id: 1, firstName: "Ana", lastName: "Lima", emails: ["Ana@X.org"]),
      Contact(id: 2, firstName: "A.", lastName: "Lima", emails: ["ana@x.ORG"]),
      Contact(id: 3, firstName: "Jo", lastName: "Park", phones: ["+33 6 12 34 56 78"]),
      Contact(id: 4, firstName: "Joanne", lastName: "Park", phones: ["06.12.34.56.78"]),
      Contact(id: 5, firstName: "Mei", lastName: "Chen", genderType: "F"),
      Contact(id: 6, firstName: "chen", lastName: "MEI", genderType: "F"),
      Contact(id: 7, firstName: "Nobody", lastName: "Else"),
    ])
    #expect(ids(found) == [[1, 2], [3, 4], [5, 6]])
    #expect(found.map(\.score) == [0.95, 0.9, 0.5])
    #expect(found[0].reasons == ["same e-mail ana@x.org"])
    #expect(found[1].reasons == ["same phone +33 6 12 34 56 78"])
    #expect(found[2].reasons == ["same name Mei Chen"])
  }

  @Test("a nickname meets the other's first name with the same last name")
  func nickname() {
    let found = groups([
      Contact(id: 1, firstName: "Robert", lastName: "Smith", nickname: "Bob"),
      Contact(id: 2, firstName: "Bob", lastName: "Smith"),
      Contact(id: 3, firstName: "Bob", lastName: "Jones"),
    ])
    #expect(ids(found) == [[1, 2]])
    #expect(found.first?.reasons == ["nickname Bob of Robert Smith = Bob Smith"])
  }

  @Test("a shared name alone is weak; a birthday with its year makes it strong")
  func weakName() {
    let pair = [Contact(id: 1, firstName: "Ana", lastName: "Lima"), Contact(id: 2, firstName: "Ana", lastName: "Lima")]
    #expect(groups(pair, minScore: 0.51).isEmpty)
    #expect(groups(pair).map(\.score) == [0.5])
    let day = Contact.Birthday(year: 1985, month: 3, day: 4)
    var born = pair
    (born[0].birthday, born[1].birthday) = (day, day)
    #expect(groups(born, minScore: 0.8).map(\.score) == [0.9])
    #expect(groups(born).first?.reasons == ["same name Ana Lima", "same birthday 1985-03-04"])
    // One word is weaker still.
    #expect(groups([Contact(id: 1, firstName: "Ana"), Contact(id: 2, firstName: "ana")]).isEmpty)
  }

  @Test("never: a contact with itself, a partial contact, contradicting birthdays")
  func never() {
    let ana = Contact(id: 1, firstName: "Ana", lastName: "Lima", emails: ["ana@x.org"])
    #expect(groups([ana, ana]).isEmpty)
    #expect(PairEvidence(ana, ana) == nil)
    var partial = ana
    (partial.id, partial.isPartial) = (2, true)
    #expect(groups([ana, partial]).isEmpty)
    var born = [ana, ana]
    born[1].id = 2
    born[0].birthday = .init(year: 1985, month: 3, day: 4)
    born[1].birthday = .init(year: 1986, month: 3, day: 4)
    #expect(groups(born).isEmpty, "the same e-mail, but two years of birth")
    born[1].birthday = .init(year: nil, month: 3, day: 4)
    #expect(ids(groups(born)) == [[1, 2]], "a year unknown does not contradict")
    born[1].birthday = .init(year: nil, month: 3, day: 5)
    #expect(groups(born).isEmpty)
  }

  @Test("a name is no evidence against a gender or e-mail addresses that differ")
  func contradictions() {
    let ana = Contact(id: 1, firstName: "Ana", lastName: "Lima", genderType: "F", emails: ["ana@x.org"])
    var other = Contact(id: 2, firstName: "Ana", lastName: "Lima", genderType: "M")
    #expect(groups([ana, other]).isEmpty, "genders")
    other.genderType = "O"
    #expect(ids(groups([ana, other])) == [[1, 2]], "only M and F contradict")
    other.emails = ["lima@y.org"]
    #expect(groups([ana, other]).isEmpty, "e-mail addresses, none shared")
    other.phones = ["555 123 4567"]
    var phoned = ana
    phoned.phones = ["+1 555-123-4567"]
    #expect(groups([phoned, other]).first?.reasons == ["same phone +1 555-123-4567"], "the phone still counts")
  }

  @Test("groups join through a shared key, never across a birthday; the score is the weakest link")
  func transitive() {
    let found = groups([
      Contact(id: 1, firstName: "Ana", lastName: "Lima", emails: ["ana@x.org"]),
      Contact(id: 2, firstName: "Ana", lastName: "Lima", emails: ["ana@x.org", "al@y.org"]),
      Contact(id: 3, firstName: "Ana B.", lastName: "Lima", emails: ["AL@y.org"]),
      Contact(id: 4, firstName: "Ana", lastName: "Lima", birthday: .init(year: 1990, month: 1, day: 1)),
      Contact(id: 5, firstName: "Ana", lastName: "Lima", birthday: .init(year: 1970, month: 1, day: 1)),
    ])
    // 1, 2 and 3 through their e-mails; 4 and 5 are named Ana Lima too, but 1 and 2 have
    // e-mails they lack (no contradiction) and they contradict each other: one joins, the other
    // stays out.
    #expect(found.count == 1)
    let members = Set(found.flatMap { [$0.keep.id] + $0.merge.map(\.id) })
    #expect(members.isSuperset(of: [1, 2, 3]) && members.count == 4)
    #expect(found.first?.score == 0.5)
  }

  @Test("the keeper holds more records, then more fields, then is older, then has the lower id")
  func keeper() {
    let base = Contact(id: 9, firstName: "Ana", lastName: "Lima", emails: ["ana@x.org"])
    func keep(_ changes: (inout Contact, inout Contact) -> Void) -> Int? {
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
    for id in 1...4 { finder.add(Contact(id: id, firstName: "Ana", lastName: "Lima")) }
    finder.add(Contact(id: 5, firstName: "Bo", lastName: "Ek", emails: ["bo@x.org"]))
    finder.add(Contact(id: 6, firstName: "Other", lastName: "Person"))
    #expect(finder.candidatePairs().isEmpty)
    #expect(finder.groups().isEmpty)
    #expect(warnings.contains("4 contacts share the name ana lima: they are not compared by it"))
    var small = DuplicateFinder()
    for id in 1...100 { small.add(Contact(id: id, firstName: "P\(id)", lastName: "Q\(id)", emails: ["\(id)@x.org"])) }
    #expect(small.candidatePairs().isEmpty, "no shared key, no comparison")
  }

  @Test("contact fields given apart (monica-fetch --all) join their contact, before it or after")
  func separateFields() {
    var finder = DuplicateFinder()
    finder.add(field: "email", content: "Ana@x.org", contact: 2)
    finder.add(Contact(id: 1, firstName: "Ana", lastName: "Lima"))
    finder.add(Contact(id: 2, firstName: "A.", lastName: "Lima"))
    finder.add(field: "email", content: "ana@X.org", contact: 1)
    finder.add(field: "twitter", content: "@ana", contact: 1)
    finder.add(field: "phone", content: "+1 555 0100 999", contact: 99)
    #expect(ids(finder.groups()) == [[1, 2]])
    #expect(
      finder.contacts.map(\.records) == [1, 1] && finder.contacts.map(\.emails) == [["ana@X.org"], ["Ana@x.org"]])
  }

  @Test("a record: e-mails and phones from contactFields, birthday, counts; the line it makes")
  func record() throws {
    let line = #"""
      {"id":12,"object":"contact","first_name":"Ana","last_name":"Lima","nickname":null,"gender":"Woman","gender_type":"F","is_partial":false,"information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":true,"date":"2024-03-04T00:00:00Z"}},"career":{"job":"Nurse","company":""}},"addresses":[{}],"tags":[],"statistics":{"number_of_calls":1,"number_of_notes":2},"contactFields":[{"content":"Ana@X.org","contact_field_type":{"type":"email","protocol":"mailto:"}},{"content":"+1 555 0100 999","contact_field_type":{"type":"phone"}},{"content":"@ana","contact_field_type":{"type":null,"name":"Twitter"}}],"created_at":"2020-01-01T00:00:00Z"}
      """#
    var scanner = RecordScanner()
    var contact: Contact?
    try RecordScanner.withRecord(Array(line.utf8), scanner: &scanner) { contact = Contact($0) }
    let read = try #require(contact)
    #expect(read.emails == ["Ana@X.org"] && read.phones == ["+1 555 0100 999"])
    #expect(read.birthday == .init(year: nil, month: 3, day: 4))
    #expect(read.records == 3 + 1 + 3, "statistics, addresses, contact fields")
    #expect(read.fields == 4, "last name, gender, birthday, job")
    #expect(read.createdAt == "2020-01-01T00:00:00Z" && read.genderType == "F" && !read.isPartial)
    let group = DuplicateGroup(
      contacts: [Contact(id: 57, firstName: "Ana", lastName: "L."), read], score: 0.93, reasons: ["same e-mail a"])
    #expect(
      JSONWriter.plain.string(group.json)
        == #"{"object":"duplicate","keep":12,"merge":[57],"score":0.93,"reasons":["same e-mail a"],"#
        + #""contacts":[{"id":12,"name":"Ana Lima","records":7,"fields":4,"created_at":"2020-01-01T00:00:00Z"},"#
        + #"{"id":57,"name":"Ana L.","records":0,"fields":0,"created_at":null}],"related_from":[]}"#)
    #expect([0.5, 0.98, 1, 0.05, 0].map(DuplicateGroup.decimal) == ["0.5", "0.98", "1", "0.05", "0"])
  }

  @Test("a group names the contacts outside it whose own relationships name a merged contact")
  func relatedFrom() throws {
    let line = #"""
      {"id":30,"object":"contact","first_name":"Cid","information":{"relationships":{"love":{"total":0,"contacts":null},"work":{"total":2,"contacts":[{"relationship":{"id":5,"name":"boss"},"contact":{"id":57}},{"relationship":{"id":6,"name":"boss"},"contact":{"id":12}}]}}}}
      """#
    var scanner = RecordScanner()
    var contact: Contact?
    try RecordScanner.withRecord(Array(line.utf8), scanner: &scanner) { contact = Contact($0) }
    let cid = try #require(contact)
    #expect(cid.relatedTo == [57, 12])
    let found = groups([
      Contact(id: 12, firstName: "Ana", lastName: "Lima", emails: ["ana@x.org"], records: 5),
      Contact(id: 57, firstName: "Ana", lastName: "Lima", emails: ["ana@x.org"]),
      cid,
      Contact(id: 31, firstName: "Dee", relatedTo: [12]),
    ])
    #expect(ids(found) == [[12, 57]])
    #expect(found.first?.relatedFrom == [30], "a relationship to the keeper only is not the merge's")
    #expect(
      JSONWriter.plain.string(try #require(found.first).json).hasSuffix(#""related_from":[30]}"#))
  }
}
