/// What `monica-filter` was asked to keep, as given on the command line.
package struct FilterCriteria: Sendable {
  /// Keep only records of this `object` kind.
  package var kind: String?
  /// Contacts: `true` keeps the deceased, `false` the living.
  package var dead: Bool?
  /// Contacts: `true` keeps partial contacts, `false` real ones.
  package var partial: Bool?
  /// Contacts: keep starred ones.
  package var starred = false
  /// Contacts: `true` keeps active ones, `false` archived ones.
  package var active: Bool?
  /// Contacts: keep those with any of these tags.
  package var tags: [String] = []
  /// Contacts: keep those whose first, last, nick or complete name contains this text.
  package var name: String?
  /// Contacts: keep those whose birthday comes within this many days of `today`.
  package var birthdayWithin: Int?
  /// The day birthdays are counted from.
  package var today: CalendarDate?
  /// Notes: keep favourites.
  package var favorited = false
  /// Tasks: `true` keeps completed ones, `false` pending ones.
  package var completed: Bool?
  /// Gifts: keep those with this status.
  package var giftStatus: String?
  /// Keep records about this contact.
  package var contact: Int?
  /// Keep records dated on or after this day or instant.
  package var since: String?
  /// Keep records dated on or before this day or instant.
  package var until: String?
  /// The date `since` and `until` look at; by default `happened_at` for activities, else `updated_at`.
  package var dateField: String?
  /// With `since` or `until`, also keep records whose date is null (a contact never seen has a
  /// null `last_activity_together`); records without the field at all are still left out.
  package var includeUndated = false
  /// `PATH=VALUE` or `PATH~REGEX` conditions.
  package var wheres: [String] = []
  /// Keep records that have a non-null value at each path.
  package var has: [String] = []
  /// Keep records that have no value (or null) at each path.
  package var missing: [String] = []
  /// Keep the records that do not match instead.
  package var invert = false

  package init() {}

  /// The record kinds `--object` accepts: the catalogue's `object` names.
  package static var kinds: [String] { RecordKind.objects }
  /// The gift statuses `--status` accepts.
  package static let giftStatuses = ["idea", "offered", "received"]
  /// The dates Monica's records carry, which `--date-field` completes: every kind's timestamps,
  /// an activity's `happened_at`, a gift's `date`, and a contact's own dates.
  package static let dateFields = [
    "updated_at", "created_at", "happened_at", "date", "completed_at", "favorited_at", "last_activity_together",
    "last_called", "stay_in_touch_trigger_date",
  ]
}

