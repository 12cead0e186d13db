/// vCard 4.0 (RFC 6350, DEATHDATE from RFC 6474) of each contact; other records are counted and
/// left out. Lines end in CRLF and fold at 75 octets as the RFC says.
final class VCardSink: RecordSink {
  private let output: LineOutput
  private var card: [UInt8] = []
  /// How many records were not contacts.
  private(set) var skipped = 0

  init(output: LineOutput) { self.output = output }

  func consume(_ record: Record) throws(MonicaError) {
    guard record.isKind("contact") else {
      skipped += 1
      return
    }
    card.removeAll(keepingCapacity: true)
    for line in VCardSink.lines(of: record.root) { VCardSink.appendFolded(line, to: &card) }
    try output.writeLines(card)
  }

  func finish() throws(MonicaError) {}

  /// The unfolded content lines of one contact's card.
  static func lines(of contact: RawValue) -> [String] {
    func string(_ value: RawValue?) -> String { value?.stringValue ?? "" }
    let first = string(contact.member("first_name"))
    let last = string(contact.member("last_name"))
    var name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
    if name.isEmpty {
      name = string(contact.member("complete_name"))
      if name.hasSuffix(" ⚰") { name.removeLast(2) }
    }
    var lines = ["BEGIN:VCARD", "VERSION:4.0"]
    if let uuid = contact.member("uuid")?.stringValue { lines.append("UID:urn:uuid:" + uuid) }
    lines.append("FN:" + escape(name))
    lines.append("N:" + [last, first, "", "", ""].map(escape).joined(separator: ";"))
    if let nickname = contact.member("nickname")?.stringValue, !nickname.isEmpty {
      lines.append("NICKNAME:" + escape(nickname))
    }
    let information = contact.member("information")
    let dates = information?.member("dates")
    if let birthday = date(dates?.member("birthdate") ?? information?.member("birthdate")) {
      lines.append("BDAY:" + birthday)
    }
    if let deathday = date(dates?.member("deceased_date") ?? information?.member("deceased_date")) {
      lines.append("DEATHDATE:" + deathday)
    }
    let career = information?.member("career")
    if let company = career?.member("company")?.stringValue, !company.isEmpty { lines.append("ORG:" + escape(company)) }
    if let job = career?.member("job")?.stringValue, !job.isEmpty { lines.append("TITLE:" + escape(job)) }
    let tags = (contact.member("tags")?.elements ?? []).compactMap { $0.member("name")?.stringValue }
    if !tags.isEmpty { lines.append("CATEGORIES:" + tags.map(escape).joined(separator: ",")) }
    for field in contact.member("contactFields")?.elements ?? [] {
      guard let content = field.member("content")?.stringValue, !content.isEmpty else { continue }
      let type = field.member("contact_field_type")
      let kind = (type?.member("type")?.stringValue ?? type?.member("name")?.stringValue ?? "").lowercased()
      let proto = type?.member("protocol")?.stringValue ?? ""
      if kind.contains("email") || kind.contains("mail") || proto == "mailto:" {
        lines.append("EMAIL:" + escape(content))
      } else if kind.contains("phone") || proto == "tel:" {
        lines.append("TEL:" + escape(content))
      }
    }
    for address in contact.member("addresses")?.elements ?? [] {
      let parts = ["street", "city", "province", "postal_code"].map { string(address.member($0)) }
      let country = address.member("country").map { $0.isObject ? string($0.member("name")) : string($0) } ?? ""
      // LABEL is the address as printed on an envelope (RFC 6350 6.3.1), its line breaks and
      // quotes in RFC 6868's parameter escapes; Monica's own name for it ("Home") becomes TYPE.
      let locality = [parts[3], parts[1]].filter { !$0.isEmpty }.joined(separator: " ")
      let printed = [parts[0], locality, parts[2], country].filter { !$0.isEmpty }.joined(separator: "\n")
      let name = string(address.member("name")).lowercased()
      var parameters = ["home", "work"].contains(name) ? ";TYPE=" + name : ""
      if !printed.isEmpty { parameters += ";LABEL=\"" + Self.parameterEscape(printed) + "\"" }
      lines.append("ADR\(parameters):;;" + (parts + [country]).map(escape).joined(separator: ";"))
    }
    if let description = contact.member("description")?.stringValue, !description.isEmpty {
      lines.append("NOTE:" + escape(description))
    }
    lines.append("END:VCARD")
    return lines
  }

  /// A parameter value with RFC 6868's escapes: `^^` for ^, `^n` for a line break, `^'` for ".
  static func parameterEscape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "^": out += "^^"
      case "\n", "\r\n", "\r": out += "^n"
      case "\"": out += "^'"
      default: out.append(character)
      }
    }
    return out
  }

  /// A Monica date object as a vCard date: `19850314`, `--0314` when the year is unknown, or the
  /// year alone when the date was guessed from an age.
  static func date(_ value: RawValue?) -> String? {
    guard let value, let text = value.member("date")?.stringValue, let date = CalendarDate(parsing: text) else {
      return nil
    }
    let compact = date.description.replacingDashes
    if value.member("is_year_unknown")?.isTrue == true { return "--" + compact.dropFirst(4) }
    if value.member("is_age_based")?.isTrue == true { return String(compact.prefix(4)) }
    return compact
  }

  /// RFC 6350 text escaping: backslash, comma, semicolon and line breaks.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case ",": result += "\\,"
      case ";": result += "\\;"
      case "\n": if !previousWasCR { result += "\\n" }
      case "\r": result += "\\n"
      default: result.unicodeScalars.append(scalar)
      }
      previousWasCR = scalar == "\r"
    }
    return result
  }

  /// Appends a content line folded at 75 octets (never inside a UTF-8 sequence), CRLF-ended.
  static func appendFolded(_ line: String, to out: inout [UInt8]) {
    var octets = 0
    for byte in line.utf8 {
      let startsCharacter = byte & 0xC0 != 0x80
      if startsCharacter, octets + utf8Length(byte) > 75 {
        out.append(contentsOf: [0x0D, 0x0A, 0x20])
        octets = 1
      }
      out.append(byte)
      octets += 1
    }
    out.append(contentsOf: [0x0D, 0x0A])
  }

  private static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case ..<0x80: 1
    case 0xF0...: 4
    case 0xE0...: 3
    default: 2
    }
  }
}

extension String {
  fileprivate var replacingDashes: String { String(filter { $0 != "-" }) }

}
