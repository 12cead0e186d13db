import MonicaKit

/// What `monica-fetch` can read: the collections of the Monica 4.x API, and the signed-in user.
package enum ResourceKind: String, Sendable, CaseIterable {
  case contacts, activities, notes, tasks, gifts, tags, photos, me

  /// The path of the collection below `/api`, e.g. `/contacts`.
  package var path: String { "/" + rawValue }

  /// One record's name in messages: `contact`, `activity`...
  package var singular: String {
    switch self {
    case .contacts: "contact"
    case .activities: "activity"
    case .notes: "note"
    case .tasks: "task"
    case .gifts: "gift"
    case .tags: "tag"
    case .photos: "photo"
    case .me: "signed-in user"
    }
  }

  /// Whether one contact's items of this kind have a nested route, `/contacts/{id}/<kind>`.
  package var isNestedUnderContacts: Bool {
    switch self {
    case .activities, .notes, .tasks, .gifts, .photos: true
    case .contacts, .tags, .me: false
    }
  }

  /// The names `--sort` accepts: Monica's whole list (anything else is its error 39).
  package static let sortFields = ["created_at", "updated_at", "completed_at", "called_at", "favorited_at"]
}