/// Keeps the records that match every condition of a `FilterCriteria` (or none, inverted).
package struct RecordFilter {
  private typealias Condition = (Record) -> Bool
  private let conditions: [Condition]
  private let invert: Bool

  /// Compiles the criteria; a bad path, date, regular expression or value is a usage error.
  package init(_ criteria: FilterCriteria) throws(MonicaError) {
    var conditions: [Condition] = []
    invert = criteria.invert
    if let typed = criteria.kind {
      // Either number, a route or an object name: `journal`, `entries` and `entry` alike.
      let kind = RecordKind.called(typed)?.object ?? typed
      guard FilterCriteria.kinds.contains(kind) else {
        throw .usage("--object: unknown kind '\(typed)' (expected \(FilterCriteria.kinds.joined(separator: ", ")))")
      }
      conditions.append { $0.isKind(kind) }
    }
    func flag(_ kind: RecordKind, _ key: String, _ wanted: Bool) {
      conditions.append { record in record.isKind(kind.object) && record.member(key)?.boolValue == wanted }
    }
    if let dead = criteria.dead { flag(.contact, "is_dead", dead) }
    if let partial = criteria.partial { flag(.contact, "is_partial", partial) }
    if criteria.starred { flag(.contact, "is_starred", true) }
    if let active = criteria.active { flag(.contact, "is_active", active) }
    if criteria.favorited { flag(.note, "is_favorited", true) }
    if let completed = criteria.completed { flag(.task, "completed", completed) }
    if let status = criteria.giftStatus {
      guard FilterCriteria.giftStatuses.contains(status) else {
        throw .usage("--status: unknown status '\(status)' (expected idea, offered or received)")
      }
      conditions.append { $0.isKind(RecordKind.gift.object) && $0.member("status")?.stringValue == status }
    }
    if !criteria.tags.isEmpty {
      let wanted = Set(criteria.tags.map(\.folded))
      conditions.append { record in
        guard record.isKind(RecordKind.contact.object) else { return false }
        var found = false
        record.member("tags")?.forEachElement { tag in
          let names = [tag.member("name")?.stringValue, tag.member("name_slug")?.stringValue]
          found = names.contains { $0.map { wanted.contains($0.folded) } ?? false }
          return !found
        }
        return found
      }
    }
    if let name = criteria.name {
      let needle = name.folded
      conditions.append { record in
        guard record.isKind(RecordKind.contact.object) else { return false }
        return ["first_name", "last_name", "nickname", "complete_name"].contains { key in
          record.member(key)?.stringValue?.folded.contains(needle) ?? false
        }
      }
    }
    if let days = criteria.birthdayWithin {
      guard days >= 0 else { throw .usage("--birthday-within: the number of days must not be negative") }
      let today = criteria.today ?? CalendarDate.today()
      conditions.append { record in
        guard record.isKind(RecordKind.contact.object), let birthday = RecordFilter.birthdate(of: record),
          let distance = today.daysUntilAnniversary(month: birthday.month, day: birthday.day)
        else { return false }
        return distance <= days
      }
    }
    if let contact = criteria.contact {
      conditions.append { RecordFilter.concerns($0, contact: contact) }
    }
    if criteria.since != nil || criteria.until != nil {
      conditions.append(try RecordFilter.dateCondition(criteria))
    }
    for expression in criteria.wheres { conditions.append(try RecordFilter.whereCondition(expression)) }
    for text in criteria.has {
      let path = try RecordFilter.path(text, option: "--has")
      conditions.append { record in record.values(at: path).contains { !$0.isNull } }
    }
    for text in criteria.missing {
      let path = try RecordFilter.path(text, option: "--missing")
      conditions.append { record in !record.values(at: path).contains { !$0.isNull } }
    }
    self.conditions = conditions
  }

  /// Whether the filter keeps `record`.
  package func keeps(_ record: Record) -> Bool {
    for condition in conditions where !condition(record) { return invert }
    return !invert
  }

  /// Writes the records of `stream` that the filter keeps, each exactly as read.
  package func run(_ stream: RecordStream, to output: LineOutput) throws(MonicaError) {
    try output.finishing { () throws(MonicaError) in
      try stream.forEach { (record) throws(MonicaError) in
        if keeps(record) { try output.writeLine(record.bytes) }
      }
    }
  }

  // MARK: - Conditions

  /// A contact's birthday (full contacts keep it under `information.dates`, short ones under
  /// `information`); its year may be a placeholder when `is_year_unknown`.
  static func birthdate(of record: Record) -> CalendarDate? {
    guard let information = record.member("information") else { return nil }
    let birthdate = information.member("dates")?.member("birthdate") ?? information.member("birthdate")
    return birthdate?.member("date")?.stringValue.flatMap { CalendarDate(parsing: $0) }
  }

  /// Whether the record is, or is about, the contact `id`.
  static func concerns(_ record: Record, contact id: Int) -> Bool {
    if record.isKind(RecordKind.contact.object) { return record.member("id")?.intValue == id }
    if let kind = record.kind.flatMap(RecordKind.named) {
      // The catalogue's references to contacts: a relationship's two sides, an audit log's...
      return kind.references.contains { reference in
        reference.object == RecordKind.contact.object && !reference.byName
          && holds(record.root, reference.segments[...], id)
      }
    }
    if record.member("contact")?.member("id")?.intValue == id { return true }
    if record.member("recipient")?.member("id")?.intValue == id { return true }
    var found = false
    record.member("attendees")?.member("contacts")?.forEachElement { attendee in
      found = attendee.member("id")?.intValue == id
      return !found
    }
    return found
  }

  /// Whether the value at `segments` below `value` is `id` (any element, for arrays).
  private static func holds(_ value: RawValue, _ segments: ArraySlice<(key: String, each: Bool)>, _ id: Int) -> Bool {
    guard let segment = segments.first else { return value.intValue == id }
    guard let next = value.member(segment.key) else { return false }
    guard segment.each else { return holds(next, segments.dropFirst(), id) }
    var found = false
    next.forEachElement { element in
      found = holds(element, segments.dropFirst(), id)
      return !found
    }
    return found
  }

  private static func dateCondition(_ criteria: FilterCriteria) throws(MonicaError) -> (Record) -> Bool {
    let since = try criteria.since.map { (text) throws(MonicaError) in try bound(text, option: "--since") }
    let until = try criteria.until.map { (text) throws(MonicaError) in try bound(text, option: "--until") }
    let fixedPath = try criteria.dateField.map { (text) throws(MonicaError) in try path(text, option: "--date-field") }
    let happenedAt = FieldPath("happened_at")
    let updatedAt = FieldPath("updated_at")
    let includeUndated = criteria.includeUndated
    return { record in
      let path = fixedPath ?? (record.isKind(RecordKind.activity.object) ? happenedAt : updatedAt)
      guard let path, let raw = record.value(at: path) else { return false }
      if raw.isNull { return includeUndated }
      guard let value = raw.stringValue, CalendarDate(parsing: value) != nil else { return false }
      // Monica's dates and UTC timestamps sort as text; compare as much as the bound gives.
      if let since, value.prefix(since.count) < since { return false }
      if let until, value.prefix(until.count) > until { return false }
      return true
    }
  }

  /// A `--since`/`--until` value: a date, or a timestamp cut to Monica's `YYYY-MM-DDTHH:MM:SS`.
  private static func bound(_ text: String, option: String) throws(MonicaError) -> String {
    guard CalendarDate(parsing: text) != nil, text.count == 10 || text.count >= 19 else {
      throw .usage("\(option): '\(text)' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)")
    }
    return String(text.prefix(19))
  }

  static func path(_ text: String, option: String) throws(MonicaError) -> FieldPath {
    guard let path = FieldPath(text) else { throw .usage("\(option): '\(text)' is not a dotted field path") }
    return path
  }

  private static func whereCondition(_ expression: String) throws(MonicaError) -> (Record) -> Bool {
    guard let split = expression.firstIndex(where: { $0 == "=" || $0 == "~" }) else {
      throw .usage("--where: '\(expression)' is neither PATH=VALUE nor PATH~REGEX")
    }
    let path = try path(String(expression[..<split]), option: "--where")
    let operand = String(expression[expression.index(after: split)...])
    if expression[split] == "=" {
      return { record in
        record.values(at: path).contains { value in
          value.displayText == operand || (value.isNull && operand == "null")
        }
      }
    }
    let pattern = PatternBox(try compile(operand))
    return { record in
      record.values(at: path).contains { value in
        !value.isNull && pattern.matches(value.displayText)
      }
    }
  }

  private static func compile(_ pattern: String) throws(MonicaError) -> Regex<AnyRegexOutput> {
    do { return try Regex(pattern) } catch {
      throw .usage("--where: '\(pattern)' is not a valid regular expression")
    }
  }
}

/// A compiled regular expression, searched anywhere in a text.
private final class PatternBox {
  let regex: Regex<AnyRegexOutput>
  init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
  func matches(_ text: String) -> Bool { (try? regex.firstMatch(in: text)) != nil }
}

extension RawValue {
  /// The integer of a number, or of a string holding one (Monica sends some ids as strings).
  package var intValue: Int? {
    if isNumber { return Int(String(decoding: slice, as: UTF8.self)) }
    if isString { return stringValue.flatMap { Int($0) } }
    return nil
  }
}
