extension WriteMapping {
  /// Which service a body is for: deletes send no fields.
  package enum Operation: Sendable, Equatable {
    case create, update
  }

  /// The fields `operation` sends, in the table's order.
  package func fields(for operation: Operation) -> [WriteField] {
    fields.filter { operation == .create ? $0.onCreate : $0.onUpdate }
  }

  /// The body of a create or an update: each field under its write name from `line`, else from
  /// `record` (for an update the line merged onto the server's copy, for a create the line), else
  /// its fallback. `today` turns an age-based birthdate back into an age.
  package func body(line: JSONObject, record: JSONObject, operation: Operation, today: CalendarDate) -> JSONObject {
    var body = JSONObject()
    for field in fields(for: operation) {
      // A write name that is also the record's key (`emotions`), or the key it is read under
      // (an address's `country`, from `country.id`), is read as the record's.
      if let given = line[field.name], field.source.path?.components.first != field.name {
        body[field.name] = given
      } else if case .dateKnown(_, let parts) = field.source,
        parts.contains(where: { line[$0] != nil && line[$0] != .null })
      {
        body[field.name] = .bool(true)
      } else if let value = Self.read(field.source, in: record, today: today) ?? field.fallback {
        body[field.name] = value
      }
    }
    return body
  }

  /// The fields the line itself gives, under their write names or at their record paths: what
  /// `--dry-run` can show of an update before the server's copy is known.
  package func partialBody(line: JSONObject, operation: Operation, today: CalendarDate) -> JSONObject {
    let full = body(line: line, record: line, operation: operation, today: today)
    var partial = JSONObject()
    for field in fields(for: operation) {
      guard let value = full[field.name] else { continue }
      let given: Bool
      if line[field.name] != nil {
        given = true
      } else if case .dateKnown(let path, let parts) = field.source {
        given = JSONValue.object(line).value(at: path) != nil || parts.contains { line[$0] != nil }
      } else if let path = field.source.path {
        given = JSONValue.object(line).value(at: path) != nil
      } else {
        given = false
      }
      if given { partial[field.name] = value }
    }
    return partial
  }

  /// The line merged onto the server's copy: objects merge member by member, everything else
  /// (arrays, strings, the special dates of `replacedWhole`) is replaced by the line's value.
  package func merged(_ line: JSONObject, onto current: JSONObject) -> JSONObject {
    merge(line, onto: current, at: [])
  }

  private func merge(_ line: JSONObject, onto current: JSONObject, at path: [String]) -> JSONObject {
    var result = current
    for member in line.members {
      let inner = path + [member.key]
      if case .object(let given) = member.value, case .object(let existing)? = current[member.key],
        !replacedWhole.contains(FieldPath(dotted: inner.joined(separator: ".")))
      {
        result[member.key] = .object(merge(given, onto: existing, at: inner))
      } else {
        result[member.key] = member.value
      }
    }
    return result
  }

  /// Why an update of `current` (the server's copy) by `line` must not be sent, or `nil`: it
  /// changes a field the update keeps (a task's contact), or it contradicts a field no update
  /// writes (a contact's `is_active`), which shows that it is not a copy of the server's record.
  package func refusal(line: JSONObject, current: JSONObject, id: Int, today: CalendarDate) -> String? {
    let wanted = body(line: line, record: merged(line, onto: current), operation: .update, today: today)
    let kept = body(line: JSONObject(), record: current, operation: .update, today: today)
    for name in fixedOnUpdate where !Self.same(wanted[name], kept[name]) {
      let now = kept[name].map { JSONWriter.plain.string($0) } ?? "null"
      return "\(object) #\(id) cannot move: Monica's update never changes its \(name) (\(now) on the server) "
        + "and finds the \(object) through it"
    }
    if object == RecordKind.contact.object, line["is_active"] == .bool(false), current["is_active"] == .bool(true) {
      return "contact #\(id) is active on the server but the line says is_active false, which no update "
        + "changes: a contact search returns is_active false and empties is_dead, the dates and the career, "
        + "which would erase them; push contacts fetched by id, or only the fields to change"
    }
    return nil
  }

