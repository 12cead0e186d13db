import Foundation

/// vCard 4.0 (RFC 6350, DEATHDATE from RFC 6474) or 3.0 (RFC 2426) of each contact; other
/// records are counted and left out. Lines end in CRLF and fold at 75 octets as the RFCs say.
///
/// 4.0 by default: it writes a birthday without its year as `--MMDD` (RFC 6350 4.3.1). 3.0 is
/// for the readers that stopped there (abook, older phones): dates in ISO 8601's extended form
/// (`1980-05-17`, `--09-15`), upper-case TYPE parameters, PHOTO as `ENCODING=b`. Apple's 3.0
/// work-around (`BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-12`) is read by `monica-import`, never written.
/// With a vdir the cards go to one file each instead of `output`. With `safe` (a terminal,
/// `--safe`) each content line goes through `TerminalText.safe` before it is folded.
final class VCardSink: RecordSink {
  private let output: LineOutput
  private let photos: String?
  private let version: VCardVersion
  private let vdir: VdirWriter?
  private let safe: Bool
  private var card: [UInt8] = []
  /// How many records were not contacts.
  private(set) var skipped = 0

  /// A sink writing `version` cards to `output` (or one file each in `vdir`), taking photos
  /// saved by `monica-avatar` from `photos`.
  init(
    output: LineOutput, photos: String? = nil, version: VCardVersion = .v4, vdir: VdirWriter? = nil, safe: Bool = false
  ) {
    self.output = output
    // A vdir's files are files: written unchanged.
    self.safe = safe && vdir == nil
    self.photos = photos
    self.version = version
    self.vdir = vdir
  }

  func consume(_ record: Record) throws(MonicaError) {
    guard record.isKind(RecordKind.contact.object) else {
      skipped += 1
      return
    }
    card.removeAll(keepingCapacity: true)
    let lines = VCardSink.lines(of: record.root, photos: photos, version: version)
    for line in lines { VCardSink.appendFolded(safe ? TerminalText.safe(line) : line, to: &card) }
    if let vdir {
      let uuid = record.root.member("uuid")?.stringValue ?? "contact-\(record.root.member("id")?.displayText ?? "")"
      try vdir.write(uid: uuid, bytes: card)
    } else {
      try output.writeLines(card)
    }
  }

  func finish() throws(MonicaError) { try vdir?.finish() }

