import MonicaKit

/// The values `monica-sync` keeps in step between a card and a contact: names, nickname,
/// birthday (with or without its year, or from an age), date of death, description, job and
/// company, tags, e-mail addresses, phones, other contact fields (websites, social profiles) and
/// addresses. Both sides are read the same way, through monica-import's card reader: a file as it
/// is, a contact as `monica-format vcard` renders it (`SyncedCard(contact:)`), so that two sides
/// holding the same values compare equal whoever wrote them (khard, a phone, this tool).
///
/// Lists compare as sets: the order of a card's phones is not a change. A value is compared as
/// Monica stores it (trimmed); an address's name only when it is Home or Work, the only names a
/// card carries both ways (`ADR;TYPE=home`).
package struct SyncedCard: Equatable {
  package var firstName = ""
  package var lastName = ""
  package var nickname = ""
  package var description = ""
  package var birthday: VCardDate?
  package var deathday: VCardDate?
  package var job = ""
  package var company = ""
  /// Tag names, sorted.
  package var tags: [String] = []
  /// Contact fields, sorted.
  package var fields: [SyncedField] = []
  /// Addresses, sorted.
  package var addresses: [SyncedAddress] = []

  /// The groups of values a change is named by, in the status's order; `photo` is the card's
  /// PHOTO, kept for the rewriting of a file, never sent.
  package enum Group: String, CaseIterable, Sendable {
    case name, nickname, birthday, deathday, description, work, tags, emails, phones, links, addresses, photo
  }

  package init() {}

  /// The values of a card as monica-import reads it (`content`), with the first NOTE whole as
  /// the description.
  package init(card: VCard, content: CardContent) {
    firstName = content.firstName.trimmedAsStored
    lastName = content.lastName.trimmedAsStored
    nickname = content.nickname.trimmedAsStored
    description = (card.properties.first { $0.name == "NOTE" }?.text ?? "").trimmedAsStored
    birthday = content.birthdate
    deathday = content.deceasedDate
    job = content.job.trimmedAsStored
    company = content.company.trimmedAsStored
    tags = Array(Set(content.tags.map(\.trimmedAsStored).filter { !$0.isEmpty })).sorted()
    fields = content.fields.compactMap { SyncedField(kind: $0.kind, content: $0.content) }.sorted()
    addresses = content.addresses.map(SyncedAddress.init).sorted()
  }

  /// The e-mail addresses.
  var emails: [SyncedField] { fields.filter { $0.kind == .email } }
  /// The phone numbers.
  var phones: [SyncedField] { fields.filter { $0.kind == .phone } }
  /// The other contact fields.
  var links: [SyncedField] { fields.filter { $0.kind != .email && $0.kind != .phone } }

  /// A group's values as one text, for its hash.
  func text(of group: Group, photo: String?) -> String {
    func date(_ value: VCardDate?) -> String {
      guard let value else { return "" }
      return "\(value.year.map(String.init) ?? "-")-\(value.month)-\(value.day)\(value.isAgeBased ? "~" : "")"
    }
    switch group {
    case .name: return firstName + "\n" + lastName
    case .nickname: return nickname
    case .birthday: return date(birthday)
    case .deathday: return date(deathday)
    case .description: return description
    case .work: return job + "\n" + company
    case .tags: return tags.joined(separator: "\n")
    case .emails: return emails.map(\.key).joined(separator: "\n")
    case .phones: return phones.map(\.key).joined(separator: "\n")
    case .links: return links.map(\.key).joined(separator: "\n")
    case .addresses: return addresses.map(\.key).joined(separator: "\n")
    case .photo: return photo ?? ""
    }
  }

  /// The hashes of every group, 8 hex digits each, joined by `:` in `Group`'s order: what the
  /// status keeps to name what changed since the two sides were in step.
  func groupHashes(photo: String?) -> String {
    Group.allCases.map { String(SyncStatusFile.digest(Array(text(of: $0, photo: photo).utf8)).prefix(8)) }
      .joined(separator: ":")
  }

  /// The groups whose values differ from those `hashes` (a status's) were made of; every group
  /// but the photo when `hashes` is unknown or of another shape.
  func changedGroups(since hashes: String?, photo: String?) -> [Group] {
    let base = hashes?.split(separator: ":").map(String.init) ?? []
    guard base.count == Group.allCases.count else { return Group.allCases.filter { $0 != .photo } }
    let now = groupHashes(photo: photo).split(separator: ":").map(String.init)
    return Group.allCases.indices.filter { base[$0] != now[$0] }.map { Group.allCases[$0] }
  }

  /// The groups in which `other` differs from this.
  func differences(from other: SyncedCard) -> [Group] {
    Group.allCases.filter { $0 != .photo && text(of: $0, photo: nil) != other.text(of: $0, photo: nil) }
  }
}

/// A contact field as a card carries it.
package struct SyncedField: Hashable, Comparable, Sendable {
  /// What kind of field.
  package enum Kind: Hashable, Sendable {
    case email, phone
    /// Another type, by the name monica-import gives it (`Website`, `Twitter`, a card's own).
    case other(String)
  }

  package var kind: Kind
  package var content: String

  /// A card's field; `nil` for an empty one.
  init?(kind: ContactFieldKind, content: String) {
    let text = content.trimmedAsStored
    guard !text.isEmpty else { return nil }
    switch kind {
    case .email: self.kind = .email
    case .phone: self.kind = .phone
    default: self.kind = .other(kind.name)
    }
    self.content = text
  }

  /// `email:ana@example.com`, for sorting, hashing and messages.
  var key: String {
    switch kind {
    case .email: "email:" + content
    case .phone: "phone:" + content
    case .other(let name): name.lowercased() + ":" + content
    }
  }

  package static func < (a: SyncedField, b: SyncedField) -> Bool { a.key < b.key }
}

/// An address as a card carries it.
package struct SyncedAddress: Hashable, Comparable, Sendable {
  /// The name to give Monica (`Home`, `Work`, a label the card gave), `nil` for none.
  package var name: String?
  package var street: String
  package var city: String
  package var province: String
  package var postalCode: String
  package var country: String

  init(_ address: VCardAddress) {
    name = address.name
    street = address.street.trimmedAsStored
    city = address.city.trimmedAsStored
    province = address.province.trimmedAsStored
    postalCode = address.postalCode.trimmedAsStored
    country = address.country.trimmedAsStored
  }

  /// What is compared: the parts, and the name when it is one a card carries both ways.
  var key: String {
    let lower = name?.lowercased()
    let carried = lower == "home" || lower == "work" ? lower ?? "" : ""
    return [carried, street, city, province, postalCode, country].joined(separator: "|")
  }

  package static func == (a: SyncedAddress, b: SyncedAddress) -> Bool { a.key == b.key }
  package func hash(into hasher: inout Hasher) { hasher.combine(key) }
  package static func < (a: SyncedAddress, b: SyncedAddress) -> Bool { a.key < b.key }
}

extension String {
  /// The text as Monica stores it (`MonicaInput.trim`, Laravel's TrimStrings: also vertical
  /// tabs, form feeds, U+FEFF and U+200B, which a card's values may carry).
  var trimmedAsStored: String { MonicaInput.trim(self) }
}
