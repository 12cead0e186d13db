import Foundation

/// Turns one CSV row into what the importers write (`CardContent`): the contact's own fields,
/// its contact fields and addresses, tags, and the lines of a note for everything Monica has no
/// field for, each titled by what it was (`Connected on LinkedIn: 30 May 2024`).
struct CSVRowBuilder {
  /// What a row became.
  enum Outcome {
    /// A contact, with the titles of the note lines it carried (for the summary).
    case contact(CardContent, noteTitles: [String])
    /// Nothing to name a contact by (a LinkedIn member who left, an empty row).
    case nameless
  }

  /// Monica's longest note body (app/Services/Contact/Note/CreateNote.php: `max:100000`): a
  /// longer note is cut, and said.
  static let noteLimit = 100_000

  let layout: CSVLayout
  var dates: CSVDateReader

  init(layout: CSVLayout, dateOrder: CSVDateOrder?, today: CalendarDate) {
    self.layout = layout
    dates = CSVDateReader(order: dateOrder, today: today)
  }

  /// A numbered group's cells (Google's `E-mail 1 - Label` and `E-mail 1 - Value`).
  private struct Group {
    var kind: CSVGroupKind
    var label = ""
    var value = ""
    var service = ""
    var address: [CSVAddressPart: String] = [:]
    var organization: (name: String, title: String, department: String) = ("", "", "")
  }

  /// A numbered group's kind and number (`E-mail 1`).
  private struct GroupKey: Hashable {
    var kind: CSVGroupKind
    var number: Int
  }

  /// A value with its label.
  private struct Labelled {
    var value: String
    var label: String
    var primary: Bool
  }

