import Foundation

/// What one vCard holds, sorted by where it goes in Monica: the contact's own fields, its
/// contact fields, addresses and photo, the lines of a note for what Monica has no field for,
/// and what cannot be carried at all (each with its line).
package struct CardContent {
  package var firstName = ""
  package var lastName = ""
  package var middleName = ""
  package var nickname = ""
  package var description = ""
  package var birthdate: VCardDate?
  package var deceasedDate: VCardDate?
  package var job = ""
  package var company = ""
  package var tags: [String] = []
  package var fields: [(kind: ContactFieldKind, content: String)] = []
  package var addresses: [VCardAddress] = []
  package var noteLines: [String] = []
  package var photo: (dataURL: String, mime: String, size: Int)?
  /// What was not carried, with the line of its property.
  package var dropped: [(line: Int, text: String)] = []
  /// The card's `UID`: a Monica contact's `urn:uuid:` when the card is a Monica export.
  package var uid: String?
  /// The sex of the card's `GENDER` (RFC 6350 6.2.7), which goes to the note: read to tell
  /// people apart, never written.
  package var gender: Person.Gender?
  /// The card's number in the input (card N is contact N), once the importer knows it.
  package var number = 0
  /// Whether the first name is a name the card gives (N, FN, ORG) rather than one made from its
  /// nickname, e-mail address or phone number, which says nothing of who the person is.
  package var isNamed = true
  /// First and last name, for messages.
  package var shownName: String { (firstName + " " + lastName).trimmingWhiteSpace }
  /// The card's phone numbers, as written.
  package var phones: [String] { fields.filter { $0.kind == .phone }.map(\.content) }

  /// The e-mail addresses, lower-cased, for matching existing contacts.
  package var emails: [String] { fields.filter { $0.kind == .email }.map { $0.content.lowercased() } }

  /// Properties that describe the card rather than the person: read, never carried (RFC 6350
  /// 6.7 and the address books' own bookkeeping). LABEL is the printed form of an ADR.
  static let bookkeeping: Set<String> = [
    "PRODID", "REV", "UID", "X-ABUID", "CLIENTPIDMAP", "X-ABSHOWAS", "X-ABLABEL", "X-ABADR", "KIND", "NAME", "SOURCE",
    "X-MS-OL-DEFAULT-POSTAL-ADDRESS", "X-MS-OL-DESIGN", "X-MS-CARDPICTURE-SOURCE",
  ]

  /// Reads a card; a card with nothing to name its contact by is invalid (`reason`).
  package init(_ card: VCard, today: CalendarDate) throws(CardProblem) {
    var formatted = ""
    var n: [String] = []
    var org: [String] = []
    var isCompany = false
    var phones: [String] = []
    var labels: [String: String] = [:]
    for property in card.properties where property.name == "X-ABLABEL" {
      if let group = property.group { labels[group] = Self.appleLabel(property.text) }
    }
    let hasAddress = card.properties.contains { $0.name == "ADR" }
    for property in card.properties {
      let decoded = property.decodedText
      if let problem = decoded.problem, !property.isBase64 {
        dropped.append((property.line, "\(property.name): \(problem)"))
      }
      let label = property.group.flatMap { labels[$0] }
      switch property.name {
      case "UID": if uid == nil { uid = property.text.trimmingWhiteSpace }
      case "FN": if formatted.isEmpty { formatted = property.text.trimmingWhiteSpace }
      case "N": n = property.components.map(\.trimmingWhiteSpace)
      case "NICKNAME":
        var items = property.listItems
        if nickname.isEmpty, !items.isEmpty { nickname = items.removeFirst() }
        noteLines += items.map { "Nickname: \($0)" }
      case "BDAY", "DEATHDATE", "X-DEATHDATE":
        let isBirth = property.name == "BDAY"
        if let date = VCardDate(property), (isBirth ? birthdate : deceasedDate) == nil {
          if isBirth { birthdate = date } else { deceasedDate = date }
        } else {
          noteLines.append("\(isBirth ? "Birthday" : "Died"): \(property.text)")
          if VCardDate.isImpossible(property) {
            dropped.append(
              (property.line, "\(property.name) \(property.text) is not a day of the calendar; kept in the note"))
          }
        }
      case "EMAIL":
        let address = property.text.trimmingWhiteSpace
        if !address.isEmpty { fields.append((.email, address)) }
      case "TEL":
        var number = property.text.trimmingWhiteSpace
        if number.lowercased().hasPrefix("tel:") { number.removeFirst(4) }
        if !number.isEmpty {
          fields.append((.phone, number))
          phones.append(number)
        }
      case "URL", "X-SOCIALPROFILE":
        let content = property.text.trimmingWhiteSpace
        guard !content.isEmpty else { continue }
        let typeName = property.types.first { !["home", "work", "pref", "internet", "other"].contains($0) }
        let named = property.values(of: "TYPE").first { $0.lowercased() == typeName }
        let kind = (named ?? label).map(ContactFieldKind.named) ?? .website
        fields.append((kind, content))
      case "ADR":
        let address = VCardAddress(property, label: label)
        if !address.isEmpty { addresses.append(address) }
      case "LABEL" where hasAddress:
        continue
      case "ORG":
        let parts = property.components.map(\.trimmingWhiteSpace).filter { !$0.isEmpty }
        if org.isEmpty, !parts.isEmpty {
          org = parts
          company = parts[0]
          noteLines += parts.dropFirst().map { "Department: \($0)" }
        } else if !parts.isEmpty {
          noteLines.append("Organization: " + parts.joined(separator: ", "))
        }
      case "TITLE":
        let title = property.text.trimmingWhiteSpace
        if job.isEmpty { job = title } else if !title.isEmpty { noteLines.append("Title: \(title)") }
      case "NOTE":
        let text = property.text
        // ContactBase's description is at most 255 characters (CreateContact.php:41).
        if description.isEmpty, text.count <= 255, !text.contains("\n\n") {
          description = text
        } else if !text.isEmpty {
          noteLines.append(text)
        }
      case "CATEGORIES": tags += property.listItems.filter { !tags.contains($0) }
      case "PHOTO":
        let image = property.image
        if let url = image.dataURL, let mime = image.mime, photo == nil {
          photo = (url, mime, image.size)
        } else if image.problem?.hasPrefix("a link") == true {
          noteLines.append("Photo: " + property.text)
          dropped.append((property.line, "PHOTO is a link, kept in the note, not downloaded"))
        } else {
          dropped.append((property.line, "PHOTO not carried: " + (image.problem ?? "the card has a photo already")))
        }
      case "GENDER":
        // Read for identity, and kept in the note as any property Monica has no field for.
        if gender == nil { gender = property.components.first.flatMap(Person.Gender.init(code:)) }
        let text = property.text
        guard !text.trimmingWhiteSpace.isEmpty else { continue }
        noteLines.append("\(Self.friendly(property.name))\(label.map { " (\($0))" } ?? ""): \(text)")
      case "X-ABSHOWAS":
        isCompany = property.text.uppercased() == "COMPANY"
      case "KIND":
        isCompany = property.text.lowercased() == "org"
      case let name where Self.bookkeeping.contains(name):
        continue
      default:
        if property.isBase64 || String(decoding: property.rawValue.prefix(5), as: UTF8.self).lowercased() == "data:" {
          dropped.append((property.line, "\(property.name) (inline data) not carried: Monica has no field for it"))
        } else {
          let text = property.text
          guard !text.trimmingWhiteSpace.isEmpty else { continue }
          noteLines.append("\(Self.friendly(property.name))\(label.map { " (\($0))" } ?? ""): \(text)")
        }
      }
    }
    try nameContact(n: n, formatted: formatted, org: org, isCompany: isCompany, phones: phones)
  }

  /// First and last names, in this order: N's given name (and family name); FN (less N's
  /// family name at its end, else split before its last word, or whole for a company); N's
  /// family name alone; ORG; NICKNAME; the first e-mail address's local part; the first phone
  /// number. A card with none of these is invalid.
  private mutating func nameContact(
    n: [String], formatted: String, org: [String], isCompany: Bool, phones: [String]
  ) throws(CardProblem) {
    func part(_ index: Int) -> String { n.indices.contains(index) ? n[index] : "" }
    lastName = part(0)
    firstName = part(1)
    middleName = part(2)
    let affixes = [("Name prefix", part(3)), ("Name suffix", part(4))].filter { !$0.1.isEmpty }
    noteLines.insert(contentsOf: affixes.map { "\($0.0): \($0.1)" }, at: 0)
    guard firstName.isEmpty else { return }
    if !formatted.isEmpty {
      if !lastName.isEmpty, formatted.hasSuffix(" " + lastName) {
        firstName = String(formatted.dropLast(lastName.count + 1)).trimmingWhiteSpace
      } else if formatted == lastName || isCompany || formatted == org.first || !formatted.contains(" ") {
        firstName = formatted
        if formatted == lastName { lastName = "" }
      } else if lastName.isEmpty, let space = formatted.lastIndex(of: " ") {
        firstName = String(formatted[..<space]).trimmingWhiteSpace
        lastName = String(formatted[formatted.index(after: space)...])
      } else {
        firstName = formatted
      }
    } else if !lastName.isEmpty {
      (firstName, lastName) = (lastName, "")
    } else if let company = org.first {
      firstName = company
    } else if !nickname.isEmpty {
      (firstName, isNamed) = (nickname, false)
    } else if let email = emails.first {
      (firstName, isNamed) = (String(email.prefix { $0 != "@" }), false)
    } else if let phone = phones.first {
      (firstName, isNamed) = (phone, false)
    }
    if firstName.isEmpty { throw CardProblem("nothing to name the contact by (no N, FN, ORG, NICKNAME, EMAIL or TEL)") }
  }

  /// Apple's `_$!<HomePage>!$_` as `HomePage`; other labels as they are.
  static func appleLabel(_ text: String) -> String {
    guard text.hasPrefix("_$!<"), text.hasSuffix(">!$_") else { return text }
    return String(text.dropFirst(4).dropLast(4))
  }

  /// A property's name in a note: RFC 6350's words, an extension's name as written.
  static func friendly(_ name: String) -> String {
    let words = [
      "ANNIVERSARY": "Anniversary", "GENDER": "Gender", "ROLE": "Role", "IMPP": "Instant messaging",
      "RELATED": "Related", "LANG": "Language", "TZ": "Time zone", "GEO": "Location", "SORT-STRING": "Sort as",
      "X-ANNIVERSARY": "Anniversary", "X-MS-ANNIVERSARY": "Anniversary", "X-ABDATE": "Date",
      "X-ABRELATEDNAMES": "Related", "X-GENDER": "Gender", "X-WAB-GENDER": "Gender", "X-SPOUSE": "Spouse",
      "X-MS-SPOUSE": "Spouse", "X-ASSISTANT": "Assistant", "X-MANAGER": "Manager", "X-MS-MANAGER": "Manager",
    ]
    return words[name] ?? name
  }
}

