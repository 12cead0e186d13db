/// One reason to think two contacts are one person, with how much it weighs.
package enum Evidence: Hashable, Sendable {
  /// An e-mail address both have (case-folded).
  case email(String)
  /// A phone number both have, as the first wrote it.
  case phone(String)
  /// The same folded full name; `words` is how many words it has.
  case name(String, words: Int)
  /// One's nickname is the other's first name, with the same last name.
  case nickname(String, of: String, equals: String)
  /// The same birthday, year included: supports other evidence, never stands alone.
  case birthday(String)

  /// The chance this evidence alone gives that the two are one person. A shared name alone is
  /// weak (0.5, one word 0.3): two people may share it.
  package var weight: Double {
    switch self {
    case .email: 0.95
    case .phone: 0.9
    case .name(_, let words): words > 1 ? 0.5 : 0.3
    case .nickname: 0.5
    case .birthday: 0.8
    }
  }

  /// The reason as the output line says it.
  package var reason: String {
    switch self {
    case .email(let address): "same e-mail \(address)"
    case .phone(let number): "same phone \(number)"
    case .name(let name, _): "same name \(name)"
    case .nickname(let nickname, let holder, let other): "nickname \(nickname) of \(holder) = \(other)"
    case .birthday(let day): "same birthday \(day)"
    }
  }
}

/// What two contacts have in common, and the score it adds up to.
package struct PairEvidence: Sendable, Equatable {
  /// The evidence, strongest kinds first.
  package var evidence: [Evidence]

  /// The chance they are one person: each piece of evidence an independent chance,
  /// `1 - Π(1 - weight)`, to two decimals.
  package var score: Double {
    let apart = evidence.reduce(1.0) { $0 * (1 - $1.weight) }
    return ((1 - apart) * 100).rounded() / 100
  }

  /// Compares two contacts: `nil` when they are not to be grouped: the same contact, a partial
  /// one, birthdays that contradict, or nothing in common but a name that their genders or
  /// e-mail addresses contradict.
  package init?(_ a: DedupeContact, _ b: DedupeContact) {
    guard a.id != b.id, !a.isPartial, !b.isPartial else { return nil }
    if let one = a.birthday, let other = b.birthday, one.contradicts(other) { return nil }
    var strong: [Evidence] = []
    let emailsA = Set(a.emails.compactMap(MatchKeys.email))
    let emailsB = Set(b.emails.compactMap(MatchKeys.email))
    strong += emailsA.intersection(emailsB).sorted().map(Evidence.email)
    let phonesB = b.phones.compactMap(MatchKeys.phoneDigits)
    for phone in a.phones {
      guard let digits = MatchKeys.phoneDigits(phone), phonesB.contains(where: { MatchKeys.samePhone(digits, $0) }),
        !strong.contains(where: { if case .phone = $0 { true } else { false } })
      else { continue }
      strong.append(.phone(phone.trimmingWhiteSpace))
    }
    var names: [Evidence] = []
    if let name = MatchKeys.fullName(first: a.firstName, last: a.lastName),
      name == MatchKeys.fullName(first: b.firstName, last: b.lastName)
    {
      names.append(.name(a.name, words: name.split(separator: " ").count))
    } else if let nick = MatchKeys.givenName(a.nickname, last: a.lastName),
      nick == MatchKeys.givenName(b.firstName, last: b.lastName)
    {
      names.append(.nickname(a.nickname, of: a.name, equals: b.name))
    } else if let nick = MatchKeys.givenName(b.nickname, last: b.lastName),
      nick == MatchKeys.givenName(a.firstName, last: a.lastName)
    {
      names.append(.nickname(b.nickname, of: b.name, equals: a.name))
    }
    // A name is evidence only when nothing says they are two people.
    let genders: Set<String> = ["M", "F"]
    let genderClash =
      genders.contains(a.genderType) && genders.contains(b.genderType) && a.genderType != b.genderType
    let emailClash = !emailsA.isEmpty && !emailsB.isEmpty && emailsA.isDisjoint(with: emailsB)
    if genderClash || emailClash { names = [] }
    guard !strong.isEmpty || !names.isEmpty else { return nil }
    evidence = strong + names
    if let day = a.birthday, day.year != nil, day == b.birthday { evidence.append(.birthday(day.text)) }
  }

  package init(evidence: [Evidence]) { self.evidence = evidence }
}
