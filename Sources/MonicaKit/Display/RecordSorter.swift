/// Reads a whole stream into memory and hands its records out in order: the one place a
/// stream tool's memory grows with its input.
struct RecordSorter {
  let order: SortOrder
  /// The day next birthdays count from.
  var today = CalendarDate.today()

  /// A sort key: numbers before text, missing values last whatever the direction.
  enum Key: Comparable {
    case number(Double)
    case text(String)
    case missing

    init(_ value: RawValue?) {
      guard let value, !value.isNull else {
        self = .missing
        return
      }
      if value.isNumber, let number = Double(String(decoding: value.slice, as: UTF8.self)) {
        self = .number(number)
      } else {
        self = .text(value.displayText.folded)
      }
    }
  }

  /// Calls `body` with the records of `stream` in order; ties keep their input order.
  func sorted(_ stream: RecordStream, _ body: (Record) throws(MonicaError) -> Void) throws(MonicaError) {
    var lines: [[UInt8]] = []
    var keys: [[(Key, Bool)]] = []
    var kinds: [String: Int] = [:]
    var contacts: [Int] = []
    var everyContactHasBirthday = true
    try stream.forEach { (record) throws(MonicaError) in
      lines.append(Array(record.bytes))
      keys.append(self.keys(of: record, kinds: &kinds))
      if case .auto = self.order, Self.autoOrder[object: record.kind ?? ""] == .nextBirthday {
        contacts.append(keys.count - 1)
        if keys[keys.count - 1][1].0 == .missing { everyContactHasBirthday = false }
      }
    }
    // auto: contacts by birthday only when all have one, as after --birthday-within; a list
    // where some have none reads better by name.
    if !everyContactHasBirthday {
      for index in contacts { keys[index][1] = (.missing, false) }
    }
    let order = lines.indices.sorted { left, right in
      for (a, b) in zip(keys[left], keys[right]) where a.0 != b.0 {
        if a.0 == .missing || b.0 == .missing { return b.0 == .missing }
        return a.1 ? a.0 > b.0 : a.0 < b.0
      }
      return left < right
    }
    var scanner = RecordScanner()
    for index in order {
      try RecordScanner.withRecord(lines[index], scanner: &scanner, body)
    }
  }

  /// The keys of one record, each with whether it sorts descending.
  private func keys(of record: Record, kinds: inout [String: Int]) -> [(Key, Bool)] {
    switch order {
    case .none: return []
    case .fields(let fields):
      return fields.map { field in
        switch field.key {
        case .path(let path) where ComputedColumns.isComputed(path) && record.member(path.components[0]) == nil:
          (computedKey(record, path.components[0]), field.descending)
        case .path(let path): (Key(record.value(at: path)), field.descending)
        case .nextBirthday: (nextBirthday(record), field.descending)
        }
      }
    case .auto:
      let kind = record.kind ?? ""
      let rank = kinds[kind] ?? kinds.count
      kinds[kind] = rank
      let name = (Key.text(DisplayRules.contactName(record.root).folded), false)
      switch Self.autoOrder[object: kind] ?? .input {
      case .pendingFirst:
        return [(.number(Double(rank)), false), (.number(record.member("completed")?.isTrue == true ? 1 : 0), false)]
      case .latestFirst: return [(.number(Double(rank)), false), (Key(record.member("happened_at")), true)]
      case .nextBirthday: return [(.number(Double(rank)), false), (nextBirthday(record), false), name]
      case .name: return [(.number(Double(rank)), false), name]
      case .input: return [(.number(Double(rank)), false)]
      }
    }
  }

  /// A computed column's value as a sort key (`ComputedColumns`).
  private func computedKey(_ record: Record, _ name: String) -> Key {
    guard let text = ComputedColumns.values(of: record, wanted: [name], today: today).first?.1, text != "null" else {
      return .missing
    }
    if let number = Double(text) { return .number(number) }
    return .text(text)
  }

  /// How `--sort auto` orders the records of a kind, after the order the kinds first appear in.
  enum AutoOrder: Sendable {
    /// Pending tasks first.
    case pendingFirst
    /// The latest activity first.
    case latestFirst
    /// The next birthday first, then by name (contacts).
    case nextBirthday
    /// By name (the signed-in user).
    case name
    /// As the input gives them.
    case input
  }

  /// Each kind's `--sort auto` order.
  static let autoOrder = KindRegistry<AutoOrder>(
    "sort ranks (RecordSorter)",
    [.task: .pendingFirst, .activity: .latestFirst, .contact: .nextBirthday, .user: .name],
    common: .input,
    for: [
      .note, .gift, .tag, .photo, .call, .conversation, .reminder, .debt, .entry, .address, .contactField, .pet,
      .relationship, .lifeEvent, .document, .occupation, .gender, .place, .company, .activityType,
      .activityTypeCategory, .contactFieldType, .relationshipType, .relationshipTypeGroup, .country, .currency,
      .auditLog,
    ])

  /// Days until a contact's next birthday, or missing for records without one.
  private func nextBirthday(_ record: Record) -> Key {
    guard record.isKind(RecordKind.contact.object), let birthday = RecordFilter.birthdate(of: record),
      let days = today.daysUntilAnniversary(month: birthday.month, day: birthday.day)
    else { return .missing }
    return .number(Double(days))
  }
}
