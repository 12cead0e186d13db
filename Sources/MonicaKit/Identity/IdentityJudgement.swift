import Foundation

/// Whether two records are one person: a score in [0, 1] and the evidence both ways.
///
/// The scale, the same for every tool that asks:
/// - 1: the same uuid (one Monica record, read twice).
/// - at least `almostCertain` (0.9): almost certainly one person: a shared e-mail address or
///   phone number with the same name (or forms of one name: Bob and Robert, Aleksandr and
///   Alexander), or the same full name with the same birthday and year, and nothing against.
/// - `likely` (0.5): the same full name and nothing else, for or against.
/// - under 0.5: anything that contradicts (other first names, genders, birthdays, living and
///   dead), whatever the two share; or too little in common.
/// Weaker evidence against (other last names or middle names, e-mail addresses none of which
/// is shared) keeps a pair under 0.9.
///
/// The score is the logistic function of `IdentityWeights.base` plus the evidence's points,
/// times 0.49 when something contradicts and 0.89 when something weakens, rounded down to two
/// decimals; the same uuid is 1.
package struct IdentityJudgement: Sendable, Equatable {
  /// The least score of "almost certainly one person".
  package static let almostCertain = 0.9
  /// The score of a full name shared and nothing else: "likely one person".
  package static let likely = 0.5

  /// In [0, 1], two decimals.
  package let score: Double
  /// The evidence for, strongest kinds first.
  package let evidenceFor: [IdentityEvidence]
  /// The evidence against.
  package let evidenceAgainst: [IdentityEvidence]

  /// A judgement of the given evidence (tests, a judgement read back).
  package init(evidence: [IdentityEvidence]) {
    evidenceFor = evidence.filter { !$0.isAgainst }
    evidenceAgainst = evidence.filter(\.isAgainst)
    if evidence.contains(where: { $0.direction == .decisive }) {
      score = 1
      return
    }
    let points = evidence.reduce(IdentityWeights.base) { $0 + $1.points }
    var chance = 1 / (1 + exp(-points))
    if evidence.contains(where: { $0.direction == .contradicting }) {
      chance *= 0.49
    } else if evidence.contains(where: { $0.direction == .weakening }) {
      chance *= 0.89
    }
    score = (chance * 100 + 1e-9).rounded(.down) / 100
  }

  /// The reasons for, as lines say them.
  package var reasonsFor: [String] { evidenceFor.map(\.reason) }
  /// The reasons against, as lines say them.
  package var reasonsAgainst: [String] { evidenceAgainst.map(\.reason) }
  /// Whether anything counts against.
  package var isDisputed: Bool { !evidenceAgainst.isEmpty }
  /// Whether the evidence for is a shared identifier (uuid, e-mail address, phone number),
  /// not only names and dates.
  package var sharesIdentifier: Bool { evidenceFor.contains(where: \.isSharedValue) }

  /// `{"score":0.98,"for":["same e-mail a@b"],"against":[]}`, for a line or a tool's answer.
  package var json: JSONValue {
    .object(
      JSONObject([
        "score": .number(Self.decimal(score)), "for": .array(reasonsFor.map(JSONValue.string)),
        "against": .array(reasonsAgainst.map(JSONValue.string)),
      ]))
  }

  /// A score as a JSON number with at most two decimals (`0.5`, `0.98`, `1`, `0`).
  package static func decimal(_ score: Double) -> String {
    let hundredths = min(100, max(0, Int((score * 100 + 1e-9).rounded(.down))))
    if hundredths == 100 { return "1" }
    var text = "0." + (hundredths < 10 ? "0" : "") + String(hundredths)
    while text.hasSuffix("0") && text.count > 3 { text.removeLast() }
    return text == "0.0" ? "0" : text
  }
}

extension Person {
  /// Whether `self` and `other` are one person, and why (`IdentityJudgement`).
  package func judge(_ other: Person) -> IdentityJudgement {
    ComparedPerson(self).judge(ComparedPerson(other))
  }
}

/// A person's facts in the forms they are compared in, worked out once (an index judges one
/// person against many).
struct ComparedPerson: Sendable {
  let person: Person
  let first: NameWords
  let middle: NameWords
  let last: NameWords
  let nickname: NameWords
  /// E-mail keys (`MatchKeys.email`), each once, in the order written.
  let emails: [String]
  /// Phones as written and their digits (`MatchKeys.phoneDigits`).
  let phones: [(written: String, digits: String)]

  /// The most e-mail addresses and phone numbers of one person compared: a record listing
  /// thousands is bounded before it costs every comparison.
  static let valuesCompared = 50

  init(_ person: Person) {
    self.person = person
    first = NameWords(person.firstName)
    middle = NameWords(person.middleName)
    last = NameWords(person.lastName)
    nickname = NameWords(person.nickname)
    var seen: Set<String> = []
    emails = person.emails.prefix(Self.valuesCompared).compactMap(MatchKeys.email).filter { seen.insert($0).inserted }
    phones = person.phones.prefix(Self.valuesCompared).compactMap { phone in
      MatchKeys.phoneDigits(phone).map { (phone.trimmingWhiteSpace, $0) }
    }
  }

