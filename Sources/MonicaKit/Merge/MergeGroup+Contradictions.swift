/// What says that two contacts of a group are two people, checked at merge time on the contacts
/// as read (a line written yesterday, or `--keep/--merge` typed by hand, is no judgement of
/// today's records). A merge cannot be undone by Monica: a group with a contradiction is refused
/// unless `--force` names the merged contact.
///
/// `contradictions(between:and:)` is the one place that judges a pair: it asks the toolset's
/// identity judgement (MonicaKit/Identity), the one monica-dedupe grouped the line with.
extension MergeGroup {
  /// One pair of the group that contradicts: the two ids and why, in words.
  package struct Contradiction: Sendable, Equatable {
    /// The two contacts, the keeper (or the first in the group's order) first.
    package let ids: (Int, Int)
    /// `first names differ: Łukasz / Björn`.
    package let reasons: [String]

    package static func == (a: Contradiction, b: Contradiction) -> Bool {
      a.ids == b.ids && a.reasons == b.reasons
    }

    /// `#12 / #57: first names differ: Łukasz / Björn; genders differ: M / F`.
    package var text: String { "#\(ids.0) / #\(ids.1): " + reasons.joined(separator: "; ") }
  }

  /// Every pair of `contacts` (the keeper first, as read `with=contactfields`) that contradicts,
  /// in words (`Contradiction.text`); empty when nothing says they are two people.
  package static func contradictions(_ contacts: [JSONObject]) -> [String] {
    contradictingPairs(contacts).map(\.text)
  }

  /// Every pair of `contacts` that contradicts, in the group's order.
  package static func contradictingPairs(_ contacts: [JSONObject]) -> [Contradiction] {
    var pairs: [Contradiction] = []
    for (index, one) in contacts.enumerated() {
      for other in contacts.dropFirst(index + 1) {
        let reasons = contradictions(between: one, and: other)
        guard !reasons.isEmpty else { continue }
        pairs.append(
          Contradiction(ids: (one["id"]?.intValue ?? 0, other["id"]?.intValue ?? 0), reasons: reasons))
      }
    }
    return pairs
  }

  /// Why the two contact records may be two people, in words; empty when nothing says so: the
  /// evidence against of the toolset's one identity judgement (`Person.judge`), both the
  /// contradictions (first names that are not forms of one name, genders, birthdays, one living
  /// and one deceased, dates of death) and what only weakens it (other last or middle names,
  /// e-mail addresses that share none). A merge is the one write Monica cannot undo, so any
  /// evidence against asks for `--force`.
  package static func contradictions(between a: JSONObject, and b: JSONObject) -> [String] {
    Person(contact: JSONValue.object(a)).judge(Person(contact: JSONValue.object(b))).reasonsAgainst
  }
}
