/// What says that two contacts of a group are two people, checked at merge time on the contacts
/// as read (a line written yesterday, or `--keep/--merge` typed by hand, is no judgement of
/// today's records). A merge cannot be undone by Monica: a group with a contradiction is refused
/// unless `--force` names the merged contact.
///
/// `contradictions(between:and:)` is the one place that judges a pair; it is meant to become the
/// toolset's identity judgement (MonicaKit/Identity) when that lands. Until then it holds the
/// rules monica-dedupe's `PairEvidence` applies (birthdays that differ; genders that differ; both
/// holding e-mail addresses that share none) and those a merge adds: first names that differ
/// (without case or accents) where neither is the other's nickname, and one living and one
/// deceased.
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

  /// Why the two contact records are two people, in words; empty when nothing says so.
  package static func contradictions(between a: JSONObject, and b: JSONObject) -> [String] {
    var reasons: [String] = []
    let (firstA, firstB) = (text(a["first_name"]), text(b["first_name"]))
    if !firstA.isEmpty, !firstB.isEmpty, firstA.folded != firstB.folded,
      text(a["nickname"]).folded != firstB.folded, text(b["nickname"]).folded != firstA.folded
    {
      reasons.append("first names differ: \(firstA) / \(firstB)")
    }
    let binary: Set<String> = ["M", "F"]
    let (genderA, genderB) = (text(a["gender_type"]), text(b["gender_type"]))
    if binary.contains(genderA), binary.contains(genderB), genderA != genderB {
      reasons.append("genders differ: \(genderA) / \(genderB)")
    }
    if let dayA = birthday(a), let dayB = birthday(b), dayA.contradicts(dayB) {
      reasons.append("birthdays differ: \(dayA.text) / \(dayB.text)")
    }
    if let deadA = a["is_dead"]?.boolValue, let deadB = b["is_dead"]?.boolValue, deadA != deadB {
      let dead = deadA ? a : b
      reasons.append("one is deceased: #\(dead["id"]?.intValue ?? 0), the other living")
    }
    let (mailsA, mailsB) = (emails(a), emails(b))
    if !mailsA.isEmpty, !mailsB.isEmpty, mailsA.isDisjoint(with: mailsB) {
      reasons.append(
        "e-mail addresses share none: \(mailsA.sorted().joined(separator: ", ")) / "
          + mailsB.sorted().joined(separator: ", "))
    }
    return reasons
  }

  private static func text(_ value: JSONValue?) -> String { value?.stringValue?.trimmingWhiteSpace ?? "" }

  /// A full contact's known birthday (`information.dates.birthdate`, not age-based).
  private static func birthday(_ contact: JSONObject) -> DedupeContact.Birthday? {
    guard let date = contact["information"]?["dates"]?["birthdate"], date["is_age_based"]?.boolValue != true,
      let text = date["date"]?.stringValue, let day = CalendarDate(parsing: text)
    else { return nil }
    let year = date["is_year_unknown"]?.boolValue == true ? nil : day.year
    return DedupeContact.Birthday(year: year, month: day.month, day: day.day)
  }

  /// The contact's e-mail addresses (its contact fields of type e-mail), case-folded.
  private static func emails(_ contact: JSONObject) -> Set<String> {
    var found = Set<String>()
    for field in contact["contactFields"]?.arrayValue ?? [] {
      let type = field["contact_field_type"]
      let isEmail =
        type?["type"]?.stringValue?.lowercased() == "email" || type?["protocol"]?.stringValue == "mailto:"
      if isEmail, let content = field["content"]?.stringValue, let key = MatchKeys.email(content) {
        found.insert(key)
      }
    }
    return found
  }
}