  /// The judgement of `self` and `other`.
  func judge(_ other: ComparedPerson) -> IdentityJudgement {
    var evidence: [IdentityEvidence] = []
    if let uuid = person.uuid, uuid == other.person.uuid {
      evidence.append(.init(.decisive, 0, "same uuid \(uuid)", sharedValue: true))
    }
    evidence += identifiers(other)
    evidence += names(other)
    evidence += facts(other)
    return IdentityJudgement(evidence: evidence)
  }

  /// E-mail addresses and phone numbers: shared ones for, e-mail addresses none of which is
  /// shared against (phones are not: people have several, and old ones linger).
  private func identifiers(_ other: ComparedPerson) -> [IdentityEvidence] {
    var evidence: [IdentityEvidence] = []
    let theirs = Set(other.emails)
    let shared = emails.filter(theirs.contains)
    for (index, email) in shared.prefix(3).enumerated() {
      evidence.append(
        .init(
          .supporting, index == 0 ? IdentityWeights.email : IdentityWeights.moreEmail, "same e-mail \(email)",
          sharedValue: true))
    }
    if shared.isEmpty, let mine = emails.first, let their = other.emails.first {
      evidence.append(.init(.weakening, IdentityWeights.otherEmails, "e-mail addresses differ: \(mine) / \(their)"))
    }
    var phonesShared = 0
    var matched: Set<String> = []
    for phone in phones where phonesShared < 2 && !matched.contains(phone.digits) {
      guard other.phones.contains(where: { MatchKeys.samePhone(phone.digits, $0.digits) }) else { continue }
      matched.insert(phone.digits)
      evidence.append(
        .init(
          .supporting, phonesShared == 0 ? IdentityWeights.phone : IdentityWeights.morePhone,
          "same phone \(phone.written)", sharedValue: true))
      phonesShared += 1
    }
    return evidence
  }

  /// First, last, middle names and nicknames.
  private func names(_ other: ComparedPerson) -> [IdentityEvidence] {
    let (mine, theirs) = (person, other.person)
    let firsts = NameForms.relation(first, other.first, variants: true)
    let lasts = NameForms.relation(last, other.last, variants: false)
    var evidence: [IdentityEvidence] = []
    // The same words in first and last name together, however split or ordered (`Ana Lima` in
    // the first name alone, `Lima` / `Ana` swapped, `王伟` in one field or two): one full name.
    let (fullMine, fullTheirs) = (first.words + last.words, other.first.words + other.last.words)
    let compactMine = Set([first.words + last.words, last.words + first.words].map { $0.joined() })
    let compactTheirs = Set([fullTheirs, other.last.words + other.first.words].map { $0.joined() })
    // One word on each side is a one-word name (`Mum`), unless written in a script whose full
    // names take no space (`王伟`, `山田太郎`, `김민준`).
    let oneWordEach =
      last.isEmpty && other.last.isEmpty && first.words.count == 1 && other.first.words.count == 1
      && !NameForms.isUnspacedFullName(first.words[0])
    if firsts == .same && lasts == .same || !oneWordEach && fullMine.count > 1 && fullMine == fullTheirs {
      evidence.append(
        .init(.supporting, IdentityWeights.fullName, "same name \(Self.shown(mine.firstName, mine.lastName))"))
    } else if !oneWordEach, !fullMine.isEmpty,
      fullMine.count > 1 && fullMine.sorted() == fullTheirs.sorted() || !compactMine.isDisjoint(with: compactTheirs)
    {
      let reason =
        "same name in another order: \(Self.shown(mine.firstName, mine.lastName)) / "
        + Self.shown(theirs.firstName, theirs.lastName)
      evidence.append(.init(.supporting, IdentityWeights.fullName, reason))
    } else {
      evidence += firstNames(other, relation: firsts)
      evidence += lastNames(other, relation: lasts)
    }
    if !middle.isEmpty, !other.middle.isEmpty {
      let shown = "\(mine.middleName.trimmingWhiteSpace) / \(theirs.middleName.trimmingWhiteSpace)"
      if NameForms.relation(middle, other.middle, variants: true).agrees {
        evidence.append(.init(.supporting, IdentityWeights.middleName, "middle names agree: \(shown)"))
      } else {
        evidence.append(.init(.weakening, IdentityWeights.otherMiddleName, "middle names differ: \(shown)"))
      }
    }
    return evidence
  }

