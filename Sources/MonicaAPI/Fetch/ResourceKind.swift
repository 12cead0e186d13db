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

  /// The kind a user typed: its name, or a usage error that suggests the kind meant
  /// (`contact` is `contacts`, `Notes` is `notes`, `actvities` is `activities`).
  package init(parsing word: String) throws(MonicaError) {
    if let kind = ResourceKind(rawValue: word) {
      self = kind
      return
    }
    let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
    guard let meant = Self.meant(by: word) else {
      throw .usage("kind '\(word)' does not exist (kinds: \(names))")
    }
    throw .usage("kind '\(word)' does not exist; did you mean \(meant.rawValue)? (kinds: \(names))")
  }

  /// The kind a misspelt word most likely means: a singular, another case, a prefix, or a name
  /// two edits away.
  static func meant(by word: String) -> ResourceKind? {
    let lower = word.lowercased()
    guard !lower.isEmpty else { return nil }
    if let kind = allCases.first(where: { $0.rawValue == lower || $0.singular == lower }) { return kind }
    if lower == "user" || lower == "users" { return .me }
    let prefixed = allCases.filter { $0.rawValue.hasPrefix(lower) }
    if lower.count >= 2, prefixed.count == 1 { return prefixed[0] }
    let near = allCases.map { ($0, editDistance(lower, $0.rawValue)) }.filter { $0.1 <= 2 }
    return near.min { $0.1 < $1.1 }?.0
  }

  /// Levenshtein distance, for suggestions.
  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// The names `--sort` accepts: Monica's whole list (anything else is its error 39).
  package static let sortFields = ["created_at", "updated_at", "completed_at", "called_at", "favorited_at"]
}
