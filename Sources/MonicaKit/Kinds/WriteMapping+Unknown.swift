extension WriteMapping {
  /// The members of a create line that no write field takes and that are not fields of the
  /// kind's records either (a typo, `colour`, or a name a reader would try, `birthdate`), each
  /// with the write fields the line probably meant: they would be dropped without a word.
  package func unknownFields(in line: JSONObject) -> [(name: String, meant: [String])] {
    var known = Set(fields.map(\.name) + fields.compactMap { $0.source.path?.components.first })
    known.formUnion(["object", "id"] + (hasTags ? ["tags"] : []))
    known.formUnion(Self.recordKeys(of: object))
    return line.members.map(\.key).filter { !known.contains($0) }.map { ($0, meant(by: $0)) }
  }

  /// `colour is not a field monica-push writes on a task; did you mean ...?`, for a warning or
  /// the `--strict` refusal.
  package func unknownFieldsText(_ unknown: [(name: String, meant: [String])]) -> String {
    unknown.map { field in
      let hint = field.meant.isEmpty ? "" : " (did you mean \(field.meant.joined(separator: ", "))?)"
      return "\(field.name) is not a field a \(object) is written with\(hint)"
    }.joined(separator: "; ")
  }

  /// The write fields whose name starts with, is contained in, or is a short edit away from `key`.
  private func meant(by key: String) -> [String] {
    let lower = key.lowercased()
    let names = fields.filter { $0.onCreate || $0.onUpdate }.map(\.name)
    let near = names.filter { name in
      name.hasPrefix(lower) || lower.hasPrefix(name) || Self.distance(name, lower) <= 2
    }
    return Array(near.prefix(4))
  }

  /// The top-level keys the kind's records have, from its contract.
  private static func recordKeys(of object: String) -> [String] {
    guard let rule = RecordKind.named(object)?.contract.rule else { return [] }
    switch rule {
    case .object(let shape): return shape.fields.map(\.key)
    case .choice(let choice): return choice.shapes.flatMap { $0.fields.map(\.key) }
    default: return []
    }
  }

  /// The Levenshtein distance of two short names.
  static func distance(_ left: String, _ right: String) -> Int {
    let a = Array(left.utf8)
    let b = Array(right.utf8)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
