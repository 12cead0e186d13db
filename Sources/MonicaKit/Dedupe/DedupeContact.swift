/// A contact as `monica-dedupe` compares it: plain values, built from a record or by hand in tests.
package struct DedupeContact: Sendable, Equatable {
  /// A birthday as far as it is known: the year is `nil` when Monica marks it unknown.
  package struct Birthday: Sendable, Equatable {
    package var year: Int?
    package var month: Int
    package var day: Int

    package init(year: Int?, month: Int, day: Int) {
      (self.year, self.month, self.day) = (year, month, day)
    }

    /// Whether the two cannot be the same person's: the days differ, or both years are known
    /// and differ.
    package func contradicts(_ other: Birthday) -> Bool {
      if month != other.month || day != other.day { return true }
      if let year, let otherYear = other.year { return year != otherYear }
      return false
    }

    /// `YYYY-MM-DD`, or `--MM-DD` without a year.
    package var text: String {
      let monthDay = (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
      return year.map { "\($0)-" + monthDay } ?? "--" + monthDay
    }
  }

  package var id: Int
  package var firstName = ""
  package var lastName = ""
  package var nickname = ""
  /// Monica's `gender_type` (`M`, `F`, `O`...), empty when none.
  package var genderType = ""
  /// Known birthdays only: an age-based one (`is_age_based`) says nothing of the day.
  package var birthday: Birthday?
  /// E-mail addresses as written.
  package var emails: [String] = []
  /// Phone numbers as written.
  package var phones: [String] = []
  /// A partial contact exists only inside a relationship: never a duplicate.
  package var isPartial = false
  /// How many records the contact holds: its statistics' counts plus its contact fields,
  /// addresses and tags.
  package var records = 0
  /// How many of its own fields have a value (see `DedupeContact.filledFieldPaths`).
  package var fields = 0
  /// `created_at` as Monica writes it (UTC, sorts as text); empty when unknown.
  package var createdAt = ""
  /// The contacts its own relationship rows name (`information.relationships`): a merge reads
  /// the lists of those that name a merged contact, where a row without a reverse shows.
  package var relatedTo: [Int] = []

  package init(
    id: Int, firstName: String = "", lastName: String = "", nickname: String = "", genderType: String = "",
    birthday: Birthday? = nil, emails: [String] = [], phones: [String] = [], isPartial: Bool = false,
    records: Int = 0, fields: Int = 0, createdAt: String = "", relatedTo: [Int] = []
  ) {
    (self.id, self.firstName, self.lastName, self.nickname) = (id, firstName, lastName, nickname)
    (self.genderType, self.birthday, self.emails, self.phones) = (genderType, birthday, emails, phones)
    (self.isPartial, self.records, self.fields, self.createdAt) = (isPartial, records, fields, createdAt)
    self.relatedTo = relatedTo
  }

  /// First and last name as people read them.
  package var name: String { [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ") }

  /// Whether `self` should be kept rather than `other` when they are merged: the one holding
  /// more records, then more filled fields, then the older (`created_at`), then the lower id.
  package func outranks(_ other: DedupeContact) -> Bool {
    if records != other.records { return records > other.records }
    if fields != other.fields { return fields > other.fields }
    if createdAt != other.createdAt, !createdAt.isEmpty, !other.createdAt.isEmpty {
      return createdAt < other.createdAt
    }
    return id < other.id
  }
}
