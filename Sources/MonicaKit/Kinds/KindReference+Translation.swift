/// What a migration does with a reference: whether a create sends it, and the record with its
/// ids replaced by the target's (`monica-push --create --map`, Migration.translate).
extension KindReference {
  /// Whether a write field of `mapping` reads this reference's path: only those are translated
  /// by a migration, and only those must point at a record the map (or the stream before) holds.
  package func isSent(by mapping: WriteMapping) -> Bool {
    let components = segments.map(\.key)
    if mapping.hasTags && components.first == "tags" { return false }
    return mapping.fields.contains { field in
      guard let path = field.source.path?.components else { return false }
      return components.starts(with: path)
    }
  }

  /// The record with every non-null value at the path replaced by `change(value)`.
  package func rewriting<E: Error>(_ record: JSONValue, _ change: (JSONValue) throws(E) -> JSONValue) throws(E)
    -> JSONValue
  {
    func walk(_ value: JSONValue, _ rest: ArraySlice<(key: String, each: Bool)>) throws(E) -> JSONValue {
      guard let step = rest.first else { return value == .null ? value : try change(value) }
      guard case .object(var object) = value, let inner = object[step.key] else { return value }
      if step.each {
        guard case .array(let elements) = inner else { return value }
        var changed: [JSONValue] = []
        for element in elements { changed.append(try walk(element, rest.dropFirst())) }
        object[step.key] = .array(changed)
      } else {
        object[step.key] = try walk(inner, rest.dropFirst())
      }
      return .object(object)
    }
    return try walk(record, segments[...])
  }
}
