/// How `monica-import` (vcard or csv) was asked to import.
package struct ImportOptions {
  /// Report bad cards or rows and go on, instead of stopping with 65.
  package var skipInvalid = false
  /// Leave out the cards or rows that match an existing contact, instead of adding what it lacks.
  package var skipExisting = false
  /// Create a card or row whose name several existing contacts share, instead of leaving it out.
  package var createAmbiguous = false
  /// The day a year-unknown birthday is stored in (Monica stores the current year).
  package var today = CalendarDate.today()
  /// The most people the in-file matching holds (about 2 KB each), so that memory stays bounded
  /// whatever the input (bench/README.md, monica-import vcard).
  package var peopleHeld = 50_000

  package init() {}
}

/// What an import did, for the summary on stderr.
package struct ImportSummary: Equatable {
  /// What the input is made of, in the singular: `card`, `row`.
  package var noun = "card"
  /// Cards or rows read (bad ones too).
  package var cards = 0
  /// New contacts made.
  package var contacts = 0
  /// Cards that are an existing contact (`--dedupe-against`).
  package var matched = 0
  /// What each of those was known by: `UID`, `e-mail`, `phone`, `name`.
  package var matchedBy: [String: Int] = [:]
  /// Cards of a person an earlier card of the input holds.
  package var sameAsEarlier = 0
  /// What each of those was known by.
  package var sameAsEarlierBy: [String: Int] = [:]
  package var ambiguous = 0
  package var invalid = 0

  package init(noun: String = "card") { self.noun = noun }

  /// Whether the summary is worth a line on stderr: something was matched, or matching was
  /// asked for (a plain import of new cards stays quiet).
  package func isWorthSaying(dedupeAgainst: Bool) -> Bool { dedupeAgainst || sameAsEarlier > 0 || ambiguous > 0 }

  /// `6 cards: 2 new contacts, 3 existing contacts (2 by UID, 1 by e-mail), 1 the same person as
  /// an earlier card (1 by name), 0 ambiguous, 0 invalid`.
  package var text: String {
    func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
    return count(cards, noun, noun + "s") + ": " + count(contacts, "new contact", "new contacts") + ", "
      + count(matched, "existing contact", "existing contacts") + Self.by(matchedBy)
      + ", \(sameAsEarlier) the same person as an earlier \(noun)" + Self.by(sameAsEarlierBy)
      + ", \(ambiguous) ambiguous, \(invalid) invalid"
  }

  /// ` (2 by UID, 1 by e-mail)`, or nothing.
  static func by(_ counts: [String: Int]) -> String {
    let parts = ["UID", "e-mail", "phone", "name"].compactMap { key in counts[key].map { "\($0) by \(key)" } }
    return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
  }

  /// What was done between `earlier` (a copy taken before) and now: one file's share of a run.
  package func since(_ earlier: ImportSummary) -> ImportSummary {
    var part = ImportSummary(noun: noun)
    part.cards = cards - earlier.cards
    part.contacts = contacts - earlier.contacts
    part.matched = matched - earlier.matched
    part.matchedBy = matchedBy.reduce(into: [:]) { result, entry in
      let difference = entry.value - (earlier.matchedBy[entry.key] ?? 0)
      if difference > 0 { result[entry.key] = difference }
    }
    part.sameAsEarlier = sameAsEarlier - earlier.sameAsEarlier
    part.sameAsEarlierBy = sameAsEarlierBy.reduce(into: [:]) { result, entry in
      let difference = entry.value - (earlier.sameAsEarlierBy[entry.key] ?? 0)
      if difference > 0 { result[entry.key] = difference }
    }
    part.ambiguous = ambiguous - earlier.ambiguous
    part.invalid = invalid - earlier.invalid
    return part
  }
}