  /// The contact of a row whose cells are `cells` (decoded, `nil` when empty), starting at `line`.
  mutating func content(_ cells: [String?], line: Int) -> Outcome {
    var content = CardContent()
    var notes: [(title: String, value: String)] = []
    var untitled: [String] = []
    var (prefix, suffix, fullName, fileAs) = ("", "", "", "")
    var emails: [Labelled] = []
    var phones: [Labelled] = []
    var websites: [Labelled] = []
    var linkedIn: [String] = []
    // A row has a few groups: a list in the order first seen, searched from its end (a group's
    // cells come together), beats a dictionary and a list of its keys.
    var groups: [(key: GroupKey, group: Group)] = []
    // Outlook's fixed address groups (Home, Business, Other), in the order first seen.
    var addresses: [String: [CSVAddressPart: String]] = [:]
    var addressOrder: [String] = []
    var starred = false
    func note(_ title: String, _ value: String) { notes.append((title, value)) }
    func split(_ value: String) -> [String] {
      // No colon, no separator: the cell is one value.
      if !value.utf8.contains(UInt8(ascii: ":")) {
        let one = value.trimmingWhiteSpace
        return one.isEmpty ? [] : [one]
      }
      return Self.components(value, " ::: ").map(\.trimmingWhiteSpace).filter { !$0.isEmpty }
    }
    func labelled(_ value: String, _ label: String?) -> [Labelled] {
      let label = label ?? ""
      let primary = label.hasPrefix("* ")
      let name = (primary ? String(label.dropFirst(2)) : label).trimmingWhiteSpace
      let plain = ["", "other", "internet", "*"].contains(name.lowercased())
      return split(value).map { Labelled(value: $0, label: plain ? "" : name, primary: primary) }
    }

    for (index, cell) in cells.enumerated() {
      guard let value = cell?.trimmingWhiteSpace, !value.isEmpty else { continue }
      let column = index < layout.columns.count ? layout.columns[index] : .note("Column \(index + 1)")
      let header =
        index < layout.headers.count && !layout.headers[index].isEmpty
        ? layout.headers[index] : "Column \(index + 1)"
      switch column {
      case .firstName: if content.firstName.isEmpty { content.firstName = value } else { note(header, value) }
      case .middleName: if content.middleName.isEmpty { content.middleName = value } else { note(header, value) }
      case .lastName: if content.lastName.isEmpty { content.lastName = value } else { note(header, value) }
      case .fullName: if fullName.isEmpty { fullName = value }
      case .fileAs: if fileAs.isEmpty { fileAs = value }
      case .namePrefix: prefix = prefix.isEmpty ? value : prefix + " " + value
      case .nameSuffix: suffix = suffix.isEmpty ? value : suffix + " " + value
      case .nickname: if content.nickname.isEmpty { content.nickname = value } else { note("Nickname", value) }
      case .company: if content.company.isEmpty { content.company = value } else { note("Company", value) }
      case .jobTitle: if content.job.isEmpty { content.job = value } else { note("Job title", value) }
      case .department: note("Department", value)
      case .birthday: birthday(value, into: &content, notes: &notes, line: line)
      case .notes:
        // ContactBase's description is at most 255 characters (CreateContact.php:41).
        if content.description.isEmpty, value.count <= 255, !Self.contains(value, "\n\n") {
          content.description = value
        } else {
          untitled.append(value)
        }
      case .gender(let unless):
        guard !unless.contains(value) else { continue }
        if content.gender == nil { content.gender = Self.gender(value) }
        note("Gender", value)
      case .photo:
        note("Photo", value)
        content.dropped.append((line, "\(header) is a link, kept in the note, not downloaded"))
      case .tags(let separator):
        for raw in Self.components(value, separator) {
          var tag = raw.trimmingWhiteSpace
          let system = tag.hasPrefix("* ")
          if system { tag = String(tag.dropFirst(2)).trimmingWhiteSpace }
          switch tag.lowercased() {
          case "": continue
          case "mycontacts", "my contacts": continue
          case "starred": starred = true
          default:
            // Google's other system groups (`* friends`) are tags as their menus name them.
            if system, let first = tag.first, first.isLowercase { tag = first.uppercased() + tag.dropFirst() }
            if !content.tags.contains(tag) { content.tags.append(tag) }
          }
        }
      case .email(let label): emails += labelled(value, label)
      case .phone(let label): phones += labelled(value, label)
      case .website(let label): websites += labelled(value, label)
      case .linkedIn: linkedIn += split(value)
      case .address(let group, let part):
        if addresses[group] == nil { addressOrder.append(group) }
        if addresses[group, default: [:]][part] == nil { addresses[group, default: [:]][part] = value }
      case .numbered(let kind, let number, let part):
        if case .other = kind {
          note(header, value)
          continue
        }
        if case .other = part {
          note(header, value)
          continue
        }
        let key = GroupKey(kind: kind, number: number)
        let at: Int
        if let known = groups.lastIndex(where: { $0.key == key }) {
          at = known
        } else {
          at = groups.count
          groups.append((key, Group(kind: kind)))
        }
        switch part {
        case .label: groups[at].group.label = value
        case .value: groups[at].group.value = value
        case .service: groups[at].group.service = value
        case .address(let addressPart): groups[at].group.address[addressPart] = value
        case .organizationName: groups[at].group.organization.name = value
        case .organizationTitle: groups[at].group.organization.title = value
        case .organizationDepartment: groups[at].group.organization.department = value
        case .other: break
        }
      case .note(let title, let unless):
        guard !unless.contains(value) else { continue }
        note(title.isEmpty ? header : title, value)
      case .bookkeeping: continue
      }
    }

    var numberedAddresses: [(label: String, parts: [CSVAddressPart: String])] = []
    for (_, group) in groups {
      let label = (group.label.hasPrefix("* ") ? String(group.label.dropFirst(2)) : group.label).trimmingWhiteSpace
      switch group.kind {
      case .email: emails += labelled(group.value, group.label)
      case .phone: phones += labelled(group.value, group.label)
      case .website: websites += labelled(group.value, group.label)
      case .address: numberedAddresses.append((label, group.address))
      case .event: for value in split(group.value) { note(label.isEmpty ? "Event" : label, value) }
      case .relation: for value in split(group.value) { note(label.isEmpty ? "Relation" : label, value) }
      case .customField: for value in split(group.value) { note(label.isEmpty ? "Custom field" : label, value) }
      case .im:
        let kind = [group.service, label].filter { !$0.isEmpty }.joined(separator: ", ")
        for value in split(group.value) { note(kind.isEmpty ? "IM" : "IM (\(kind))", value) }
      case .organization:
        let org = group.organization
        if content.company.isEmpty, content.job.isEmpty, !org.name.isEmpty || !org.title.isEmpty {
          (content.company, content.job) = (org.name, org.title)
          if !org.department.isEmpty { note("Department", org.department) }
        } else {
          let text = [org.name, org.title, org.department].filter { !$0.isEmpty }.joined(separator: ", ")
          if !text.isEmpty { note("Organization", text) }
        }
      case .other: break
      }
    }
    let fixed = addressOrder.map { (label: $0, parts: addresses[$0] ?? [:]) }
    for (label, parts) in fixed + numberedAddresses {
      guard let address = address(parts, label: label, line: line, notes: &notes, dropped: &content.dropped) else {
        continue
      }
      content.addresses.append(address)
    }

    // The contact fields, each value once, the primary ones first.
    func ordered(_ values: [Labelled]) -> [Labelled] {
      if values.count < 2 { return values }
      let sorted = values.filter(\.primary) + values.filter { !$0.primary }
      // A few values (most rows): a scan of those kept beats a set.
      if sorted.count <= 8 {
        var keys: [String] = []
        return sorted.filter { value in
          let key = value.value.lowercased()
          if keys.contains(key) { return false }
          keys.append(key)
          return true
        }
      }
      var seen: Set<String> = []
      return sorted.filter { seen.insert($0.value.lowercased()).inserted }
    }
    let (mails, calls, sites) = (ordered(emails), ordered(phones), ordered(websites))
    for mail in mails {
      // An Exchange address (`/o=ExchangeLabs/...`) or a LinkedIn member id is no e-mail address.
      if MatchKeys.email(mail.value) != nil {
        content.fields.append((ContactFieldKind.email, mail.value))
      } else {
        note("E-mail", mail.value)
      }
    }
    for call in calls { content.fields.append((ContactFieldKind.phone, call.value)) }
    for site in sites { content.fields.append((Self.kind(ofLink: site.value), site.value)) }
    for link in linkedIn where !sites.contains(where: { $0.value == link }) {
      content.fields.append((ContactFieldKind.named("LinkedIn"), link))
    }
    for (title, values) in [("E-mail labels", mails), ("Phone labels", calls), ("Website labels", sites)] {
      let shown = values.filter { !$0.label.isEmpty }.map { "\($0.value) (\($0.label))" }
      if !shown.isEmpty { note(title, shown.joined(separator: ", ")) }
    }
    if starred { note("Starred", "yes") }

    // The name: the row's, else its whole name, else what vCard's rules would take.
    if layout.format == .linkedIn, content.firstName.isEmpty, content.lastName.isEmpty { return .nameless }
    if content.firstName.isEmpty, content.lastName.isEmpty {
      let whole = fullName.isEmpty ? fileAs : fullName
      if let space = whole.lastIndex(of: " ") {
        content.firstName = String(whole[..<space]).trimmingWhiteSpace
        content.lastName = String(whole[whole.index(after: space)...])
      } else {
        content.firstName = whole
      }
    }
    if content.firstName.isEmpty, !content.lastName.isEmpty {
      (content.firstName, content.lastName) = (content.lastName, "")
    }
    if content.firstName.isEmpty {
      if !content.company.isEmpty {
        content.firstName = content.company
      } else if !content.nickname.isEmpty {
        (content.firstName, content.isNamed) = (content.nickname, false)
      } else if let mail = content.fields.first(where: { $0.kind == ContactFieldKind.email }) {
        (content.firstName, content.isNamed) = (String(mail.content.prefix { $0 != "@" }), false)
      } else if let phone = content.fields.first(where: { $0.kind == ContactFieldKind.phone }) {
        (content.firstName, content.isNamed) = (phone.content, false)
      } else {
        return .nameless
      }
    }

    let affixes = [("Name prefix", prefix), ("Name suffix", suffix)].filter { !$0.1.isEmpty }
    var lines = affixes.map { "\($0.0): \($0.1)" } + notes.map { "\($0.title): \($0.value)" } + untitled
    var total = lines.reduce(0) { $0 + $1.count + 1 }
    if total > Self.noteLimit {
      var kept: [String] = []
      total = 0
      for text in lines {
        let room = Self.noteLimit - total - 1
        guard room > 0 else { break }
        kept.append(text.count <= room ? text : String(text.prefix(room)))
        total += min(text.count, room) + 1
      }
      lines = kept
      content.dropped.append((line, "the note is cut at Monica's \(Self.noteLimit) characters"))
    }
    content.noteLines = lines
    return .contact(content, noteTitles: affixes.map(\.0) + notes.map(\.title) + untitled.map { _ in "Notes" })
  }