  /// The unfolded content lines of one contact's card.
  static func lines(of contact: RawValue, photos: String? = nil, version: VCardVersion = .v4) -> [String] {
    let v3 = version == .v3
    func string(_ value: RawValue?) -> String { value?.stringValue ?? "" }
    let first = string(contact.member("first_name"))
    let last = string(contact.member("last_name"))
    var name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
    if name.isEmpty {
      name = string(contact.member("complete_name"))
      if name.hasSuffix(" ⚰") { name.removeLast(2) }
    }
    var lines = ["BEGIN:VCARD", "VERSION:" + version.rawValue]
    if let uuid = contact.member("uuid")?.stringValue { lines.append("UID:urn:uuid:" + uuid) }
    lines.append("FN:" + escape(name))
    lines.append("N:" + [last, first, "", "", ""].map(escape).joined(separator: ";"))
    if let nickname = contact.member("nickname")?.stringValue, !nickname.isEmpty {
      lines.append("NICKNAME:" + escape(nickname))
    }
    let information = contact.member("information")
    let dates = information?.member("dates")
    if let birthday = date(dates?.member("birthdate") ?? information?.member("birthdate"), version: version) {
      lines.append("BDAY:" + birthday)
    }
    // DEATHDATE is RFC 6474's, for 4.0 only; 3.0 writes the X- name monica-import reads back.
    if let deathday = date(dates?.member("deceased_date") ?? information?.member("deceased_date"), version: version) {
      lines.append((v3 ? "X-DEATHDATE:" : "DEATHDATE:") + deathday)
    }
    let career = information?.member("career")
    if let company = career?.member("company")?.stringValue, !company.isEmpty { lines.append("ORG:" + escape(company)) }
    if let job = career?.member("job")?.stringValue, !job.isEmpty { lines.append("TITLE:" + escape(job)) }
    let tags = (contact.member("tags")?.elements ?? []).compactMap { $0.member("name")?.stringValue }
    if !tags.isEmpty { lines.append("CATEGORIES:" + tags.map(escape).joined(separator: ",")) }
    for field in contact.member("contactFields")?.elements ?? [] {
      if let line = fieldLine(field, version: version) { lines.append(line) }
    }
    for address in contact.member("addresses")?.elements ?? [] {
      let parts = ["street", "city", "province", "postal_code"].map { string(address.member($0)) }
      let country = address.member("country").map { $0.isObject ? string($0.member("name")) : string($0) } ?? ""
      // LABEL is the address as printed on an envelope (RFC 6350 6.3.1), its line breaks and
      // quotes in RFC 6868's parameter escapes; Monica's own name for it ("Home") becomes TYPE.
      let locality = [parts[3], parts[1]].filter { !$0.isEmpty }.joined(separator: " ")
      let printed = [parts[0], locality, parts[2], country].filter { !$0.isEmpty }.joined(separator: "\n")
      let name = string(address.member("name")).lowercased()
      let type = ["home", "work"].contains(name) ? ";TYPE=" + (v3 ? name.uppercased() : name) : ""
      // 3.0 has no LABEL parameter: the printed form is a LABEL property of its own (RFC 2426 3.2.2).
      let label = printed.isEmpty || v3 ? "" : ";LABEL=\"" + Self.parameterEscape(printed) + "\""
      lines.append("ADR\(type)\(label):;;" + (parts + [country]).map(escape).joined(separator: ";"))
      if v3, !printed.isEmpty { lines.append("LABEL\(type):" + escape(printed)) }
    }
    if let description = contact.member("description")?.stringValue, !description.isEmpty {
      lines.append("NOTE:" + escape(description))
    }
    if let photo = photo(of: contact, in: photos) { lines.append(photoLine(photo, version: version)) }
    lines.append("END:VCARD")
    return lines
  }

