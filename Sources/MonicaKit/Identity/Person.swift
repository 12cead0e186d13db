/// The facts about one person that tell whether two records are the same person: plain values,
/// nothing read or written. Built from a Monica contact (`Person(contact:)`, with or without its
/// `contactFields`), from an imported card (`Person(card:)`), or from values by hand
/// (`Person(firstName:lastName:...)`) for a CSV row, a synced card or a look-up by name; then
/// `judge(_:)` weighs two of them (`IdentityJudgement`) and `IdentityIndex` finds, among many,
/// the few worth judging.
///
/// Each fact is optional: an empty string, an empty list or `nil` is "not known", which is never
/// evidence either way (a card without a birthday does not contradict a contact's).
package struct Person: Sendable, Equatable {
  /// A gender as far as it tells two people apart: only male and female contradict each other.
  package enum Gender: Sendable, Equatable {
    case male, female, other

    /// Monica's `gender_type` (`M`, `F`, `O`), a vCard `GENDER`'s sex (`M`, `F`, `O`, `N`, `U`),
    /// or a CSV column's `male`/`female`; `nil` for none or unknown.
    package init?(code: String) {
      switch code.trimmingWhiteSpace.lowercased() {
      case "m", "male", "man": self = .male
      case "f", "female", "woman": self = .female
      case "o", "other", "n", "none": self = .other
      default: return nil
      }
    }

    /// `M`, `F` or `O`, as reasons say it.
    package var code: String {
      switch self {
      case .male: "M"
      case .female: "F"
      case .other: "O"
      }
    }
  }

  /// A birthday or a date of death as far as it is known.
  package struct KnownDate: Sendable, Equatable {
    /// `nil` when the year is unknown (Monica's `is_year_unknown`, a vCard `--MMDD`).
    package var year: Int?
    package var month: Int
    package var day: Int
    /// Guessed from an age (Monica's `is_age_based`, stored as 1 January of the year): only the
    /// year says anything, and only within a year.
    package var isAgeBased: Bool

    package init(year: Int?, month: Int, day: Int, isAgeBased: Bool = false) {
      (self.year, self.month, self.day, self.isAgeBased) = (year, month, day, isAgeBased)
    }

    /// Whether the two cannot be one person's: other days, or both years known and other; an
    /// age-based date contradicts only a year more than one apart.
    package func contradicts(_ other: KnownDate) -> Bool {
      if isAgeBased || other.isAgeBased {
        guard let year, let otherYear = other.year else { return false }
        return abs(year - otherYear) > 1
      }
      if month != other.month || day != other.day { return true }
      if let year, let otherYear = other.year { return year != otherYear }
      return false
    }

    /// `YYYY-MM-DD`, `--MM-DD` without a year, the year alone when age-based.
    package var text: String {
      if isAgeBased, let year { return "\(year) (from an age)" }
      let monthDay = (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
      return year.map { "\($0)-" + monthDay } ?? "--" + monthDay
    }
  }

  /// The record's own identifier: a Monica contact's `uuid`, a vCard's `UID` (`urn:uuid:` cut
  /// off), lower-cased; `nil` when none. The same uuid is the same record, whatever else changed.
  package var uuid: String?
  package var firstName: String
  package var middleName: String
  package var lastName: String
  package var nickname: String
  package var gender: Gender?
  package var birthday: KnownDate?
  /// `true` deceased, `false` known to be living (a Monica contact says which), `nil` when the
  /// source does not say (a card without a date of death).
  package var isDeceased: Bool?
  package var deceasedDate: KnownDate?
  /// E-mail addresses as written.
  package var emails: [String]
  /// Phone numbers as written.
  package var phones: [String]
  /// A Monica contact that exists only inside a relationship (`is_partial`): the judgement does
  /// not weigh it; monica-dedupe never groups one.
  package var isPartial: Bool

  /// A person from plain values: what a CSV row, a synced card or a look-up knows. A date of
  /// death makes the person deceased unless `isDeceased` says otherwise.
  package init(
    uuid: String? = nil, firstName: String = "", middleName: String = "", lastName: String = "", nickname: String = "",
    gender: Gender? = nil, birthday: KnownDate? = nil, isDeceased: Bool? = nil, deceasedDate: KnownDate? = nil,
    emails: [String] = [], phones: [String] = [], isPartial: Bool = false
  ) {
    self.uuid = uuid.flatMap(Self.uuidKey)
    (self.firstName, self.middleName, self.lastName, self.nickname) = (firstName, middleName, lastName, nickname)
    (self.gender, self.birthday, self.deceasedDate) = (gender, birthday, deceasedDate)
    self.isDeceased = isDeceased ?? (deceasedDate != nil ? true : nil)
    (self.emails, self.phones, self.isPartial) = (emails, phones, isPartial)
  }

  /// First, middle and last name as people read them.
  package var name: String {
    [firstName, middleName, lastName].map(\.trimmingWhiteSpace).filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// Takes an e-mail address or phone number given apart from the record (a `contactfield`
  /// record of `monica-fetch --all`, a CSV column); other kinds and values already held are
  /// passed over. Returns whether it was new.
  @discardableResult
  package mutating func add(field kind: ContactFieldKind, content: String) -> Bool {
    let content = content.trimmingWhiteSpace
    guard !content.isEmpty else { return false }
    switch kind {
    case .email where !emails.contains(content):
      emails.append(content)
      return true
    case .phone where !phones.contains(content):
      phones.append(content)
      return true
    default:
      return false
    }
  }

  /// Takes what `other` knows and `self` does not (in-file matching: a later card of the same
  /// person adds its values): its e-mails and phones, and each own fact `self` lacks.
  package mutating func absorb(_ other: Person) {
    for email in other.emails { add(field: .email, content: email) }
    for phone in other.phones { add(field: .phone, content: phone) }
    if uuid == nil { uuid = other.uuid }
    if middleName.isEmpty { middleName = other.middleName }
    if lastName.isEmpty { lastName = other.lastName }
    if nickname.isEmpty { nickname = other.nickname }
    if gender == nil { gender = other.gender }
    if birthday == nil { birthday = other.birthday }
    if isDeceased == nil { isDeceased = other.isDeceased }
    if deceasedDate == nil { deceasedDate = other.deceasedDate }
  }

  /// A `UID` or uuid as compared: trimmed, `urn:uuid:` cut off, lower-cased; `nil` when empty.
  package static func uuidKey(_ text: String) -> String? {
    let key = text.trimmingWhiteSpace.lowercased()
    let bare = key.hasPrefix("urn:uuid:") ? String(key.dropFirst(9)) : key
    return bare.isEmpty ? nil : bare
  }
}