  /// Reads a birthday: the contact's, or the note's with a word when it cannot be read.
  private mutating func birthday(
    _ text: String, into content: inout CardContent, notes: inout [(title: String, value: String)], line: Int
  ) {
    switch dates.read(text) {
    case .date(let date):
      if content.birthdate == nil { content.birthdate = date } else { notes.append(("Birthday", text)) }
    case .empty: break
    case .ambiguous:
      notes.append(("Birthday", text))
      content.dropped.append(
        (line, "birthday \(text) could be day-month or month-day: kept in the note (--date-order mdy or dmy reads it)"))
    case .unreadable:
      notes.append(("Birthday", text))
      content.dropped.append((line, "birthday \(text) is not a date of the calendar: kept in the note"))
    }
  }

  /// An address of `parts`, named by `label`: its street lines, a formatted address only when no
  /// part is given; the country as its ISO code, or into the note when no code is known for it.
  private func address(
    _ parts: [CSVAddressPart: String], label: String, line: Int, notes: inout [(title: String, value: String)],
    dropped: inout [(line: Int, text: String)]
  ) -> VCardAddress? {
    func part(_ key: CSVAddressPart) -> String { parts[key] ?? "" }
    var street = [part(.poBox), part(.extended), part(.street), part(.street2), part(.street3)]
      .filter { !$0.isEmpty }.joined(separator: "\n")
    let given = [street, part(.city), part(.region), part(.postalCode), part(.country)].contains { !$0.isEmpty }
    if !given { street = part(.formatted) }
    var country = ""
    if !part(.country).isEmpty {
      if let code = CountryCodes.code(part(.country)) {
        country = code
      } else {
        notes.append(("Country" + (label.isEmpty ? "" : " (\(label))"), part(.country)))
      }
    }
    let address = VCardAddress(
      name: label.isEmpty ? nil : label, street: street, city: part(.city), province: part(.region),
      postalCode: part(.postalCode), country: country)
    return address.isEmpty ? nil : address
  }