  /// First names, or a nickname that is the other's first name: the stronger tie counts. A
  /// nickname ties only as a whole name (its spelling or a form of it), never as an initial;
  /// two people's same nickname does not make other first names agree.
  private func firstNames(_ other: ComparedPerson, relation firsts: NameForms.Relation) -> [IdentityEvidence] {
    let (mine, theirs) = (person, other.person)
    let pair = "\(mine.firstName.trimmingWhiteSpace) / \(theirs.firstName.trimmingWhiteSpace)"
    // A nickname that is the other's first name (or its spelling) weighs as the same first name;
    // one that is only a form of it, as forms of one name.
    func tie(_ a: NameWords, _ b: NameWords) -> Double? {
      let relation = NameForms.relation(a, b, variants: true)
      return relation >= .spelling
        ? IdentityWeights.firstName : relation == .variant ? IdentityWeights.firstNameVariant : nil
    }
    var options: [IdentityEvidence] = []
    switch firsts {
    case .same:
      options.append(
        .init(.supporting, IdentityWeights.firstName, "same first name \(mine.firstName.trimmingWhiteSpace)"))
    case .spelling:
      options.append(.init(.supporting, IdentityWeights.firstNameVariant, "first names spelled two ways: \(pair)"))
    case .variant:
      options.append(.init(.supporting, IdentityWeights.firstNameVariant, "first names are forms of one name: \(pair)"))
    case .partial, .initial:
      let how = firsts == .initial ? "an initial" : "one holds the other"
      options.append(.init(.supporting, IdentityWeights.firstNamePartial, "first names agree (\(how)): \(pair)"))
    case .differ, .unknown:
      break
    }
    if let points = tie(nickname, other.first) {
      options.append(.init(.supporting, points, Self.nicknameReason(mine, theirs)))
    } else if let points = tie(first, other.nickname) {
      options.append(.init(.supporting, points, Self.nicknameReason(theirs, mine)))
    } else if firsts != .differ, tie(nickname, other.nickname) != nil {
      options.append(.init(.supporting, IdentityWeights.nickname, "same nickname \(mine.nickname.trimmingWhiteSpace)"))
    }
    if let best = options.max(by: { $0.points < $1.points }) { return [best] }
    guard firsts == .differ else { return [] }
    return [.init(.contradicting, IdentityWeights.otherFirstName, "first names differ: \(pair)")]
  }

  /// `nickname Bob of Robert Smith = Bob Smith`.
  private static func nicknameReason(_ holder: Person, _ other: Person) -> String {
    "nickname \(holder.nickname.trimmingWhiteSpace) of \(shown(holder.firstName, holder.lastName)) = "
      + shown(other.firstName, other.lastName)
  }

  /// Last names: spellings and one holding the other agree; others weaken.
  private func lastNames(_ other: ComparedPerson, relation lasts: NameForms.Relation) -> [IdentityEvidence] {
    let pair = "\(person.lastName.trimmingWhiteSpace) / \(other.person.lastName.trimmingWhiteSpace)"
    switch lasts {
    case .same:
      return [.init(.supporting, IdentityWeights.lastName, "same last name \(person.lastName.trimmingWhiteSpace)")]
    case .spelling, .variant:
      return [.init(.supporting, IdentityWeights.lastNameSpelling, "last names spelled two ways: \(pair)")]
    case .partial:
      return [.init(.supporting, IdentityWeights.lastNamePartial, "last names agree (one holds the other): \(pair)")]
    case .initial:
      return [.init(.supporting, IdentityWeights.lastNameInitial, "last names agree (an initial): \(pair)")]
    case .differ:
      return [.init(.weakening, IdentityWeights.otherLastName, "last names differ: \(pair)")]
    case .unknown:
      return []
    }
  }

  /// Gender, birthday, living or dead.
  private func facts(_ other: ComparedPerson) -> [IdentityEvidence] {
    let (mine, theirs) = (person, other.person)
    var evidence: [IdentityEvidence] = []
    if let one = mine.gender, let two = theirs.gender, one != two, one != .other, two != .other {
      evidence.append(.init(.contradicting, IdentityWeights.otherGender, "genders differ: \(one.code) / \(two.code)"))
    }
    if let one = mine.birthday, let two = theirs.birthday {
      if one.contradicts(two) {
        evidence.append(
          .init(.contradicting, IdentityWeights.otherBirthday, "birthdays differ: \(one.text) / \(two.text)"))
      } else if !one.isAgeBased, !two.isAgeBased {
        let full = one.year != nil && two.year != nil
        evidence.append(
          .init(
            .supporting, full ? IdentityWeights.birthday : IdentityWeights.birthdayDay,
            "same birthday \((full ? one : Person.KnownDate(year: nil, month: one.month, day: one.day)).text)"))
      }
    }
    if let one = mine.isDeceased, let two = theirs.isDeceased, one != two {
      let dead = one ? mine : theirs
      let reason = "one deceased, one living: \(Self.shown(dead.firstName, dead.lastName)) is deceased"
      evidence.append(.init(.contradicting, IdentityWeights.livingAndDead, reason))
    } else if let one = mine.deceasedDate, let two = theirs.deceasedDate {
      if one.contradicts(two) {
        evidence.append(
          .init(.contradicting, IdentityWeights.livingAndDead, "dates of death differ: \(one.text) / \(two.text)"))
      } else if !one.isAgeBased, !two.isAgeBased, one.year != nil, one.year == two.year {
        evidence.append(.init(.supporting, IdentityWeights.deathDate, "same date of death \(one.text)"))
      }
    }
    return evidence
  }

  /// `Ana Lima`, `Ana` when there is no last name.
  static func shown(_ first: String, _ last: String) -> String {
    [first, last].map(\.trimmingWhiteSpace).filter { !$0.isEmpty }.joined(separator: " ")
  }
}