  /// The paths where `line` differs from the server's copy although no write field of the kind
  /// reads them, so that the update leaves them as they are (`complete_name`, `statistics`).
  package func unwritableChanges(line: JSONObject, current: JSONObject) -> [String] {
    var covered = fields.compactMap { $0.source.path?.components } + fields.map { [$0.name] }
    covered += [["object"], ["id"]] + (hasTags ? [["tags"]] : [])
    var found: [String] = []
    func walk(_ given: JSONObject, _ existing: JSONObject?, _ path: [String]) {
      for member in given.members {
        let inner = path + [member.key]
        if covered.contains(where: { inner.starts(with: $0) }) { continue }
        let other = existing?[member.key]
        if case .object(let nested) = member.value, other?.objectValue != nil || other == nil {
          walk(nested, other?.objectValue, inner)
        } else if other != member.value {
          found.append(inner.joined(separator: "."))
        }
      }
    }
    walk(line, current, [])
    return found
  }

  /// The tag names a contact line asks for, trimmed, without blanks or repeats; `nil` when the
  /// line has no `tags`. Elements are names or tag objects with a `name` (as records carry them).
  package func desiredTags(_ line: JSONObject) -> Result<[String]?, TagListError> {
    guard hasTags, let value = line["tags"] else { return .success(nil) }
    guard let elements = value.arrayValue else { return .failure(TagListError()) }
    var names: [String] = []
    for element in elements {
      guard let name = element.stringValue ?? element["name"]?.stringValue else { return .failure(TagListError()) }
      let trimmed = name.trimmingWhiteSpace
      if !trimmed.isEmpty && !names.contains(trimmed) { names.append(trimmed) }
    }
    return .success(names)
  }

  /// What turns the tags of `current` into `desired`: the ids to unset, then the names to set
  /// (Monica's `setTags` reuses a tag of that name or creates it).
  package static func tagChanges(current: JSONObject, desired: [String]) -> (unset: [Int], set: [String]) {
    let tags = (current["tags"]?.arrayValue ?? []).compactMap { tag -> (id: Int, name: String)? in
      guard let id = tag["id"]?.intValue, let name = tag["name"]?.stringValue else { return nil }
      return (id, name)
    }
    let unset = tags.filter { !desired.contains($0.name) }.map(\.id)
    let set = desired.filter { name in !tags.contains { $0.name == name } }
    return (unset, set)
  }

  /// The value `source` reads from `record`, `nil` when the record has none.
  static func read(_ source: WriteSource, in record: JSONObject, today: CalendarDate) -> JSONValue? {
    let root = JSONValue.object(record)
    switch source {
    case .value(let path):
      return root.value(at: path)
    case .ids(let path):
      guard let elements = root.value(at: path)?.arrayValue else { return nil }
      return .array(elements.map { element in element["id"] ?? element })
    case .members(let path, let key):
      guard let elements = root.value(at: path)?.arrayValue else { return nil }
      return .array(elements.map { element in element[key] ?? element })
    case .dateKnown(let path, _):
      guard let date = root.value(at: path) else { return nil }
      return .bool(date["date"].map { $0 != .null } ?? false)
    case .datePart(let path, let part):
      guard let date = root.value(at: path), let text = date["date"]?.stringValue,
        let day = CalendarDate(parsing: text)
      else { return nil }
      let ageBased = date["is_age_based"]?.boolValue == true
      switch part {
      case .day: return ageBased ? nil : .int(day.day)
      case .month: return ageBased ? nil : .int(day.month)
      case .year: return ageBased || date["is_year_unknown"]?.boolValue == true ? nil : .int(day.year)
      case .isAgeBased: return .bool(ageBased)
      case .age: return ageBased ? .int(max(today.year - day.year, 0)) : nil
      }
    case .day(let path):
      guard let text = root.value(at: path)?.stringValue, text.count >= 10 else { return root.value(at: path) }
      return .string(String(text.prefix(10)))
    case .writeName:
      return nil
    }
  }

  /// Equal values, an id given as a number or as a string counting as the same.
  private static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
    if let x = a?.intValue, let y = b?.intValue { return x == y }
    return (a ?? .null) == (b ?? .null)
  }
}

/// A `tags` member that is not a list of names or tag objects.
package struct TagListError: Error, Sendable, Equatable {
  /// The reason, for the line's message.
  package var reason: String { "tags must be a list of tag names or of tag objects with a name" }
}

extension String {
  /// The text without leading or trailing spaces, tabs and newlines (as Laravel's TrimStrings).
  var trimmingWhiteSpace: String {
    // Most text has nothing to trim: a first and last byte that are no space, tab or line end
    // begin and end characters that are none of them (each is a character of its own scalar).
    if let first = utf8.first, let last = utf8.last, !Self.isTrimmedByte(first), !Self.isTrimmedByte(last) {
      return self
    }
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }

  /// A space, tab, line feed or carriage return byte.
  private static func isTrimmedByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