  /// `text.components(separatedBy: separator)`: on bytes when both are ASCII without a carriage
  /// return (each character one byte, so the two searches agree), else Foundation's.
  static func components(_ text: String, _ separator: String) -> [String] {
    let (bytes, cut) = (Array(text.utf8), Array(separator.utf8))
    guard !cut.isEmpty, isPlainASCII(bytes), isPlainASCII(cut) else { return text.components(separatedBy: separator) }
    var parts: [String] = []
    var (start, index) = (0, 0)
    while index + cut.count <= bytes.count {
      if bytes[index] == cut[0], bytes[index..<index + cut.count].elementsEqual(cut) {
        parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
        index += cut.count
        start = index
      } else {
        index += 1
      }
    }
    parts.append(String(decoding: bytes[start...], as: UTF8.self))
    return parts
  }

  /// `text.contains(part)` (Foundation's), on bytes when both are ASCII without a carriage return.
  static func contains(_ text: String, _ part: String) -> Bool {
    let (bytes, wanted) = (Array(text.utf8), Array(part.utf8))
    guard !wanted.isEmpty, isPlainASCII(bytes), isPlainASCII(wanted) else { return text.contains(part) }
    guard wanted.count <= bytes.count else { return false }
    return (0...bytes.count - wanted.count).contains { bytes[$0..<$0 + wanted.count].elementsEqual(wanted) }
  }

  /// Whether the bytes are ASCII and hold no carriage return (which begins a character with a
  /// line feed after it).
  private static func isPlainASCII(_ bytes: [UInt8]) -> Bool { !bytes.contains { $0 >= 0x80 || $0 == 0x0D } }

  /// The contact field type of a link: LinkedIn, Facebook or Twitter by its host, else Website.
  static func kind(ofLink link: String) -> ContactFieldKind {
    let lower = link.lowercased()
    if lower.contains("linkedin.com/") { return ContactFieldKind.named("LinkedIn") }
    if lower.contains("facebook.com/") { return ContactFieldKind.named("Facebook") }
    if lower.contains("twitter.com/") || lower.hasPrefix("https://x.com/") { return ContactFieldKind.named("Twitter") }
    return .website
  }

  /// A gender as the judgement reads it, from English, German, French, Spanish or Italian words.
  static func gender(_ text: String) -> Person.Gender? {
    switch text.trimmingWhiteSpace.lowercased() {
    case "männlich", "mann", "masculin", "homme", "hombre", "masculino", "maschio", "uomo": .male
    case "weiblich", "frau", "féminin", "femme", "mujer", "femenino", "femmina", "donna": .female
    default: Person.Gender(code: text)
    }
  }
}
