import Testing

@testable import MonicaKit

/// `MonicaKit/Identity`: the one judgement of "same person", on plain values. High is at least
/// `IdentityJudgement.almostCertain` (0.9), low under `IdentityJudgement.likely` (0.5).
@Suite struct IdentityJudgementTests {
  typealias Day = Person.KnownDate

  func judge(_ a: Person, _ b: Person) -> IdentityJudgement {
    let judgement = a.judge(b)
    #expect(b.judge(a).score == judgement.score, "the judgement is symmetric")
    return judgement
  }

  func high(_ judgement: IdentityJudgement) -> Bool { judgement.score >= IdentityJudgement.almostCertain }
  func low(_ judgement: IdentityJudgement) -> Bool { judgement.score < IdentityJudgement.likely }

  @Test("a shared phone with other first names is a household, not one person")
  func householdPhone() {
    let judgement = judge(
      Person(firstName: "Łukasz", lastName: "Martínez", gender: .male, phones: ["+1 555 0142 001"]),
      Person(firstName: "Björn", lastName: "Kowalski", gender: .male, phones: ["1-555-0142-001"]))
    #expect(low(judgement), "\(judgement)")
    #expect(judgement.reasonsFor == ["same phone +1 555 0142 001"])
    #expect(
      judgement.reasonsAgainst == ["first names differ: Łukasz / Björn", "last names differ: Martínez / Kowalski"])
    // The same with one last name shared: a parent and a child on the family landline.
    #expect(
      low(
        judge(
          Person(firstName: "Ana", lastName: "Lima", phones: ["0612345678"]),
          Person(firstName: "Pedro", lastName: "Lima", phones: ["+33 6 12 34 56 78"]))))
  }

  @Test("a couple's shared e-mail address is two people")
  func coupleEmail() {
    let judgement = judge(
      Person(firstName: "Sam", lastName: "Rivera", emails: ["riveras@example.org"]),
      Person(firstName: "Zoë", lastName: "Rivera", emails: ["RiverAs@example.org", "zoe@example.org"]))
    #expect(low(judgement), "\(judgement)")
    #expect(judgement.reasonsFor == ["same e-mail riveras@example.org", "same last name Rivera"])
    #expect(judgement.reasonsAgainst == ["first names differ: Sam / Zoë"])
  }

  @Test("Bob and Robert with a shared e-mail are one person")
  func nicknameVariants() {
    let judgement = judge(
      Person(firstName: "Bob", lastName: "Smith", emails: ["bob@smith.example"]),
      Person(firstName: "Robert", lastName: "Smith", emails: ["Bob@Smith.example"]))
    #expect(high(judgement), "\(judgement)")
    #expect(
      judgement.reasonsFor == [
        "same e-mail bob@smith.example", "first names are forms of one name: Bob / Robert", "same last name Smith",
      ])
    #expect(judgement.reasonsAgainst.isEmpty)
    for (one, other) in [
      ("Bill", "William"), ("Jim", "James"), ("Peggy", "Margaret"), ("Hans", "Johannes"), ("Pepe", "José"),
      ("Sasha", "Alexander"), ("Łukasz", "Lukas"), ("Luke", "Łukasz"), ("Misha", "Михаил"),
    ] {
      let pair = judge(
        Person(firstName: one, lastName: "Nowak", emails: ["n@x.org"]),
        Person(firstName: other, lastName: "Nowak", emails: ["n@x.org"]))
      #expect(high(pair), "\(one) / \(other): \(pair)")
    }
  }

  @Test("Aleksandr and Alexander, one name transliterated, with a shared phone are one person")
  func transliteration() {
    let judgement = judge(
      Person(firstName: "Aleksandr", lastName: "Petrov", phones: ["+7 912 345 67 89"]),
      Person(firstName: "Alexander", lastName: "Petrov", phones: ["912 345-67-89"]))
    #expect(high(judgement), "\(judgement)")
    #expect(judgement.reasonsFor.contains("first names spelled two ways: Aleksandr / Alexander"))
    // In Cyrillic on one side, the last name too.
    let cyrillic = judge(
      Person(firstName: "Александр", lastName: "Петров", phones: ["+7 912 345 67 89"]),
      Person(firstName: "Alexander", lastName: "Petrov", phones: ["+7 912 345 67 89"]))
    #expect(high(cyrillic), "\(cyrillic)")
    // Zoë and Zoe are one name by folding alone; Jürgen and Juergen by spelling.
    #expect(
      judge(Person(firstName: "Zoë", lastName: "Nguyễn"), Person(firstName: "zoe", lastName: "NGUYEN")).score == 0.5)
    #expect(
      high(
        judge(
          Person(firstName: "Jürgen", lastName: "Müller", emails: ["j@m.de"]),
          Person(firstName: "Juergen", lastName: "Mueller", emails: ["j@m.de"]))))
  }

  @Test("namesakes with other birthdays are two people, even with a shared phone")
  func namesakesBirthdays() {
    let older = Person(firstName: "Philippa", lastName: "Okonkwo", birthday: Day(year: 1950, month: 1, day: 2))
    var younger = older
    younger.birthday = Day(year: 1991, month: 7, day: 8)
    let judgement = judge(older, younger)
    #expect(low(judgement), "\(judgement)")
    #expect(judgement.reasonsAgainst == ["birthdays differ: 1950-01-02 / 1991-07-08"])
    var (father, son) = (older, older)
    father.phones = ["555 123 4567"]
    (son.phones, son.birthday) = (["555-123-4567"], Day(year: 1980, month: 1, day: 2))
    #expect(low(judge(father, son)), "a father and son of one name on one landline")
    // A year unknown does not contradict; an age-based birthday only by more than a year.
    younger.birthday = Day(year: nil, month: 1, day: 2)
    #expect(judge(older, younger).reasonsFor.contains("same birthday --01-02"))
    younger.birthday = Day(year: 1951, month: 1, day: 1, isAgeBased: true)
    #expect(!judge(older, younger).isDisputed)
    younger.birthday = Day(year: 1960, month: 1, day: 1, isAgeBased: true)
    #expect(judge(older, younger).reasonsAgainst == ["birthdays differ: 1950-01-02 / 1960 (from an age)"])
  }

  @Test("a living contact and a deceased namesake are two people")
  func livingAndDead() {
    let living = Person(firstName: "علي", lastName: "منصور", isDeceased: false)
    let dead = Person(firstName: "علي", lastName: "منصور", isDeceased: true)
    let judgement = judge(living, dead)
    #expect(low(judgement), "\(judgement)")
    #expect(judgement.reasonsAgainst == ["one deceased, one living: علي منصور is deceased"])
    // A card that says nothing of death does not contradict either.
    #expect(!judge(Person(firstName: "علي", lastName: "منصور"), dead).isDisputed)
    let died = Person(firstName: "A", lastName: "B", deceasedDate: Day(year: 2001, month: 2, day: 3))
    var other = died
    other.deceasedDate = Day(year: 2011, month: 2, day: 3)
    #expect(judge(died, other).reasonsAgainst == ["dates of death differ: 2001-02-03 / 2011-02-03"])
  }

  @Test("the same name, birthday and phone, an e-mail on one side only, is one person")
  func emailOnOneSide() {
    let day = Day(year: 1985, month: 3, day: 4)
    let judgement = judge(
      Person(firstName: "Ana", lastName: "Lima", birthday: day, emails: ["ana@x.org"], phones: ["+351 912 345 678"]),
      Person(firstName: "Ana", lastName: "Lima", birthday: day, phones: ["912345678"]))
    #expect(high(judgement), "\(judgement)")
    #expect(
      judgement.reasonsFor == ["same phone +351 912 345 678", "same name Ana Lima", "same birthday 1985-03-04"])
    #expect(judgement.reasonsAgainst.isEmpty)
  }

  @Test("the scale: a name alone is 0.5, a name with a shared value is strong, a shared value alone is not")
  func scale() {
    let ana = Person(firstName: "Ana", lastName: "Lima")
    #expect(judge(ana, ana).score == 0.5)
    #expect(judge(ana, ana).reasonsFor == ["same name Ana Lima"])
    #expect(low(judge(Person(firstName: "Ana"), Person(firstName: "ana"))), "one word is weaker still")
    var day = ana
    day.birthday = Day(year: 1985, month: 3, day: 4)
    #expect(high(judge(day, day)), "a full name and a full birthday")
    // No names to compare (one side named from its phone, say): a phone alone is 0.5.
    #expect(judge(Person(phones: ["555 123 4567"]), Person(firstName: "Ana", phones: ["5551234567"])).score == 0.5)
    #expect(judge(Person(emails: ["a@x.org"]), Person(emails: ["a@x.org"])).score < 0.9)
    #expect(judge(Person(uuid: "urn:uuid:ABC-1", firstName: "X"), Person(uuid: "abc-1", firstName: "Y")).score == 1)
    // Weaker evidence against: under 0.9 whatever is shared.
    let married = judge(
      Person(firstName: "Ana", lastName: "Lima", birthday: day.birthday, emails: ["a@x.org"], phones: ["5551234567"]),
      Person(firstName: "Ana", lastName: "Souza", birthday: day.birthday, emails: ["a@x.org"], phones: ["5551234567"]))
    #expect(married.score < 0.9 && married.score >= 0.5, "\(married)")
    #expect(married.reasonsAgainst == ["last names differ: Lima / Souza"])
    let addresses = judge(
      Person(firstName: "Ana", lastName: "Lima", emails: ["a@work.example"], phones: ["5551234567"]),
      Person(firstName: "Ana", lastName: "Lima", emails: ["a@home.example"], phones: ["5551234567"]))
    #expect(addresses.score < 0.9, "\(addresses)")
    #expect(addresses.reasonsAgainst == ["e-mail addresses differ: a@work.example / a@home.example"])
    // Genders M and F contradict; O does not.
    let genders = judge(
      Person(firstName: "Sam", lastName: "Lee", gender: .male, emails: ["s@x.org"]),
      Person(firstName: "Sam", lastName: "Lee", gender: .female, emails: ["s@x.org"]))
    #expect(low(genders) && genders.reasonsAgainst == ["genders differ: M / F"], "\(genders)")
    #expect(
      high(
        judge(
          Person(firstName: "Sam", lastName: "Lee", gender: .other, emails: ["s@x.org"]),
          Person(firstName: "Sam", lastName: "Lee", gender: .female, emails: ["s@x.org"]))))
  }

  @Test("names: a nickname that is the other's first name, initials, one name holding the other, order, CJK")
  func names() {
    let teddy = judge(
      Person(firstName: "Theodoric", lastName: "Vasquez-Lund", nickname: "Teddy"),
      Person(firstName: "Teddy", lastName: "Vasquez-Lund"))
    #expect(teddy.score == 0.5, "a name tie alone: likely, not certain (\(teddy))")
    #expect(
      teddy.reasonsFor == [
        "nickname Teddy of Theodoric Vasquez-Lund = Teddy Vasquez-Lund", "same last name Vasquez-Lund",
      ])
    let initial = judge(
      Person(firstName: "A.", lastName: "Lima", emails: ["ana@x.org"]),
      Person(firstName: "Ana", lastName: "Lima", emails: ["ANA@x.org"]))
    #expect(high(initial) && initial.reasonsFor.contains("first names agree (an initial): A. / Ana"), "\(initial)")
    #expect(low(judge(Person(firstName: "B.", lastName: "Lima"), Person(firstName: "Ana", lastName: "Lima"))))
    let compound = judge(
      Person(firstName: "Ana María", lastName: "López", emails: ["am@x.org"]),
      Person(firstName: "Ana", lastName: "López García", emails: ["am@x.org"]))
    #expect(compound.score >= 0.5 && !compound.isDisputed, "agree, though weakly: \(compound)")
    #expect(
      low(judge(Person(firstName: "Jean-Pierre", lastName: "Roux"), Person(firstName: "Jean-Paul", lastName: "Roux"))))
    let swapped = judge(Person(firstName: "Lima", lastName: "Ana"), Person(firstName: "ana", lastName: "LIMA"))
    #expect(swapped.score == 0.5 && swapped.reasonsFor == ["same name in another order: Lima Ana / ana LIMA"])
    #expect(judge(Person(firstName: "Ana  Lima"), Person(firstName: "Ana", lastName: "Lima")).score == 0.5)
    let chinese = judge(
      Person(firstName: "王伟", phones: ["13812345678"]),
      Person(firstName: "伟", lastName: "王", phones: ["+86 138 1234 5678"]))
    #expect(high(chinese), "a CJK name written in one field or two: \(chinese)")
    #expect(judge(Person(firstName: "王伟"), Person(firstName: "王伟")).score == 0.5, "a full name, not a one-word name")
    #expect(low(judge(Person(firstName: "伟", lastName: "王"), Person(firstName: "芳", lastName: "王"))))
    #expect(
      judge(Person(firstName: " ana ", lastName: "LIMA "), Person(firstName: "Ána", lastName: "lima")).score == 0.5)
    // Renée and René are two names; Michelle and Michael too.
    #expect(low(judge(Person(firstName: "René", lastName: "Roux"), Person(firstName: "Renée", lastName: "Roux"))))
    #expect(low(judge(Person(firstName: "Michelle", lastName: "Roux"), Person(firstName: "Michael", lastName: "Roux"))))
    // Alexander and Alexandra share forms (Alex, Sasha) but are two names.
    #expect(
      low(judge(Person(firstName: "Alexander", lastName: "Roux"), Person(firstName: "Alexandra", lastName: "Roux"))))
    #expect(
      judge(Person(firstName: "Alex", lastName: "Roux"), Person(firstName: "Alexandra", lastName: "Roux")).score > 0.2)
    // Translations are two names: Pierre is not Peter.
    #expect(low(judge(Person(firstName: "Pierre", lastName: "Roux"), Person(firstName: "Peter", lastName: "Roux"))))
  }

  @Test("missing facts are no evidence; a partial contact is judged by its facts alone")
  func missing() {
    let nobody = judge(Person(), Person())
    #expect(nobody.reasonsFor.isEmpty && nobody.reasonsAgainst.isEmpty && low(nobody))
    let partial = judge(Person(firstName: "Mum", isPartial: true), Person(firstName: "Mum"))
    #expect(partial.reasonsFor == ["same first name Mum"])
    #expect(Person.uuidKey("  urn:uuid:AB-1 ") == "ab-1" && Person.uuidKey(" ") == nil)
    // A name is no shared value: a judgement that shares only names does not share an identifier.
    #expect(
      !judge(Person(firstName: "Ana", lastName: "Lima"), Person(firstName: "Ana", lastName: "Lima")).sharesIdentifier)
    #expect(
      judge(Person(firstName: "Ana", phones: ["5551234567"]), Person(firstName: "Eva", phones: ["5551234567"]))
        .sharesIdentifier)
  }

  @Test("a score is written with at most two decimals")
  func decimals() {
    #expect(
      [0.5, 0.98, 1, 0.05, 0, 0.899_999].map(IdentityJudgement.decimal) == ["0.5", "0.98", "1", "0.05", "0", "0.89"])
    let judgement = IdentityJudgement(evidence: [.init(.supporting, 5, "same e-mail a@b")])
    #expect(JSONWriter.plain.string(judgement.json) == #"{"score":0.73,"for":["same e-mail a@b"],"against":[]}"#)
  }

  @Test("every group of name variants reads: two or more names, none empty")
  func variantTable() {
    for group in NameVariants.groups {
      #expect(group.count >= 2, "\(group)")
      #expect(group.allSatisfy { !NameForms.words($0).isEmpty }, "\(group)")
    }
    #expect(NameForms.spellingKey("aleksandr") == NameForms.spellingKey("alexander"))
    #expect(NameForms.spellingKey("anna") == "ana" && NameForms.spellingKey("renee") != NameForms.spellingKey("rene"))
  }
}
