/// What one column of a CSV header means, as `CSVRowBuilder` carries its cells.
enum CSVColumn: Equatable, Sendable {
  case firstName, middleName, lastName
  /// A whole name (Google's older `Name`): the first and last name of a row that has neither.
  case fullName
  /// `File As`: read only to name a row that has no other name.
  case fileAs
  /// Into the note, as vCard's N prefix and suffix are.
  case namePrefix, nameSuffix
  case nickname
  case company, jobTitle
  /// Into the note (`Department: ...`), as vCard's ORG units are.
  case department
  case birthday
  /// The description when it fits Monica's 255 characters on one paragraph, else the note.
  case notes
  /// Read for identity, and into the note; `unless` are the values that say nothing
  /// (Outlook's `Unspecified`).
  case gender(unless: Set<String> = [])
  /// A link to a picture: into the note, not downloaded.
  case photo
  /// Tags, several in a cell split by `separator`; system groups left out (`CSVRowBuilder`).
  case tags(separator: String)
  case email(label: String?)
  case phone(label: String?)
  case website(label: String?)
  /// A LinkedIn profile link: a LinkedIn contact field.
  case linkedIn
  /// A part of a fixed address group: Outlook's Home, Business, Other (`group` the address's
  /// name), or the one address of `--columns` (`""`).
  case address(group: String, part: CSVAddressPart)
  /// A part of a numbered group, Google's `E-mail 1 - Value`, `Address 2 - City`.
  case numbered(CSVGroupKind, number: Int, part: CSVGroupPart)
  /// Into the note as `title: value`, unless the value is one of `unless` (a default that says
  /// nothing, such as Outlook's `Normal` sensitivity).
  case note(String, unless: Set<String> = [])
  /// Read and not carried: a column that describes the file or another column (Outlook's e-mail
  /// type and display name), documented in `monica-import --help`.
  case bookkeeping
}

/// A part of an address.
enum CSVAddressPart: Equatable, Sendable {
  /// The whole address as one text: used only when no part is given.
  case formatted
  /// Street lines, in this order.
  case street, street2, street3, extended, poBox
  case city, region, postalCode, country
}

/// The kinds of Google's numbered groups (`<Kind> <N> - <Part>`).
enum CSVGroupKind: Hashable, Sendable {
  case email, phone, address, website, event, relation, customField, im, organization
  /// A kind this version does not know: its cells go to the note under the header's name.
  case other(String)

  /// The kind a header's words name: `E-mail`, `Email`, `Phone`, `Address`...
  init(_ words: String) {
    switch words.lowercased() {
    case "e-mail", "email": self = .email
    case "phone": self = .phone
    case "address": self = .address
    case "website": self = .website
    case "event": self = .event
    case "relation": self = .relation
    case "custom field": self = .customField
    case "im": self = .im
    case "organization": self = .organization
    default: self = .other(words)
    }
  }
}

/// A part of a numbered group.
enum CSVGroupPart: Equatable, Sendable {
  /// `Label` (the current export) or `Type` (the older one): `* Home`, `Mobile`, `Spouse`.
  case label
  case value
  /// An IM's service (`Skype`).
  case service
  case address(CSVAddressPart)
  /// An organization's name, title and department: company, job, the note.
  case organizationName, organizationTitle, organizationDepartment
  /// A part this version does not carry on its own (an organization's symbol or location):
  /// into the note under the header's name.
  case other(String)

  /// The part a header's last words name, for a group of `kind`.
  init(_ words: String, of kind: CSVGroupKind) {
    let key = words.lowercased()
    switch (kind, key) {
    case (_, "label"), (_, "type"): self = .label
    case (.organization, "name"): self = .organizationName
    case (.organization, "title"): self = .organizationTitle
    case (.organization, "department"): self = .organizationDepartment
    case (.organization, _): self = .other(words)
    case (_, "value"): self = .value
    case (.im, "service"): self = .service
    case (.address, "formatted"): self = .address(.formatted)
    case (.address, "street"): self = .address(.street)
    case (.address, "extended address"): self = .address(.extended)
    case (.address, "po box"): self = .address(.poBox)
    case (.address, "city"): self = .address(.city)
    case (.address, "region"): self = .address(.region)
    case (.address, "postal code"): self = .address(.postalCode)
    case (.address, "country"): self = .address(.country)
    default: self = .other(words)
    }
  }
}
