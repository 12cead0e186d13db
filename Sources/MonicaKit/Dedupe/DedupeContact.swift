/// A contact as `monica-dedupe` groups it: its identity (`Person`, what the judgement weighs)
/// and what chooses the keeper; built from a record or by hand in tests.
package struct DedupeContact: Sendable, Equatable {
  package var id: Int
  /// Who the contact is: names, birthday, e-mails, phones...
  package var person: Person
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
    id: Int, person: Person, records: Int = 0, fields: Int = 0, createdAt: String = "", relatedTo: [Int] = []
  ) {
    (self.id, self.person, self.records, self.fields) = (id, person, records, fields)
    (self.createdAt, self.relatedTo) = (createdAt, relatedTo)
  }

  /// First and last name as people read them.
  package var name: String {
    [person.firstName, person.lastName].map(\.trimmingWhiteSpace).filter { !$0.isEmpty }.joined(separator: " ")
  }

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