/// Why a card cannot be imported.
package struct CardProblem: Error {
  package let reason: String
  init(_ reason: String) { self.reason = reason }
}

/// A vCard date (BDAY, DEATHDATE): month and day, and the year when the card knows it.
package struct VCardDate: Equatable {
  package let year: Int?
  package let month: Int
  package let day: Int
  /// A year alone (`1994`): Monica's birthdate guessed from an age, as `monica-format vcard`
  /// writes it (its 1 January, as `createFromAge` stores it).
  package private(set) var isAgeBased = false

  /// `1985-03-14`, `19850314`, `--0314`, `--03-14` (RFC 6350 4.3.1, a time after `T` ignored);
  /// Apple's `X-APPLE-OMIT-YEAR=1604` and its placeholder year 1604 mean the year is unknown.
  /// A partial date (`1985`, `1985-03`) or a text value is `nil`.
  init?(_ property: VCardProperty) {
    guard !property.values(of: "VALUE").contains(where: { $0.lowercased() == "text" }) else { return nil }
    var text = property.text.trimmingWhiteSpace
    if let time = text.firstIndex(of: "T") { text = String(text[..<time]) }
    let yearless = text.hasPrefix("--")
    let digits = text.filter { $0 != "-" }
    guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
    let numbers = Array(digits.utf8).map { Int($0) - 48 }
    func number(_ range: Range<Int>) -> Int { numbers[range].reduce(0) { $0 * 10 + $1 } }
    if yearless, numbers.count == 4 {
      (year, month, day) = (nil, number(0..<2), number(2..<4))
    } else if !yearless, numbers.count == 4, text.count == 4 {
      (year, month, day, isAgeBased) = (number(0..<4), 1, 1, true)
    } else if !yearless, numbers.count == 8 {
      let omitted = property.values(of: "X-APPLE-OMIT-YEAR").compactMap { Int($0) }
      let given = number(0..<4)
      year = omitted.contains(given) || given == 1604 ? nil : given
      (month, day) = (number(4..<6), number(6..<8))
    } else {
      return nil
    }
    guard CalendarDate(year: year ?? 2000, month: month, day: day) != nil else { return nil }
  }

  /// Whether the property has a date's shape (`1990-02-30`, `--0230`) but names no day of the
  /// calendar, which a card should be warned about rather than quietly kept as text.
  static func isImpossible(_ property: VCardProperty) -> Bool {
    guard VCardDate(property) == nil, !property.values(of: "VALUE").contains(where: { $0.lowercased() == "text" })
    else { return false }
    var text = property.text.trimmingWhiteSpace
    if let time = text.firstIndex(of: "T") { text = String(text[..<time]) }
    let digits = text.filter { $0 != "-" }
    guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return false }
    return text.hasPrefix("--") ? digits.count == 4 : digits.count == 8
  }

  /// A Monica special date (`{is_age_based, is_year_unknown, date}`) as a card's date.
  init?(special value: JSONValue?) {
    guard let text = value?["date"]?.stringValue, let date = CalendarDate(parsing: text) else { return nil }
    year = value?["is_year_unknown"] == .bool(true) ? nil : date.year
    (month, day) = (date.month, date.day)
    isAgeBased = value?["is_age_based"] == .bool(true)
  }

  /// Whether two dates can be one person's birthday: an age-based one only says the year.
  func agrees(with other: VCardDate) -> Bool {
    if let year, let other = other.year, year != other { return false }
    if isAgeBased || other.isAgeBased { return true }
    return month == other.month && day == other.day
  }

  /// `date` as a contact record's special date (`json(today:)`), or the record's empty date when
  /// there is none (no date known: every member null).
  package static func json(_ date: VCardDate?, today: CalendarDate) -> JSONValue {
    date?.json(today: today) ?? .object(JSONObject(["is_age_based": .null, "is_year_unknown": .null, "date": .null]))
  }

  /// Monica's special date: a year-unknown date is stored in the current year (SpecialDate.php:
  /// 161), 29 February in the last leap year.
  package func json(today: CalendarDate) -> JSONValue {
    var stored = year ?? today.year
    while CalendarDate(year: stored, month: month, day: day) == nil { stored -= 1 }
    let date = CalendarDate(year: stored, month: month, day: day)?.description ?? ""
    return .object(
      JSONObject([
        "is_age_based": .bool(isAgeBased), "is_year_unknown": .bool(year == nil), "date": .string(date + "T00:00:00Z"),
      ]))
  }
}

