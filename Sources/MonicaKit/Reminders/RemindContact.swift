/// A contact as monica-remind reads it, from a contact record (`/api/contacts`) or the short
/// contact a reminder embeds: who it is, where its page is, and its birthday and date of death.
package struct RemindContact: Sendable, Equatable {
  /// The contact's id.
  package let id: Int
  /// The contact's uuid: what the state file keys its birthdays and remembrance days by (ids
  /// change when an account is restored elsewhere, uuids do not).
  package let uuid: String
  /// The name as people read it: `complete_name` without Monica's " ⚰" for the deceased.
  package let name: String
  /// `hash_id`, the key of the contact's page (`/people/{hash_id}`), when it has a safe one.
  package let hashID: String?
  /// `is_dead`.
  package let isDead: Bool
  /// The birthday; `nil` when unknown or guessed from an age.
  package let birthdate: KnownDay?
  /// The day of death; `nil` when unknown or guessed from an age.
  package let deceasedDate: KnownDay?

  package init(
    id: Int, uuid: String, name: String, hashID: String? = nil, isDead: Bool = false, birthdate: KnownDay? = nil,
    deceasedDate: KnownDay? = nil
  ) {
    self.id = id
    self.uuid = uuid
    self.name = name
    self.hashID = hashID
    self.isDead = isDead
    self.birthdate = birthdate
    self.deceasedDate = deceasedDate
  }

  /// The contact of a record; `nil` when it has no positive id or no uuid a state file can key
  /// by. A full contact keeps its dates in `information.dates`, a short one in `information`
  /// (app/Http/Resources/Contact/Contact.php, ContactShort.php).
  package init?(_ record: JSONValue) {
    guard let id = record["id"]?.intValue, id > 0, let uuid = record["uuid"]?.stringValue, Self.isUUID(uuid) else {
      return nil
    }
    let information = record["information"]
    let dates = information?["dates"] ?? information
    var name = record["complete_name"]?.stringValue ?? ""
    if name.hasSuffix(" ⚰") { name.removeLast(2) }
    if name.isEmpty {
      name = ["first_name", "last_name"].compactMap { record[$0]?.stringValue }.filter { !$0.isEmpty }
        .joined(separator: " ")
    }
    self.init(
      id: id, uuid: uuid, name: name.isEmpty ? "Contact #\(id)" : name,
      hashID: record["hash_id"]?.stringValue.flatMap { Self.isHashID($0) ? $0 : nil },
      isDead: record["is_dead"]?.boolValue == true, birthdate: KnownDay(dates?["birthdate"]),
      deceasedDate: KnownDay(dates?["deceased_date"]))
  }

  /// The contact's page on the instance at `instance` (`https://host[/prefix]`): Monica's
  /// `people.show` route (routes/web.php:72) keyed by the hashed id (app/Traits/Hasher.php:16-19,
  /// Contact.php:1439-1447).
  package func link(on instance: String?) -> String? {
    guard let instance, let hashID else { return nil }
    return instance + "/people/" + hashID
  }

  /// Whether `text` is a uuid (8-4-4-4-12 hexadecimal digits): the only keys a state file takes.
  package static func isUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte) else {
          return false
        }
      }
    }
    return true
  }

  /// Whether `text` can go into a link as it is: Monica's `h:` and letters and digits.
  private static func isHashID(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 64
      && text.utf8.allSatisfy {
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
          || $0 == UInt8(ascii: ":")
      }
  }
}

/// A special date Monica knows the day of (a birthday, a day of death): the day, and whether its
/// year is real. Monica stores a year-less date with the year it was saved in and says so with
/// `is_year_unknown`; one guessed from an age (`is_age_based`) has no day at all and is no
/// `KnownDay` (as in `monica-format ics`).
package struct KnownDay: Sendable, Equatable {
  /// The day (its year meaningless when `yearKnown` is false).
  package let date: CalendarDate
  /// Whether the year is known: only then is there an age to tell.
  package let yearKnown: Bool

  package init(date: CalendarDate, yearKnown: Bool) {
    self.date = date
    self.yearKnown = yearKnown
  }

  /// The day of a `{is_age_based, is_year_unknown, date}` object; `nil` without a day.
  package init?(_ value: JSONValue?) {
    guard let value, value["is_age_based"]?.boolValue != true, let text = value["date"]?.stringValue,
      let date = CalendarDate(parsing: text)
    else { return nil }
    self.init(date: date, yearKnown: value["is_year_unknown"]?.boolValue != true)
  }

  /// Its anniversaries in `range`, with the years since (`nil` when the year is unknown); the
  /// day itself is none. 29 February falls on 28 February in common years.
  package func anniversaries(in range: ClosedRange<CalendarDate>) -> [(date: CalendarDate, years: Int?)] {
    var found: [(CalendarDate, Int?)] = []
    for year in range.lowerBound.year...range.upperBound.year {
      let day = date.adding(years: year - date.year)
      guard range.contains(day), !yearKnown || year > date.year else { continue }
      found.append((day, yearKnown ? year - date.year : nil))
    }
    return found
  }
}
