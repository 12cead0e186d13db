/// The copies of other records that a record embeds: a note's `contact` (its name, avatar and
/// birthdate as they were when the note was read), an activity's `attendees.contacts`, a
/// contact's `tags`. A change of the embedded record shows in every record that embeds it (one
/// contact's new avatar in each of its notes, tasks and photos); it is that record's change,
/// not theirs. What a record itself says is which record it refers to: the copy's `id`.
///
/// Read from the catalogue (`RecordKind.references`): a reference whose path ends in `.id` under
/// an object (`contact.id`) or under each element of a list (`attendees.contacts[].id`) names an
/// embedded copy at that object or list.
package struct EmbeddedCopies: Sendable, Equatable {
  /// Paths of single embedded records (`contact`, `activity_type`).
  package let objects: Set<String>
  /// Paths of lists of embedded records (`attendees.contacts`, `tags`).
  package let lists: Set<String>

  /// The copies a record of `kind` embeds.
  package init(_ kind: RecordKind?) {
    var objects: Set<String> = []
    var lists: Set<String> = []
    for reference in kind?.references ?? [] where !reference.byName {
      let segments = reference.segments
      guard segments.count >= 2, let last = segments.last, last.key == "id", !last.each else { continue }
      let parent = segments.dropLast()
      let path = parent.map(\.key).joined(separator: ".")
      if parent.last?.each == true { lists.insert(path) } else { objects.insert(path) }
    }
    self.objects = objects
    self.lists = lists
  }

  /// No embedded copies: every field is compared.
  package static let none = EmbeddedCopies(objects: [], lists: [])

  private init(objects: Set<String>, lists: Set<String>) {
    self.objects = objects
    self.lists = lists
  }

  /// Whether there are none.
  package var isEmpty: Bool { objects.isEmpty && lists.isEmpty }
}
