extension RecordKind {
  /// The kind a user typed: its name, or a usage error that suggests the kind meant
  /// (`contact` is `contacts`, `Notes` is `notes`, `actvities` is `activities`).
  package init(parsing word: String) throws(MonicaError) {
    if let kind = RecordKind.routed(word) ?? RecordKind.called(word) {
      self = kind
      return
    }
    let names = Self.names.joined(separator: ", ")
    guard let meant = Self.meant(by: word) else {
      throw .usage("kind '\(word)' does not exist (kinds: \(names))")
    }
    throw .usage("kind '\(word)' does not exist; did you mean \(meant.name)? (kinds: \(names))")
  }

  /// The kind a word names in either number, as a route or as an `object`, in any case:
  /// `journal`, `entry` and `entries`; `logs`, `log`, `auditlog` and `auditlogs`; `me` and
  /// `user`; `activitytype` and `activityType`. Every tool that takes a kind reads it here.
  package static func called(_ word: String) -> RecordKind? { byWord[word.lowercased()] }

  /// The words `called` knows, for help: each kind's route name and `object` name.
  package static var acceptedWords: [String] { all.flatMap { [$0.name, $0.object] } }

  private static let byWord: [String: RecordKind] = {
    var words: [String: RecordKind] = [:]
    for kind in all {
      let object = kind.object.lowercased()
      for word in [kind.name, singular(of: kind.name), object, plural(of: object)] where words[word] == nil {
        words[word] = kind
      }
    }
    return words
  }()

  /// `entry` -> `entries`, `address` -> `addresses`, `auditlog` -> `auditlogs`.
  static func plural(of word: String) -> String {
    if word.hasSuffix("y"), !["ay", "ey", "oy", "uy"].contains(where: word.hasSuffix) {
      return word.dropLast() + "ies"
    }
    return word.hasSuffix("s") ? word + "es" : word + "s"
  }

  /// `activities` -> `activity`, `addresses` -> `address`, `logs` -> `log`, `journal` as it is.
  static func singular(of word: String) -> String {
    if word.hasSuffix("ies") { return word.dropLast(3) + "y" }
    if word.hasSuffix("sses") { return String(word.dropLast(2)) }
    return word.hasSuffix("s") ? String(word.dropLast()) : word
  }

  /// The kind a misspelt word most likely means: a singular, an `object` name, another case, a
  /// prefix, or a name two edits away.
  static func meant(by word: String) -> RecordKind? {
    let lower = word.lowercased()
    guard !lower.isEmpty else { return nil }
    if let kind = all.first(where: { $0.name == lower || $0.singular == lower || $0.object.lowercased() == lower }) {
      return kind
    }
    if lower == "users" { return .user }
    let prefixed = all.filter { $0.name.hasPrefix(lower) }
    if lower.count >= 2, prefixed.count == 1 { return prefixed[0] }
    let near = all.map { ($0, editDistance(lower, $0.name)) }.filter { $0.1 <= 2 }
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

  /// The names `sort=` accepts: Monica's whole list (anything else is its error 39,
  /// app/Http/Controllers/Api/ApiController.php:174-186).
  package static let sortFields = ["created_at", "updated_at", "completed_at", "called_at", "favorited_at"]
}
