/// Columns `monica-format` works out from a contact's birthdate and the day (`--today`): they
/// are not in Monica's records, are never sent back (monica-push writes only the write fields),
/// and are added to a record only when `--fields`, `--template` or `--sort` names them, so a
/// record passed through whole stays byte for byte what the API sent.
package enum ComputedColumns {
  /// `next_birthday`: the date of the coming birthday (today counts; 29 February on the 28th in
  /// common years), `YYYY-MM-DD`.
  /// `days_until_birthday`: how many days away it is, 0 today.
  /// `age`: how old the contact turns on it; null when the birth year is unknown.
  package static let names = ["next_birthday", "days_until_birthday", "age"]

  /// Whether `path` is one of the computed columns (a plain top-level name).
  package static func isComputed(_ path: FieldPath) -> Bool {
    path.components.count == 1 && names.contains(path.components[0])
  }

  /// The computed columns `paths` name, in the catalogue's order.
  static func named(in paths: [FieldPath]) -> [String] {
    names.filter { name in paths.contains { isComputed($0) && $0.components[0] == name } }
  }

  /// The values of `wanted` for `record` on `today`, as JSON text; `null` for records that are
  /// not contacts with a birthdate.
  static func values(of record: Record, wanted: [String], today: CalendarDate) -> [(String, String)] {
    var next: CalendarDate?
    var days: Int?
    var age: Int?
    if record.isKind(RecordKind.contact.object), let birthday = DisplayRules.birthday(record.root) {
      let yearKnown = !birthday.hasPrefix("--")
      let date = CalendarDate(parsing: yearKnown ? birthday : "2000" + birthday.dropFirst())
      if let date, let away = today.daysUntilAnniversary(month: date.month, day: date.day) {
        let coming = CalendarDate(dayNumber: today.dayNumber + away)
        (next, days) = (coming, away)
        if yearKnown { age = coming.year - date.year }
      }
    }
    return wanted.map { name in
      switch name {
      case "next_birthday": (name, next.map { "\"\($0.description)\"" } ?? "null")
      case "days_until_birthday": (name, days.map(String.init) ?? "null")
      default: (name, age.map(String.init) ?? "null")
      }
    }
  }

  /// Calls `body` with `record`, the computed columns `wanted` added as top-level members after
  /// its own (a member of the same name the record already has is kept, not overwritten).
  static func withColumns(
    _ record: Record, wanted: [String], today: CalendarDate, scanner: inout RecordScanner,
    _ body: (Record) throws(MonicaError) -> Void
  ) throws(MonicaError) {
    // Nothing asked for (every run without these columns): the record as it is, before a
    // birthdate is looked for; that look-up cost csv 1.7x its CPU on 200,000 contacts.
    guard !wanted.isEmpty else { return try body(record) }
    let added = values(of: record, wanted: wanted.filter { record.member($0) == nil }, today: today)
    guard !added.isEmpty else { return try body(record) }
    var bytes = Array(UnsafeBufferPointer(rebasing: record.bytes[record.objectRange]))
    guard bytes.last == UInt8(ascii: "}") else { return try body(record) }
    bytes.removeLast()
    for (name, value) in added {
      if !record.members.isEmpty || name != added[0].0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: "\"\(name)\":\(value)".utf8)
    }
    bytes.append(UInt8(ascii: "}"))
    let result: Result<Void, MonicaError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(MonicaError) in
        try RecordScanner.withRecord(buffer, scanner: &scanner, source: record.source, line: record.line, body)
      }
    }
    try result.get()
  }
}