/// An ADR: street (with PO box and extended address), city, province, postal code, country.
package struct VCardAddress {
  package var name: String?
  package var street = ""
  package var city = ""
  package var province = ""
  package var postalCode = ""
  package var country = ""

  init(_ property: VCardProperty, label: String?) {
    let parts = property.components.map(\.trimmingWhiteSpace)
    func part(_ index: Int) -> String { parts.indices.contains(index) ? parts[index] : "" }
    street = [part(0), part(1), part(2)].filter { !$0.isEmpty }.joined(separator: "\n")
    (city, province, postalCode, country) = (part(3), part(4), part(5), part(6))
    let type = property.types.first { ["home", "work"].contains($0) }
    name = label ?? type.map { $0 == "home" ? "Home" : "Work" }
  }

  var isEmpty: Bool { [street, city, province, postalCode, country].allSatisfy(\.isEmpty) }

  /// A key for "the same address": its parts lower-cased.
  var key: String { [street, city, province, postalCode, country].map { $0.lowercased() }.joined(separator: "|") }
}

extension CardContent {
  /// Nothing yet: a CSV row's content, filled by `CSVRowBuilder`.
  init() {}
}

extension VCardDate {
  /// A day of the calendar from its parts (a CSV cell's), the year `nil` when unknown; `nil`
  /// when there is no such day (29 February counts for a year-unknown date).
  init?(year: Int?, month: Int, day: Int) {
    guard CalendarDate(year: year ?? 2000, month: month, day: day) != nil else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
  }
}

extension VCardAddress {
  /// An address from its parts (a CSV row's), named by its label.
  init(name: String?, street: String, city: String, province: String, postalCode: String, country: String) {
    self.name = name
    (self.street, self.city, self.province, self.postalCode, self.country) = (
      street, city, province, postalCode, country
    )
  }
}
