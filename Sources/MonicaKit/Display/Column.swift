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
  /// The cell of a record.
  package let cell: (Record, DisplayContext) -> Cell

  package init(
    _ name: String, title: String? = nil, alignsRight: Bool = false, cell: @escaping (Record, DisplayContext) -> Cell
  ) {
    self.name = name
    self.title = title
    self.alignsRight = alignsRight
    self.cell = cell
  }

  /// A column showing the value at a dotted path, as `--fields` asks.
  package static func field(_ path: FieldPath) -> Column {
    let name = path.description
    if path.components.count == 1 {
      let key = path.components[0]
      return Column(name, alignsRight: key == "id") { record, _ in .raw(record.member(key)) }
    }
    return Column(name) { record, _ in .raw(record.value(at: path)) }
  }

  /// The columns `kind` shows when no `--fields` are given, with its display rules.
  package static func defaults(for kind: String?) -> [Column] {
    let id = Column("id", alignsRight: true) { record, _ in .text(record.member("id")?.displayText ?? "", isText: false)
    }
    let updated = date("updated", "updated_at")
    switch kind {
    case "contact":
      return [
        id, Column("name") { record, _ in .text(DisplayRules.contactName(record.root)) },
        Column("starred", title: "★") { record, _ in .text(record.member("is_starred")?.isTrue == true ? "★" : "") },
        Column("birthday") { record, _ in .text(DisplayRules.birthday(record.root) ?? "") },
        Column("job") { record, _ in .text(DisplayRules.job(record.root)) },
        Column("tags") { record, _ in
          .text(
            (record.member("tags")?.elements ?? []).compactMap { $0.member("name")?.stringValue }.joined(
              separator: ", "))
        },
        updated,
      ]
    case "activity":
      return [
        id, date("date", "happened_at"), text("summary", "summary"),
        Column("attendees") { record, _ in
          let names = record.member("attendees")?.member("contacts")?.elements.map(DisplayRules.contactName)
          return .text((names ?? []).joined(separator: ", "))
        },
        Column("type") { record, _ in .text(record.member("activity_type")?.member("name")?.stringValue ?? "") },
      ]
    case "note":
      return [
        id,
        Column("favorited", title: "★") { record, _ in .text(record.member("is_favorited")?.isTrue == true ? "★" : "")
        },
        contactColumn("contact", "contact"),
        Column("body") { record, _ in
          .text(record.member("body")?.stringValue?.split(separator: "\n").first.map(String.init) ?? "")
        },
        updated,
      ]
    case "task":
      return [
        id, Column("done", title: "✓") { record, _ in .text(record.member("completed")?.isTrue == true ? "✓" : "") },
        text("title", "title"), contactColumn("contact", "contact"), updated,
      ]
    case "gift":
      return [
        id, text("status", "status"), text("name", "name"),
        Column("amount", alignsRight: true) { record, _ in .text(DisplayRules.amount(record.root)) },
        Column("for") { record, _ in
          let recipient = record.member("recipient").flatMap { $0.isObject ? $0 : nil }
          return .text((recipient ?? record.member("contact")).map(DisplayRules.contactName) ?? "")
        },
        date("date", "date"),
      ]
    case "tag":
      return [id, text("name", "name"), text("slug", "name_slug")]
    case "photo":
      return [
        id, text("file", "original_filename"), text("type", "mime_type"),
        Column("size", alignsRight: true) { record, _ in
          .text(record.member("filesize")?.displayText ?? "", isText: false)
        },
        contactColumn("contact", "contact"),
      ]
    case "user":
      return [id, Column("name") { record, _ in .text(DisplayRules.contactName(record.root)) }, text("email", "email")]
    default:
      return [id, text("object", "object")]
    }
  }

  private static func text(_ name: String, _ key: String) -> Column {
    Column(name) { record, _ in .text(record.member(key)?.stringValue ?? "") }
  }

  private static func contactColumn(_ name: String, _ key: String) -> Column {
    Column(name) { record, _ in
      .text(record.member(key).flatMap { $0.isObject ? DisplayRules.contactName($0) : nil } ?? "")
    }
  }

  private static func date(_ name: String, _ key: String) -> Column {
    Column(name) { record, context in
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
