import Foundation

/// Who a card is among the existing contacts.
package enum CardIdentity: Equatable {
  /// This contact.
  case contact(Int)
  /// Nobody: a new contact.
  case nobody
  /// Several contacts have the card's name and nothing tells them apart: these.
  case ambiguous([Int])
}

/// The contacts already on the target (`--dedupe-against FILE`, a `monica-fetch contacts`
/// stream): who a card is, and what that contact has already, so that a second import adds
/// nothing twice. A card is a contact by its identity first (the contact's uuid as the card's
/// `UID`, as `monica-format vcard` writes it), then by a shared e-mail address or phone number,
/// and by its name only when one contact alone has that name and the card does not contradict it.
package final class ExistingContacts {
  private var byUUID: [String: Int] = [:]
  private var byEmail: [String: Int] = [:]
  private var byPhone: [String: Int] = [:]
  private var byName: [String: [Int]] = [:]
  /// Each contact's e-mail addresses (lower-cased) and birthday, to tell whether a card of the
  /// same name contradicts it.
  private var emails: [Int: Set<String>] = [:]
  private var birthdays: [Int: VCardDate] = [:]
  /// Contact field contents (lower-cased) per contact, when the stream has `contactFields`.
  private var fields: [Int: Set<String>] = [:]
  /// Address keys per contact.
  private var addresses: [Int: Set<String>] = [:]
  /// Bodies of the latest notes per contact (`--with-fields` gives the latest 3).
  private var notes: [Int: Set<String>] = [:]
  /// The contact's own fields that have no value, by contact: `nickname`, `description`,
  /// `birthdate`, `deceased_date`.
  private var lacking: [Int: Set<String>] = [:]
  /// How many contacts were read.
  package private(set) var count = 0

  /// Reads the contacts of `source`; other records are passed over.
  package init(reading source: InputSource) throws(MonicaError) {
    try RecordStream(sources: [source]).forEach { (record) throws(MonicaError) in
      guard record.isKind("contact"), let contact = record.root.jsonValue, let id = contact["id"]?.intValue else {
        return
      }
      count += 1
      let name = Self.normalised(
        [contact["first_name"]?.stringValue, contact["last_name"]?.stringValue].compactMap { $0 }.joined(separator: " ")
      )
      if !name.isEmpty { byName[name, default: []].append(id) }
      if let uuid = contact["uuid"]?.stringValue?.lowercased(), !uuid.isEmpty, byUUID[uuid] == nil { byUUID[uuid] = id }
      if let birthday = VCardDate(special: contact["information"]?["dates"]?["birthdate"]) { birthdays[id] = birthday }
      var empty: Set<String> = []
      for key in ["nickname", "description"] where (contact[key]?.stringValue ?? "").isEmpty { empty.insert(key) }
      for key in ["birthdate", "deceased_date"]
      where contact["information"]?["dates"]?[key]?["date"]?.stringValue == nil {
        empty.insert(key)
      }
      // A partial record (a search's, a short contact) says nothing of what it lacks.
      if contact["information"]?["dates"] != nil { lacking[id] = empty }
      for field in contact["contactFields"]?.arrayValue ?? [] {
        guard let content = field["content"]?.stringValue?.trimmingWhiteSpace.lowercased() else { continue }
        fields[id, default: []].insert(content)
        switch field["contact_field_type"]?["type"]?.stringValue {
        case "email":
          emails[id, default: []].insert(content)
          if byEmail[content] == nil { byEmail[content] = id }
        case "phone":
          if let phone = Self.phoneKey(content), byPhone[phone] == nil { byPhone[phone] = id }
        default: break
        }
      }
      for address in contact["addresses"]?.arrayValue ?? [] {
        let parts = ["street", "city", "province", "postal_code"].map { address[$0]?.stringValue ?? "" }
        let country = address["country"]?["name"]?.stringValue ?? ""
        addresses[id, default: []].insert((parts + [country]).map { $0.lowercased() }.joined(separator: "|"))
      }
      for note in contact["notes"]?.arrayValue ?? [] {
        if let body = note["body"]?.stringValue { notes[id, default: []].insert(body) }
      }
    }
  }

  /// Who the card is: the contact whose uuid is the card's `UID`; else the first of its e-mail
  /// addresses or phone numbers that a contact has; else the one contact of its normalised name,
  /// unless the card's birthday or e-mail addresses contradict it. A name that several contacts
  /// have (and nothing else tells apart) is ambiguous.
  package func identify(_ card: CardContent) -> CardIdentity {
    if let uid = card.uid.map(Self.uuidKey), let id = byUUID[uid] { return .contact(id) }
    for email in card.emails { if let id = byEmail[email] { return .contact(id) } }
    for phone in card.phones.compactMap(Self.phoneKey) { if let id = byPhone[phone] { return .contact(id) } }
    let named = (byName[Self.normalised(card.firstName + " " + card.lastName)] ?? []).filter {
      !contradicts(card, $0)
    }
    switch named.count {
    case 0: return .nobody
    case 1: return .contact(named[0])
    default: return .ambiguous(named)
    }
  }

  /// Whether the card says something the contact cannot be: another birthday, or e-mail
  /// addresses when the contact has others.
  private func contradicts(_ card: CardContent, _ id: Int) -> Bool {
    if let known = birthdays[id], let given = card.birthdate, !known.agrees(with: given) { return true }
    if let known = emails[id], !known.isEmpty, !card.emails.isEmpty, known.isDisjoint(with: card.emails) {
      return true
    }
    return false
  }

  /// A `UID` as a uuid: `urn:uuid:` cut off, lower-cased.
  static func uuidKey(_ uid: String) -> String {
    let text = uid.trimmingWhiteSpace.lowercased()
    return text.hasPrefix("urn:uuid:") ? String(text.dropFirst(9)) : text
  }

  /// A phone number for comparing: its digits (a leading + kept), `nil` under six digits.
  static func phoneKey(_ number: String) -> String? {
    let digits = number.filter { $0.isASCII && $0.isNumber }
    guard digits.count >= 6 else { return nil }
    return (number.trimmingWhiteSpace.hasPrefix("+") ? "+" : "") + digits
  }

  /// Whether the contact has a contact field with this content already.
  package func has(field content: String, on id: Int) -> Bool {
    fields[id]?.contains(content.trimmingWhiteSpace.lowercased()) ?? false
  }

  /// Whether the contact has this address already.
  /// An existing address without a country is the card's too when the rest is the same: an
  /// address whose country the card names without its ISO code is created without one
  /// (CreateAddress takes the code only, CreateAddress.php:29).
  package func has(address: VCardAddress, on id: Int) -> Bool {
    guard let known = addresses[id] else { return false }
    var countryless = address
    countryless.country = ""
    return known.contains(address.key) || known.contains(countryless.key)
  }

  /// Whether the contact's own field (`nickname`, `description`, `birthdate`, `deceased_date`)
  /// has no value.
  package func lacks(_ field: String, on id: Int) -> Bool { lacking[id]?.contains(field) ?? false }

  /// Whether one of the contact's latest notes has this body.
  package func has(note body: String, on id: Int) -> Bool { notes[id]?.contains(body) ?? false }

  /// A name for matching: case and accents folded, runs of white space as one space.
  static func normalised(_ name: String) -> String {
    name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
