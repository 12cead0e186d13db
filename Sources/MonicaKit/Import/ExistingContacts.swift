import Foundation

/// The contacts already on the target (`--dedupe-against FILE`, a `monica-fetch contacts`
/// stream): who a card is, and what that contact has already, so that a second import adds
/// nothing twice. Who a card is, is the identity judgement's (`IdentityIndex.identify`): the
/// contact whose uuid is the card's `UID` (as `monica-format vcard` writes it), else the one
/// almost certainly the card's person (a shared e-mail address or phone number with the same
/// name, nothing against), else the one contact likely to be it with nothing against (its name,
/// no other contact's); several such are ambiguous.
package final class ExistingContacts {
  private var index = IdentityIndex<Int>()
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
      guard record.isKind(RecordKind.contact.object), let contact = record.root.jsonValue,
        let id = contact["id"]?.intValue
      else { return }
      count += 1
      index.add(Person(contact: contact), as: id)
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
      }
      for address in contact["addresses"]?.arrayValue ?? [] {
        let parts = ["street", "city", "province", "postal_code"].map { address[$0]?.stringValue ?? "" }
        // By the country's name (a card's) and its code (a CSV row's, which Monica stores).
        for country in [address["country"]?["name"]?.stringValue ?? "", address["country"]?["iso"]?.stringValue ?? ""] {
          addresses[id, default: []].insert((parts + [country]).map { $0.lowercased() }.joined(separator: "|"))
        }
      }
      for note in contact["notes"]?.arrayValue ?? [] {
        if let body = note["body"]?.stringValue { notes[id, default: []].insert(body) }
      }
    }
  }

  /// Who the card's person is among the contacts (`IdentityIndex.identify`).
  package func identify(_ card: CardContent) -> Identification<Int> { identify(Person(card: card)) }

  /// Who a person is among the contacts: a CSV row's, a synced card's (`IdentityIndex.identify`).
  package func identify(_ person: Person) -> Identification<Int> { index.identify(person) }

  /// Who a person already in the judgement's compared form is (an import's row, worked out once).
  func identify(_ person: ComparedPerson, blocks: BlockKeys) -> Identification<Int> {
    index.identify(person, blocks: blocks)
  }

  /// The name of contact `id` as read, for messages.
  package func name(of id: Int) -> String { index.person(id)?.name ?? "" }

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
}
