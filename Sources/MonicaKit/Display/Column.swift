import Foundation

/// What a table cell shows: either a value straight from the record, written from its bytes,
/// or text a display rule made.
package enum Cell {
  /// A value of the record (`--fields`), written as the format writes JSON values.
  case raw(RawValue?)
  /// Text made for people; `isText` false for numbers, which CSV leaves unquoted.
  case text(String, isText: Bool = true)

  /// The text a person reads.
  package var text: String {
    switch self {
    case .raw(let value): value?.displayText ?? ""
    case .text(let text, _): text
    }
  }
}

/// What the columns may know of where they are shown.
package struct DisplayContext {
  /// Show dates relative to today ("3 days ago"): only on terminals.
  package var relativeDates: Bool
  /// Today, for relative dates.
  package var today: CalendarDate
}

/// One column of a table: a name and how to fill it from a record.
package struct Column {
  /// The column's name (`csv` and `markdown` headers; upper-cased in tables).
  package let name: String
  /// The table header, when not the upper-cased name (a mark column's mark).
  package let title: String?
  /// Numbers line up on the right.
  package let alignsRight: Bool
  /// Never cut in a table (an id, a date, a mark): whole or left out. `nil` for `--fields`
  /// columns, which are fixed when every value seen is a number, a boolean or a date.
  package let fixed: Bool?
  /// 0 for the columns a row needs; on a narrow table the highest are left out first.
  package let priority: Int
  /// The cell of a record.
  package let cell: (Record, DisplayContext) -> Cell

  package init(
    _ name: String, title: String? = nil, alignsRight: Bool = false, fixed: Bool? = false, priority: Int = 0,
    cell: @escaping (Record, DisplayContext) -> Cell
  ) {
    self.name = name
    self.title = title
    self.alignsRight = alignsRight
    self.fixed = fixed
    self.priority = priority
    self.cell = cell
  }

  /// A column showing the value at a dotted path, as `--fields` asks; the order given is the
  /// priority, so a narrow table leaves out the last fields first.
  package static func field(_ path: FieldPath, priority: Int = 0) -> Column {
    let name = path.description
    if path.components.count == 1 {
      let key = path.components[0]
      return Column(name, alignsRight: key == "id", fixed: nil, priority: priority) { record, _ in
        .raw(record.member(key))
      }
    }
    return Column(name, fixed: nil, priority: priority) { record, _ in .raw(record.value(at: path)) }
  }

  /// The rules a kind's table follows when no `--fields` are given.
  package enum DefaultColumns: Sendable {
    /// Display rules of the kind's own.
    case contact, activity, note, task, gift, tag, photo, user
    /// What the kind's catalogue entry's `display` names: the id, a title, a contact, a date.
    case catalogue
  }

  /// Each kind's default columns.
  package static let defaultColumns = KindRegistry<DefaultColumns>(
    "display defaults (Column.defaults)",
    [
      .contact: .contact, .activity: .activity, .note: .note, .task: .task, .gift: .gift, .tag: .tag,
      .photo: .photo, .user: .user,
    ],
    common: .catalogue,
    for: [
      .call, .conversation, .reminder, .debt, .entry, .address, .contactField, .pet, .relationship, .lifeEvent,
      .document, .occupation, .gender, .place, .company, .activityType, .activityTypeCategory, .contactFieldType,
      .relationshipType, .relationshipTypeGroup, .country, .currency, .auditLog,
    ])

  /// The `object` of monica-dedupe's groups, which a table shows too.
  static let duplicateObject = "duplicate"

  /// The columns `kind` shows when no `--fields` are given, with its display rules; each kind
  /// keeps its id and its name or title on the narrowest terminal, and shows dates whole. A kind
  /// without rules of its own shows what its catalogue entry's `display` names.
  package static func defaults(for kind: String?) -> [Column] {
    let id = Column("id", alignsRight: true, fixed: true) { record, _ in
      .text(record.member("id")?.displayText ?? "", isText: false)
    }
    if kind == duplicateObject { return duplicateColumns() }
    if kind == Occurrence.object { return occurrenceColumns() }
    guard let kind = kind.flatMap(RecordKind.named), let rules = defaultColumns[kind] else {
      return [id, text("object", "object")]
    }
    switch rules {
    case .contact:
      return [
        id, Column("name") { record, _ in .text(DisplayRules.contactName(record.root)) },
        mark("starred", "★", "is_starred", priority: 2),
        Column("birthday", fixed: true, priority: 1) { record, _ in .text(DisplayRules.birthday(record.root) ?? "") },
        Column("job", priority: 3) { record, _ in .text(DisplayRules.job(record.root)) },
        Column("tags", priority: 3) { record, _ in
          .text(
            (record.member("tags")?.elements ?? []).compactMap { $0.member("name")?.stringValue }.joined(
              separator: ", "))
        },
        date("updated", "updated_at", priority: 4),
      ]
    case .activity:
      return [
        id, date("date", "happened_at", priority: 0), text("summary", "summary"),
        Column("attendees", priority: 1) { record, _ in
          let names = record.member("attendees")?.member("contacts")?.elements.map(DisplayRules.contactName)
          return .text((names ?? []).joined(separator: ", "))
        },
        Column("type", priority: 2) { record, _ in
          .text(record.member("activity_type")?.member("name")?.stringValue ?? "")
        },
      ]
    case .note:
      return [
        id, mark("favorited", "★", "is_favorited", priority: 2), contactColumn("contact", "contact", priority: 1),
        Column("body") { record, _ in
          .text(record.member("body")?.stringValue?.split(separator: "\n").first.map(String.init) ?? "")
        },
        date("updated", "updated_at", priority: 3),
      ]
    case .task:
      return [
        id, mark("done", "✓", "completed", priority: 0), text("title", "title"),
        contactColumn("contact", "contact", priority: 1), date("updated", "updated_at", priority: 2),
      ]
    case .gift:
      return [
        id, text("status", "status", fixed: true, priority: 1), text("name", "name"),
        Column("amount", alignsRight: true, fixed: true, priority: 2) { record, _ in
          .text(DisplayRules.amount(record.root))
        },
        Column("for", priority: 1) { record, _ in
          let recipient = record.member("recipient").flatMap { $0.isObject ? $0 : nil }
          return .text((recipient ?? record.member("contact")).map(DisplayRules.contactName) ?? "")
        },
        date("date", "date", priority: 3),
      ]
    case .tag:
      return [id, text("name", "name"), text("slug", "name_slug", priority: 1)]
    case .photo:
      return [
        id, text("file", "original_filename"), text("type", "mime_type", priority: 2),
        Column("size", alignsRight: true, fixed: true, priority: 2) { record, _ in
          .text(record.member("filesize")?.displayText ?? "", isText: false)
        },
        contactColumn("contact", "contact", priority: 1),
      ]
    case .user:
      return [
        id, Column("name") { record, _ in .text(DisplayRules.contactName(record.root)) },
        text("email", "email", priority: 1),
      ]
    case .catalogue:
      var columns = [id]
      if let title = kind.display.title { columns.append(text(title, title)) }
      if let contact = kind.display.contact { columns.append(contactColumn("contact", contact, priority: 1)) }
      if let day = kind.display.date { columns.append(date("date", day, priority: 2)) }
      return columns
    }
  }

  /// monica-dedupe's groups: `contacts` holds the keeper first, then the others.
  private static func duplicateColumns() -> [Column] {
    let names = { (record: Record, others: Bool) -> String in
      (record.member("contacts")?.elements ?? []).dropFirst(others ? 1 : 0).prefix(others ? .max : 1)
        .map { "\($0.member("name")?.stringValue ?? "") (\($0.member("id")?.displayText ?? ""))" }
        .joined(separator: ", ")
    }
    return [
      Column("score", alignsRight: true, fixed: true) { record, _ in
        .text(record.member("score")?.displayText ?? "", isText: false)
      },
      Column("keep") { record, _ in .text(names(record, false)) },
      Column("merge") { record, _ in .text(names(record, true)) },
      Column("reasons", priority: 1) { record, _ in
        .text((record.member("reasons")?.elements ?? []).map(\.displayText).joined(separator: "; "))
      },
      // The evidence against (monica-dedupe's judgement): empty unless --min-score let it in.
      Column("against", priority: 2) { record, _ in
        .text((record.member("against")?.elements ?? []).map(\.displayText).joined(separator: "; "))
      },
    ]
  }

  /// monica-remind's occurrences: when each is due, what falls, and the sentence that says so.
  private static func occurrenceColumns() -> [Column] {
    [
      date("due", "due", priority: 0), text("kind", "kind", fixed: true, priority: 1), text("subject", "subject"),
      date("date", "date", priority: 2),
    ]
  }

  private static func text(_ name: String, _ key: String, fixed: Bool = false, priority: Int = 0) -> Column {
    Column(name, fixed: fixed, priority: priority) { record, _ in .text(record.member(key)?.stringValue ?? "") }
  }

  /// A one-character column that marks a true boolean, titled with the mark itself.
  private static func mark(_ name: String, _ mark: String, _ key: String, priority: Int) -> Column {
    Column(name, title: mark, fixed: true, priority: priority) { record, _ in
      .text(record.member(key)?.isTrue == true ? mark : "")
    }
  }

  private static func contactColumn(_ name: String, _ key: String, priority: Int) -> Column {
    Column(name, priority: priority) { record, _ in
      .text(record.member(key).flatMap { $0.isObject ? DisplayRules.contactName($0) : nil } ?? "")
    }
  }

  private static func date(_ name: String, _ key: String, priority: Int) -> Column {
    Column(name, fixed: true, priority: priority) { record, context in
      .text(record.member(key)?.stringValue.map { DisplayRules.date($0, context) } ?? "")
    }
  }
}

