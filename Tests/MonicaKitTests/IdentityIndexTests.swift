import Testing

@testable import MonicaKit

/// `IdentityIndex`: who among many could be a person, judged, with bounded work per question.
@Suite struct IdentityIndexTests {
  @Test("a question finds the people sharing a block, judged, best first; strangers are not judged")
  func matches() {
    var index = IdentityIndex<String>()
    index.add(Person(firstName: "Robert", lastName: "Smith", emails: ["rs@x.org"]), as: "robert")
    index.add(Person(firstName: "Ruth", lastName: "Smith", phones: ["555 123 4567"]), as: "ruth")
    index.add(Person(firstName: "Ana", lastName: "Lima"), as: "ana")
    let bob = Person(firstName: "Bob", lastName: "Smith", phones: ["+1 555 123 4567"])
    let found = index.matches(for: bob)
    #expect(found.map(\.key) == ["robert", "ruth"], "Robert by a form of his name, Ruth by the phone")
    #expect(found.first?.judgement.score == 0.37, "a form of the first name and the last name: weak")
    #expect(found.last?.judgement.reasonsAgainst == ["first names differ: Bob / Ruth"])
    #expect(index.matches(for: bob, minScore: 0.3).map(\.key) == ["robert"])
    #expect(index.matches(for: bob, excluding: "robert").map(\.key) == ["ruth"])
    #expect(index.matches(for: Person(firstName: "Zed", lastName: "Nobody")).isEmpty)
    #expect(index.matches(for: Person(uuid: "urn:uuid:X", firstName: "Q")).isEmpty)
    // A nickname meets the other's first name; a uuid, a CJK name in one field or two.
    index.add(Person(uuid: "AB-1", firstName: "Theodoric", lastName: "Vasquez-Lund", nickname: "Teddy"), as: "theo")
    index.add(Person(firstName: "伟", lastName: "王"), as: "wei")
    #expect(index.matches(for: Person(firstName: "Teddy", lastName: "Vasquez-Lund")).map(\.key) == ["theo"])
    #expect(index.matches(for: Person(uuid: "urn:uuid:ab-1")).map(\.key) == ["theo"])
    #expect(index.matches(for: Person(firstName: "王伟")).map(\.key) == ["wei"])
    #expect(index.matches(for: Person(firstName: "Aleksandr", lastName: "Smith")).isEmpty, "no block of his")
  }

  @Test("a streaming importer asks before it adds; a later record of someone held adds what it knows")
  func streaming() {
    var index = IdentityIndex<Int>()
    let first = Person(firstName: "Ana", lastName: "Lima", emails: ["ana@x.org"])
    #expect(index.matches(for: first).isEmpty)
    index.add(first, as: 1)
    let again = Person(firstName: "Ana", lastName: "Lima", emails: ["ANA@x.org"], phones: ["555 987 6543"])
    let match = index.matches(for: again, minScore: IdentityJudgement.almostCertain)
    #expect(match.map(\.key) == [1])
    index.absorb(again, into: 1)
    #expect(index.person(1)?.phones == ["555 987 6543"] && index.person(1)?.emails == ["ana@x.org", "ANA@x.org"])
    // The phone the second card brought finds her now, from a third card with only it.
    let third = Person(firstName: "Ana", lastName: "Lima", phones: ["(555) 987-6543"])
    #expect(index.matches(for: third, minScore: IdentityJudgement.almostCertain).map(\.key) == [1])
    #expect(index.count == 1)
  }

  @Test("a block larger than the limit is passed over and listed; the work of a question stays bounded")
  func bounded() {
    var index = IdentityIndex<Int>(blockLimit: 10)
    for id in 1...500 {
      index.add(Person(firstName: "P\(id)", lastName: "Q\(id)", phones: ["+1 555 000 0000"]), as: id)
    }
    index.add(Person(firstName: "Ana", lastName: "Lima", phones: ["+1 555 000 0000"]), as: 0)
    // The switchboard's block holds 501 people: not looked in; the name's block is.
    let found = index.matches(for: Person(firstName: "Ana", lastName: "Lima", phones: ["555 000 0000"]))
    #expect(found.map(\.key) == [0])
    #expect(index.oversizedBlocks.map(\.count) == [501])
    #expect(IdentityIndex<Int>.describe(index.oversizedBlocks[0].key) == "phones ending 0000000")
  }
}
