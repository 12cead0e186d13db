/// Who a card or row is (an earlier one's contact, an existing contact, a new one), and what is
/// held of each person for the later cards of the input.
extension ContactEmitter {
  /// Who a card is: an earlier card's contact, an existing contact, or a new one (`nil` when
  /// it is left out as ambiguous).
  enum Target {
    case new
    case existing(Int)
    case earlier(Int)
  }

  /// `contacts #1 (Ana Lima: same name Ana Lima), #2 (...)`: who a message names, and why.
  private func named(_ matches: [IdentityMatch<Int>]) -> String {
    matches.map { match in
      let why = (match.judgement.reasonsFor + match.judgement.reasonsAgainst).joined(separator: ", ")
      return "#\(match.key) (\(existing?.name(of: match.key) ?? ""): \(why))"
    }.joined(separator: ", ")
  }

  /// What the judgement found the card by, for the summary: `UID`, `e-mail`, `phone`, `name`.
  private static func by(_ judgement: IdentityJudgement) -> String {
    if judgement.score == 1 { return "UID" }
    if judgement.reasonsFor.contains(where: { $0.hasPrefix("same e-mail") }) { return "e-mail" }
    if judgement.reasonsFor.contains(where: { $0.hasPrefix("same phone") }) { return "phone" }
    return "name"
  }

  /// Who the card is, said on stderr when it is not plain; `nil` when it is left out.
  ///
  /// An earlier card of the input is asked first, so that a person twice in one file is one
  /// contact: almost certainly (`IdentityJudgement.almostCertain`), not on a name alone; but an
  /// existing contact the card is, and the earlier card is not (its UID, or the judgement), wins:
  /// two contacts of the account are never made one by an import.
  func target(
    of content: CardContent, person: ComparedPerson, blocks: BlockKeys, at place: @autoclosure () -> String
  ) -> Target? {
    // Said only when something is said of the card.
    var whose: String { "\(noun) \(content.number) (\(content.shownName))" }
    let known = existing?.identify(person, blocks: blocks)
    // Two cards of one address book that are only likely one person (a name and nothing else)
    // are two cards it keeps apart, namesakes as likely as one person: a contact each, no word.
    if case .one(let match) = earlier.identify(person, blocks: blocks),
      match.judgement.score >= IdentityJudgement.almostCertain
    {
      if case .one(let other)? = known, other.key != written[match.key]?.existing {
        // The card is another existing contact than the earlier card's: asked below.
      } else {
        summary.sameAsEarlierBy[Self.by(match.judgement), default: 0] += 1
        // A card given twice (the same UID: `cat a.vcf a.vcf`) needs no word.
        if match.judgement.score < 1 {
          let reasons = match.judgement.reasonsFor.joined(separator: ", ")
          note(
            "\(place()): \(whose): the same person as \(noun) \(match.key) (\(reasons)): its new values go to that contact"
          )
        }
        return .earlier(match.key)
      }
    }
    switch known {
    case .one(let match)?:
      summary.matchedBy[Self.by(match.judgement), default: 0] += 1
      return .existing(match.key)
    case .ambiguous(let matches)?:
      // Two people of one name: writing one's card onto the other is worse than a duplicate.
      summary.ambiguous += 1
      let what = options.createAmbiguous ? "created as a new contact (--create-ambiguous)" : "left out"
      report(
        "\(place()): \(whose): ambiguous: contacts \(named(matches)) could each be this \(noun); \(what)")
      return options.createAmbiguous ? .new : nil
    case .nobody(let passedOver)?:
      if !passedOver.isEmpty {
        note("\(place()): \(whose): not contact \(named(passedOver)); made a new contact")
      }
      return .new
    case nil:
      return .new
    }
  }

  /// Holds the card's person and what is written for it, for the later cards of the input;
  /// past `options.peopleHeld` people, says once that later cards are compared with those held
  /// only.
  func hold(
    _ person: ComparedPerson, blocks: BlockKeys, as owner: Int, _ contact: WrittenContact,
    at place: @autoclosure () -> String
  ) {
    guard earlier.count < options.peopleHeld else {
      if !saidHeldLimit {
        saidHeldLimit = true
        report(
          "\(place()): the first \(options.peopleHeld) people are held for in-file matching: later \(noun)s are compared "
            + "with them, not with each other")
      }
      return
    }
    earlier.add(person, as: owner, blocks: blocks)
    written[owner] = contact
  }

  /// Keeps what a new contact's card says of its own fields, for the later cards of its person.
  static func remember(_ content: CardContent, in written: inout WrittenContact?) {
    guard written != nil else { return }
    for (key, value) in ownFields(content) { _ = written?.add(own: key, value) }
    for tag in content.tags { _ = written?.add("t", tag) }
  }

  /// A card's own fields as note lines name them, in their order, those with a value.
  private static func ownFields(_ content: CardContent) -> [(name: String, value: String)] {
    var name = content.firstName
    for part in [content.middleName, content.lastName] where !part.isEmpty {
      name += name.isEmpty ? part : " " + part
    }
    let own = [
      ("Name", name), ("Nickname", content.nickname), ("Description", content.description),
      ("Birthday", content.birthdate.map { $0.known.text } ?? ""),
      ("Died", content.deceasedDate.map { $0.known.text } ?? ""), ("Job", content.job),
      ("Company", content.company),
    ]
    return own.filter { !$0.1.isEmpty }
  }

  /// The note lines of what a later card of a person made by this import says otherwise than
  /// the cards before it did, or besides them: its name, nickname, description, dates, job, company
  /// (`Birthday (card 7): 1985-03-04`), and its tags (Monica sets them with the contact, which
  /// is written already).
  func differences(_ content: CardContent, from first: Int) -> [String] {
    var lines: [String] = []
    for (key, value) in Self.ownFields(content) {
      // Each said once, however many cards say it.
      guard written[first]?.add(own: key, value) == true else { continue }
      lines.append("\(key) (\(noun) \(content.number)): \(value)")
    }
    let tags = content.tags.filter { written[first]?.add("t", $0) == true }
    if !tags.isEmpty { lines.append("Categories (\(noun) \(content.number)): " + tags.joined(separator: ", ")) }
    return lines
  }
}