  /// A contact field's line: an e-mail address, a phone number, a web address (`URL`, the
  /// field type's name as its TYPE), or another handle (Twitter, Telegram...) as the
  /// `X-SOCIALPROFILE` Apple's and Google's address books read.
  static func fieldLine(_ field: RawValue, version: VCardVersion = .v4) -> String? {
    guard let content = field.member("content")?.stringValue, !content.isEmpty else { return nil }
    let type = field.member("contact_field_type")
    let kind = (type?.member("type")?.stringValue ?? "").lowercased()
    let name = type?.member("name")?.stringValue ?? ""
    let proto = type?.member("protocol")?.stringValue ?? ""
    if kind == "email" || proto == "mailto:" || (kind.isEmpty && name.lowercased().contains("mail")) {
      return (version == .v3 ? "EMAIL;TYPE=INTERNET:" : "EMAIL:") + escape(content)
    }
    if kind == "phone" || proto == "tel:" {
      let type = phoneType(field, typeName: name).map { ";TYPE=" + (version == .v3 ? $0.uppercased() : $0) } ?? ""
      return "TEL\(type):" + escape(content)
    }
    let typed = name.isEmpty ? "" : ";TYPE=" + parameterValue(name)
    let lower = content.lowercased()
    if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return "URL\(typed):" + escape(content) }
    return "X-SOCIALPROFILE\(typed):" + escape(content)
  }

  /// A phone's TYPE: the first of its labels that is a vCard type (Monica's standard labels
  /// home, work, cell, fax and pager, app/Models/Contact/ContactFieldLabel.php:25-33, served as
  /// the label's `type`), else what its field type's name says ("Mobile", "Work phone"), else
  /// none: RFC 2426's default is voice, and readers take an untyped TEL as the phone (abook maps
  /// it to its phone while it drops `TYPE=VOICE` alone).
  static func phoneType(_ field: RawValue, typeName: String) -> String? {
    let types = ["cell", "work", "home", "fax", "pager"]
    let labels = field.member("labels")?.elements.compactMap { $0.member("type")?.stringValue?.lowercased() } ?? []
    if let label = labels.first(where: types.contains) { return label }
    let name = typeName.lowercased()
    let words: [(String, [String])] = [
      ("cell", ["mobile", "cell", "handy", "portable"]), ("fax", ["fax"]), ("pager", ["pager"]),
      ("work", ["work", "office", "business"]), ("home", ["home"]),
    ]
    return words.first { $0.1.contains(where: name.contains) }?.0
  }

  /// A parameter value, quoted with RFC 6868's escapes when it holds more than letters and digits.
  static func parameterValue(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
    }
    return plain ? text : "\"" + parameterEscape(text) + "\""
  }

  /// The photo of a contact as a data URL: the file `monica-avatar` saved as `DIR/<id>.<ext>`,
  /// else an avatar that is a data URL itself (Monica's adorable avatars).
  static func photo(of contact: RawValue, in directory: String?) -> String? {
    if let directory, let id = contact.member("id").flatMap({ Int($0.displayText) }) {
      for (ext, mime) in imageTypes {
        let path = directory + "/\(id).\(ext)"
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { continue }
        return "data:\(mime);base64," + data.base64EncodedString()
      }
    }
    let avatar = contact.member("information")?.member("avatar")?.member("url")?.stringValue ?? ""
    return avatar.hasPrefix("data:image/") ? avatar : nil
  }

  /// The extensions `monica-avatar` saves, with their media types, in the order they are looked for.
  static let imageTypes = [
    ("jpg", "image/jpeg"), ("jpeg", "image/jpeg"), ("png", "image/png"), ("gif", "image/gif"), ("webp", "image/webp"),
  ]

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

  /// A Monica date object as a vCard date: 4.0's `19850314`, `--0314` when the year is unknown;
  /// 3.0's `1985-03-14`, `--03-14`; in both the year alone when the date was guessed from an age
  /// (ISO 8601's reduced precision; a reader without it, as abook, shows no day it does not have).
  static func date(_ value: RawValue?, version: VCardVersion = .v4) -> String? {
    guard let value, let text = value.member("date")?.stringValue, let date = CalendarDate(parsing: text) else {
      return nil
    }
    let written = version == .v3 ? date.description : date.description.replacingDashes
    if value.member("is_year_unknown")?.isTrue == true { return "--" + written.dropFirst(version == .v3 ? 5 : 4) }
    if value.member("is_age_based")?.isTrue == true { return String(written.prefix(4)) }
    return written
  }

  /// PHOTO from a data URL: as it is in 4.0 (RFC 6350 6.2.4), in 3.0 as inline base64 with the
  /// image type (`PHOTO;ENCODING=b;TYPE=JPEG:...`, RFC 2426 3.1.4).
  static func photoLine(_ dataURL: String, version: VCardVersion) -> String {
    guard version == .v3, let comma = dataURL.firstIndex(of: ","), dataURL.hasPrefix("data:image/") else {
      return "PHOTO:" + dataURL
    }
    let mime = dataURL[dataURL.index(dataURL.startIndex, offsetBy: 11)..<comma].split(separator: ";").first ?? ""
    return "PHOTO;ENCODING=b;TYPE=\(mime.uppercased()):" + dataURL[dataURL.index(after: comma)...]
  }

  /// RFC 6350 text escaping: backslash, comma, semicolon and line breaks.
  static func escape(_ text: String) -> String { ContentLine.escape(text) }

  /// Appends a content line folded at 75 octets (never inside a UTF-8 sequence), CRLF-ended.
  static func appendFolded(_ line: String, to out: inout [UInt8]) { ContentLine.appendFolded(line, to: &out) }
}

/// The vCard versions `monica-format vcard` writes.
package enum VCardVersion: String, Sendable, CaseIterable {
  /// RFC 2426.
  case v3 = "3.0"
  /// RFC 6350, the default.
  case v4 = "4.0"
}

extension String {
  fileprivate var replacingDashes: String { String(filter { $0 != "-" }) }
}