/// The display rules shared by the formats: how a name, a date or an amount reads.
package enum DisplayRules {
  /// First and last name, or the first alone, with `⚰` for the deceased; contacts, short
  /// contacts and users alike.
  package static func contactName(_ contact: RawValue) -> String {
    let first = contact.member("first_name")?.stringValue ?? ""
    let last = contact.member("last_name")?.stringValue ?? ""
    var name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
    if name.isEmpty { name = contact.member("complete_name")?.stringValue ?? "" }
    if contact.member("is_dead")?.isTrue == true, !name.hasSuffix("⚰") { name += " ⚰" }
    return name
  }

  /// A contact's birthday as `YYYY-MM-DD`, or `--MM-DD` when the year is unknown.
  package static func birthday(_ contact: RawValue) -> String? {
    guard let information = contact.member("information"),
      let birthdate = information.member("dates")?.member("birthdate") ?? information.member("birthdate"),
      let text = birthdate.member("date")?.stringValue, let date = CalendarDate(parsing: text)
    else { return nil }
    if birthdate.member("is_year_unknown")?.isTrue == true {
      return "--" + String(date.description.dropFirst(5))
    }
    return date.description
  }

  /// "job at company", or either alone.
  package static func job(_ contact: RawValue) -> String {
    let career = contact.member("information")?.member("career")
    let job = career?.member("job")?.stringValue ?? ""
    let company = career?.member("company")?.stringValue ?? ""
    if !job.isEmpty, !company.isEmpty { return "\(job) at \(company)" }
    return job.isEmpty ? company : job
  }

  /// A gift's amount with its currency when Monica gave one.
  package static func amount(_ gift: RawValue) -> String {
    if let text = gift.member("amount_with_currency")?.stringValue, !text.isEmpty { return text }
    return gift.member("amount")?.displayText ?? ""
  }

  /// A date or timestamp as its day, or relative to today on terminals ("3 days ago").
  package static func date(_ text: String, _ context: DisplayContext) -> String {
    guard let date = CalendarDate(parsing: text) else { return text }
    guard context.relativeDates else { return date.description }
    let days = context.today.dayNumber - date.dayNumber
    switch days {
    case 0: return "today"
    case 1: return "yesterday"
    case -1: return "tomorrow"
    default:
      let magnitude = abs(days)
      let amount: String
      switch magnitude {
      case ..<60: amount = "\(magnitude) days"
      case ..<730: amount = "\(magnitude / 30) months"
      default: amount = "\(magnitude / 365) years"
      }
      return days > 0 ? "\(amount) ago" : "in \(amount)"
    }
  }
}
