import Foundation
import MonicaAPI
import MonicaKit
import Synchronization

/// A contact as a look-up shows it: enough to tell namesakes apart, never a guess.
package struct ContactCandidate: Sendable, Equatable {
  /// Monica's id and uuid.
  package let id: Int
  package let uuid: String?
  /// First, middle and last name.
  package let name: String
  /// How the query's name relates to this contact's (`same`, `variant`, `partial`...).
  package let match: String
  /// What tells this contact from others of the name: nickname, birthday, e-mail, job, deceased.
  package let distinguishing: String

  /// The candidate as data.
  package var record: JSONValue {
    .object(
      JSONObject([
        "id": .int(id), "uuid": .string(uuid), "name": .string(name), "match": .string(match),
        "distinguishing": .string(distinguishing),
      ]))
  }

  /// One line: `Ana Lima (id 12): born 1985-11-27, ana@example.com`.
  package var line: String {
    TerminalText.safe("\(name) (id \(id))" + (distinguishing.isEmpty ? "" : ": \(distinguishing)"))
  }
}

/// The account's contacts, read in one paged walk (`with=contactfields`, for e-mail addresses and
/// phone numbers) and held for a minute, so that a conversation's look-ups cost one walk; a write
/// forgets them. Names are compared by the identity judgement's name forms (`NameForms`: case,
/// accents, spellings, transliterations and name variants such as Bob and Robert).
package final class ContactDirectory: Sendable {
  private let client: MonicaClient
  private let cache: ResponseCache?
  private let clock: @Sendable () -> Date
  private let held = Mutex<(records: [JSONValue], at: Date)?>(nil)
  /// How long a walk is reused.
  package static let lifetime: TimeInterval = 60

  package init(client: MonicaClient, cache: ResponseCache?, clock: @escaping @Sendable () -> Date) {
    self.client = client
    self.cache = cache
    self.clock = clock
  }

  /// Forgets the contacts read: after a write, the next look-up reads them again.
  package func forget() { held.withLock { $0 = nil } }

  /// Every contact of the account (archived ones aside: the plain list, ApiContactController.php:67-70).
  package func contacts() async throws(MonicaError) -> [JSONValue] {
    let now = clock()
    if let (records, at) = held.withLock({ $0 }), now.timeIntervalSince(at) < Self.lifetime, now >= at {
      return records
    }
    var records: [JSONValue] = []
    var walker = PageWalker(
      client: client, path: RecordKind.contact.path, query: [RecordKind.withContactFields],
      what: RecordKind.contact.name)
    walker.cache = cache
    _ = try await walker.walk(pageSize: 100, lowered: { _, _ in }) { page in
      page.envelope.forEachRecord { bytes in
        if let record = try? JSONValue(parsing: bytes), record["object"]?.stringValue == RecordKind.contact.object,
          record["id"]?.intValue != nil
        {
          records.append(record)
        }
        return true
      }
      return true
    }
    // A record met twice (the listing moved during the walk) is one contact.
    var seen = Set<Int>()
    records = records.filter { seen.insert($0["id"]?.intValue ?? 0).inserted }
    held.withLock { $0 = (records, now) }
    return records
  }

  /// The contacts `query` may mean, the closest first: by e-mail address when it has an `@`, by
  /// phone number when it is digits, else by name (first, middle and last name, or nickname).
  package func find(_ query: String) async throws(MonicaError) -> [ContactCandidate] {
    Self.candidates(query, among: try await contacts())
  }

  /// `find` over records already read (pure: tests give it records).
  package static func candidates(_ query: String, among records: [JSONValue]) -> [ContactCandidate] {
    var found: [(relation: Int, candidate: ContactCandidate)] = []
    let email = query.contains("@") ? MatchKeys.email(query) : nil
    let letters = query.unicodeScalars.contains { $0.properties.isAlphabetic }
    let phone = !letters ? MatchKeys.phoneDigits(query) : nil
    let asked = NameWords(query)
    for record in records {
      let person = Person(contact: record)
      let relation: NameForms.Relation
      if email != nil || query.contains("@") {
        guard let email, person.emails.contains(where: { MatchKeys.email($0) == email }) else { continue }
        relation = .same
      } else if let phone {
        guard
          person.phones.contains(where: { MatchKeys.phoneDigits($0).map { MatchKeys.samePhone($0, phone) } ?? false })
        else { continue }
        relation = .same
      } else {
        let forms = [person.name, [person.firstName, person.lastName].joined(separator: " "), person.nickname]
        relation =
          forms.filter { !$0.isEmpty }.map { NameForms.relation(asked, NameWords($0), variants: true) }.max()
          ?? .unknown
        guard relation.agrees else { continue }
      }
      guard let id = record["id"]?.intValue else { continue }
      let candidate = ContactCandidate(
        id: id, uuid: person.uuid, name: person.name.isEmpty ? "(no name)" : person.name,
        match: "\(relation)", distinguishing: distinguishing(record, person))
      found.append((relation.rawValue, candidate))
    }
    return found.sorted { ($0.relation, -$0.candidate.id) > ($1.relation, -$1.candidate.id) }.map(\.candidate)
  }

  /// What tells a contact from its namesakes, most telling first.
  static func distinguishing(_ record: JSONValue, _ person: Person) -> String {
    var parts: [String] = []
    if !person.nickname.isEmpty { parts.append("nickname \(person.nickname)") }
    if let birthday = person.birthday { parts.append("born \(birthday.text)") }
    if person.isDeceased == true { parts.append("deceased") }
    if let email = person.emails.first { parts.append(email) }
    if let phone = person.phones.first { parts.append(phone) }
    let career = record["information"]?["career"]
    let job = [career?["job"]?.stringValue, career?["company"]?.stringValue].compactMap { $0 }.filter { !$0.isEmpty }
    if !job.isEmpty { parts.append(job.joined(separator: " at ")) }
    if let description = record["description"]?.stringValue, !description.isEmpty {
      parts.append(String(description.prefix(80)))
    }
    if person.isPartial { parts.append("known only through a relationship") }
    if parts.isEmpty, let created = record["created_at"]?.stringValue { parts.append("added \(created.prefix(10))") }
    return parts.joined(separator: ", ")
  }
}
