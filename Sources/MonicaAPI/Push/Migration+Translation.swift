import MonicaKit

/// A source record's references, translated to the target's ids: through the map, through the
/// plan (`--create --dry-run`), or by name for the named kinds (an activity's type, a contact's
/// gender), read from the target once.
extension Migration {
  /// The record with every reference translated to the target's ids, and the fields referred to
  /// by name (a contact's gender) given under their write names.
  func translate(
    _ record: JSONObject, kind: RecordKind, mapping: WriteMapping, place: (source: String, number: Int)
  ) async throws(MonicaError) -> JSONObject {
    var value = JSONValue.object(record)
    let what = "\(kind.object) #\(record["id"]?.intValue ?? 0)"
    for reference in kind.references {
      if reference.byName {
        guard let name = reference.values(in: value).first?.stringValue,
          let referred = RecordKind.named(reference.object)
        else { continue }
        // Not found: sent without it, and said by `losses(of:_:)`.
        if let target = try await targetID(named: name, of: referred) {
          value = .object(Self.setting(value.objectValue ?? record, "\(reference.object)_id", .int(target)))
        }
        continue
      }
      let sent = reference.isSent(by: mapping)
      let referred = RecordKind.named(reference.object)
      if referred?.matching == .global { continue }
      var missing: Int?
      value = reference.rewriting(value) { (element: JSONValue) -> JSONValue in
        guard let source = element.intValue else { return element }
        if let target = map.target(of: reference.object, source: source) { return .int(target) }
        // A plan's record that a real run would have created by now.
        if plan, planned.contains(Self.key(reference.object, source)) { return element }
        if missing == nil { missing = source }
        return element
      }
      guard let missing else { continue }
      // A named kind (an activity's type) is matched by the name the record embeds.
      if let referred, referred.matching == .byName, sent {
        let parent = reference.path.hasSuffix(".id") ? String(reference.path.dropLast(3)) : reference.path
        let name = FieldPath(parent).flatMap { JSONValue.object(value.objectValue ?? record).value(at: $0) }?["name"]
        if let name = name?.stringValue, let target = try await targetID(named: name, of: referred) {
          if !plan { try map.append(referred.object, source: missing, target: target) }
          value = reference.rewriting(value) { $0.intValue == missing ? .int(target) : $0 }
        } else {
          value = .object(Self.setting(value.objectValue ?? record, parent, .null))
        }
        continue
      }
      guard sent else { continue }
      throw .malformedInput(
        source: place.source, line: place.number,
        reason: "\(what) refers to \(reference.object) #\(missing) (\(reference.path)), which the map does not "
          + "hold: it was not created on the target; the stream must give each record after those it refers to")
    }
    return value.objectValue ?? record
  }

  /// The object with `value` set at a dotted `path` (whose parents exist), or added at the top.
  private static func setting(_ object: JSONObject, _ path: String, _ value: JSONValue) -> JSONObject {
    var keys = path.split(separator: ".").map(String.init)
    guard let first = keys.first else { return object }
    var result = object
    keys.removeFirst()
    if keys.isEmpty {
      result[first] = value
    } else if case .object(let inner)? = object[first] {
      result[first] = .object(setting(inner, keys.joined(separator: "."), value))
    }
    return result
  }
}
