import MonicaKit

/// What the steps of relationships and life events keep across lines.
struct RelationState {
  /// Every relationship of the stream so far, as (contact_is, of_contact) source ids: a row whose
  /// reverse is here was made by Monica along with that one (CreateRelationship.php:51-55).
  var pairs: Set<[Int]> = []
  /// The target's life event types, by `key:<default key>` and `name:<name>`; `nil` until read.
  var lifeEventTypes: [String: Int]?
  /// Target id minus source id of a life event type known on both sides: types are made in one
  /// go per account, in the same order (PopulateLifeEventsTable.php:83-99).
  var lifeEventTypeOffset: Int?
  /// Target type ids a guess has shown to be another type than the one guessed for: a guess
  /// that gives one again is sure to be wrong, and is not sent.
  var wrongLifeEventTypeIDs: Set<Int> = []
  /// The target's relationship types by name: the name of their reverse; `nil` until read, empty
  /// when the target has no route that lists them.
  var relationshipTypeReverses: [String: String]?
  /// The names of the source's relationship types, when the stream gives them (`--all` does,
  /// before any relationship); `nil` when it gives none.
  var sourceRelationshipTypes: Set<String>?

  /// The index keys of a life event type: its default key, and its name.
  static func keys(of type: JSONValue?) -> [String] {
    var keys: [String] = []
    if let key = type?["default_life_event_type_key"]?.stringValue, !key.isEmpty { keys.append("key:" + key) }
    if let name = type?["name"]?.stringValue { keys.append("name:" + name.lowercased()) }
    return keys
  }
}
