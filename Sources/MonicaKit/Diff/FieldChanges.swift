/// The fields two versions of one record differ in, by dotted path as `monica-filter` and
/// `monica-format --fields` name them (`body`, `information.career.job`): objects are walked
/// member by member, anything else (arrays included) is compared whole. The copies of other
/// records the record embeds (`EmbeddedCopies`) are compared by their ids alone: which record
/// is referred to is the record's own field, what that record says is not.
package struct FieldChanges: Sendable, Equatable {
  /// One field that differs: its path, the old value and the new one (`nil`: absent).
  package struct Change: Sendable, Equatable {
    package let path: String
    package let old: JSONValue?
    package let new: JSONValue?
  }

  /// The differences, in the old record's key order, then keys only the new one has.
  package private(set) var changes: [Change] = []

  /// Paths left out: a path given leaves out itself and everything below it.
  private let ignored: Set<String>
  /// The embedded copies, compared by id.
  private let embedded: EmbeddedCopies

  /// The fields `old` and `new` differ in, without those at or below an `ignored` path, and of
  /// the `embedded` copies only their ids.
  package init(old: JSONValue, new: JSONValue, ignoring ignored: Set<String> = [], embedded: EmbeddedCopies = .none) {
    self.ignored = ignored
    self.embedded = embedded
    compare(old, new, prefix: "")
  }

  /// Whether the two versions are the same, ignored fields aside.
  package var isEmpty: Bool { changes.isEmpty }

  /// The paths that differ, in order.
  package var paths: [String] { changes.map(\.path) }

  /// `{"body":["old","new"], ...}`: the difference line's `fields`, absent values as `null`.
  package var json: JSONValue {
    .object(JSONObject(changes.map { JSONObject.Member($0.path, .array([$0.old ?? .null, $0.new ?? .null])) }))
  }

  private func isIgnored(_ path: String) -> Bool {
    if ignored.isEmpty { return false }
    var prefix = ""
    for component in path.split(separator: ".", omittingEmptySubsequences: false) {
      prefix += prefix.isEmpty ? String(component) : "." + component
      if ignored.contains(prefix) { return true }
    }
    return false
  }

  private mutating func compare(_ old: JSONValue?, _ new: JSONValue?, prefix: String) {
    if !prefix.isEmpty, isIgnored(prefix) { return }
    if !embedded.isEmpty {
      if embedded.objects.contains(prefix), case .object(let before)? = old, case .object(let after)? = new {
        return compare(before["id"], after["id"], prefix: Self.join(prefix, "id"))
      }
      if embedded.lists.contains(prefix), case .array(let before)? = old, case .array(let after)? = new,
        before.map({ $0["id"] }) == after.map({ $0["id"] })
      {
        return
      }
    }
    if case .object(let before)? = old, case .object(let after)? = new {
      for member in before.members {
        compare(member.value, after[member.key], prefix: Self.join(prefix, member.key))
      }
      for member in after.members where before[member.key] == nil {
        compare(nil, member.value, prefix: Self.join(prefix, member.key))
      }
      return
    }
    guard !Self.same(old, new) else { return }
    changes.append(Change(path: prefix, old: old, new: new))
  }

  private static func join(_ prefix: String, _ key: String) -> String { prefix.isEmpty ? key : prefix + "." + key }

  /// Equal values; numbers by value (`1.0` is `1`), as JSON means them.
  private static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    if a == b { return true }
    if case .number(let x)? = a, case .number(let y)? = b, let left = Double(x), let right = Double(y) {
      return left == right
    }
    return false
  }
}
