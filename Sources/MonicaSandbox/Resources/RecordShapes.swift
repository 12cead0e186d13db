import Foundation
import MonicaKit
import Synchronization

/// A date Monica keeps in its `special_dates` table.
package struct SpecialDate: Sendable, Equatable {
  /// Whether the date was computed from an age.
  package var isAgeBased = false
  /// Whether the year is unknown: Monica then stores the current year of when it was saved.
  package var isYearUnknown = false
  /// The date, midnight UTC.
  package var date: Int

  /// The `{is_age_based, is_year_unknown, date}` object; all null when there is no date.
  package static func json(_ value: SpecialDate?) -> JSONValue {
    .object(
      JSONObject([
        "is_age_based": value.map { .bool($0.isAgeBased) } ?? .null,
        "is_year_unknown": value.map { .bool($0.isYearUnknown) } ?? .null,
        "date": value.map { .string(UTCTime.timestamp($0.date)) } ?? .null,
      ]))
  }
}

/// Everything needed to render a contact the way Monica's ContactResource does.
package struct ContactFacts: Sendable {
  package var id: Int
  package var uuid: String
  package var hashID: String
  package var firstName: String
  package var lastName: String?
  package var nickname: String?
  package var description: String?
  package var gender: (name: String, type: String)?
  package var isStarred = false
  package var isPartial = false
  package var isActive = true
  package var isDead = false
  package var isMe = false
  package var lastCalled: Int?
  package var lastActivity: Int?
  package var stayInTouchFrequency: Int?
  package var stayInTouchTrigger: Int?
  package var birthdate: SpecialDate?
  package var deceasedDate: SpecialDate?
  package var job: String?
  package var company: String?
  package var avatarURL: JSONValue = .string("")
  package var avatarSource = "default"
  package var avatarColor = "#b3d5fe"
  package var foodPreferences: String?
  package var howYouMet: String?
  package var firstMetDate: SpecialDate?
  package var firstMetThrough: JSONValue = .null
  package var relationships: [String: [JSONValue]] = [:]
  package var tags: [JSONValue] = []
  package var statistics: [String: Int] = [:]
  package var baseURL: String
  package var accountID = 1
  package var createdAt: Int
  package var updatedAt: Int
}

/// Builds and reshapes records with Monica's exact keys and key order.
package enum RecordShapes {
  /// The relationship type groups, in the order ContactResource renders them.
  package static let relationshipGroups = ["love", "family", "friend", "work"]
  /// The statistics keys of a full contact, in order.
  package static let statisticsKeys = [
    "number_of_calls", "number_of_notes", "number_of_activities", "number_of_reminders",
    "number_of_tasks", "number_of_gifts", "number_of_debts",
  ]

  /// `complete_name` for the default `firstname_lastname` name order.
  package static func completeName(first: String, last: String?, dead: Bool) -> String {
    var name = first
    if let last { name += " " + last }
    if dead { name += " ⚰" }
    return name.trimmingCharacters(in: .whitespaces)
  }

  /// The initials Monica derives from the ASCII form of the name: one per word that starts with an
  /// ASCII letter or digit once transliterated.
  package static func initials(_ name: String) -> String {
    // Str::ascii first (Contact.php:744), then one initial per word (line 745): "Łukasz Żak" is
    // "LZ". Only each word's first letters matter, so only they are transliterated, once each:
    // ICU's Latin-ASCII, which agrees with voku/portable-ascii on the letters of names, is slow
    // to set up.
    var result = ""
    for word in name.split(whereSeparator: \.isWhitespace) {
      for character in word {
        let ascii = character.isASCII ? String(character) : transliterated(character)
        if ascii.isEmpty { continue }
        if let scalar = ascii.unicodeScalars.first, scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
          result.unicodeScalars.append(scalar)
        }
        break
      }
    }
    return result
  }

  private static let asciiForms = Mutex<[Character: String]>([:])

  private static func transliterated(_ character: Character) -> String {
    if let known = asciiForms.withLock({ $0[character] }) { return known }
    let ascii =
      String(character).applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? ""
    asciiForms.withLock { $0[character] = ascii }
    return ascii
  }

  /// The full contact (ContactBase::toArrayInternal without contact fields).
  package static func fullContact(_ c: ContactFacts) -> JSONObject {
    let name = completeName(first: c.firstName, last: c.lastName, dead: c.isDead)
    var members: [JSONObject.Member] = [
      .init("id", .int(c.id)), .init("uuid", .string(c.uuid)), .init("object", .string("contact")),
      .init("hash_id", .string(c.hashID)), .init("first_name", .string(c.firstName)),
      .init("last_name", .string(c.lastName)), .init("nickname", .string(c.nickname)),
      .init("complete_name", .string(name)), .init("initials", .string(initials(name))),
      .init("description", .string(c.description)), .init("gender", .string(c.gender?.name)),
      .init("gender_type", .string(c.gender?.type)), .init("is_starred", .bool(c.isStarred)),
      .init("is_partial", .bool(c.isPartial)), .init("is_active", .bool(c.isActive)),
      .init("is_dead", .bool(c.isDead)), .init("is_me", .bool(c.isMe)),
    ]
    let dates = JSONValue.object(
      JSONObject(["birthdate": SpecialDate.json(c.birthdate), "deceased_date": SpecialDate.json(c.deceasedDate)]))
    if c.isPartial {
      members.append(.init("information", .object(JSONObject(["dates": dates]))))
    } else {
      members += [
        .init("last_called", .string(c.lastCalled.map(UTCTime.microseconds))),
        .init("last_activity_together", .string(c.lastActivity.map(UTCTime.microseconds))),
        .init("stay_in_touch_frequency", c.stayInTouchFrequency.map(JSONValue.int) ?? .null),
        .init("stay_in_touch_trigger_date", .string(c.stayInTouchTrigger.map(UTCTime.timestamp))),
      ]
      let relationships = JSONObject(
        relationshipGroups.map { group in
          let contacts = c.relationships[group] ?? []
          return .init(group, .object(JSONObject(["total": .int(contacts.count), "contacts": .array(contacts)])))
        })
      let information = JSONObject([
        "relationships": .object(relationships),
        "dates": dates,
        "career": .object(JSONObject(["job": .string(c.job), "company": .string(c.company)])),
        "avatar": avatar(c),
        "food_preferences": .string(c.foodPreferences),
        "how_you_met": .object(
          JSONObject([
            "general_information": .string(c.howYouMet),
            "first_met_date": SpecialDate.json(c.firstMetDate),
            "first_met_through_contact": c.firstMetThrough,
          ])),
      ])
      members += [
        .init("information", .object(information)),
        .init("addresses", .array([])),
        .init("tags", .array(c.tags)),
        .init(
          "statistics",
          .object(JSONObject(statisticsKeys.map { .init($0, .int(c.statistics[$0] ?? 0)) }))),
        .init("url", .string("\(c.baseURL)/api/contacts/\(c.id)")),
      ]
    }
    members += [
      .init("account", accountJSON(c.accountID)),
      .init("created_at", .string(UTCTime.timestamp(c.createdAt))),
      .init("updated_at", .string(UTCTime.timestamp(c.updatedAt))),
    ]
    return JSONObject(members)
  }

  /// `{"url","source","default_avatar_color"}` of a contact.
  package static func avatar(_ c: ContactFacts) -> JSONValue {
    .object(
      JSONObject([
        "url": c.avatarURL, "source": .string(c.avatarSource),
        "default_avatar_color": .string(c.avatarColor),
      ]))
  }

  /// `{"id": N}`.
  package static func accountJSON(_ id: Int) -> JSONValue { .object(JSONObject(["id": .int(id)])) }

  /// The short contact (ContactShortResource) derived from a full contact record; `avatar`
  /// stands in for a partial contact, whose full form has no avatar.
  package static func shortContact(fromFull full: JSONObject, avatar fallback: JSONValue? = nil) -> JSONValue {
    var members: [JSONObject.Member] = []
    let copied = [
      "id", "uuid", "object", "hash_id", "first_name", "last_name", "nickname", "complete_name",
      "initials", "gender", "gender_type", "is_starred", "is_partial", "is_active", "is_dead", "is_me",
    ]
    for key in copied { members.append(.init(key, full[key] ?? .null)) }
    let information = full["information"]?.objectValue
    let dates = information?["dates"]?.objectValue
    let nullDate = SpecialDate.json(nil)
    let defaultAvatar = JSONValue.object(
      JSONObject(["url": .string(""), "source": .string("default"), "default_avatar_color": .string("#b3d5fe")]))
    members.append(
      .init(
        "information",
        .object(
          JSONObject([
            "birthdate": dates?["birthdate"] ?? nullDate,
            "deceased_date": dates?["deceased_date"] ?? nullDate,
            "avatar": information?["avatar"] ?? fallback ?? defaultAvatar,
          ]))))
    if let url = full["url"] { members.append(.init("url", url)) }
    members.append(.init("account", full["account"] ?? accountJSON(1)))
    return .object(JSONObject(members))
  }

  /// A contact as a free-text search returns it: Monica selects only some columns there, so the
  /// others come back false or null (`is_dead`, `is_active`, dates, career, last_called...).
  package static func searchForm(of full: JSONObject) -> JSONObject {
    guard full["is_partial"]?.boolValue != true else { return full }
    var result = full
    if let name = result["complete_name"]?.stringValue, name.hasSuffix(" ⚰") {
      result["complete_name"] = .string(String(name.dropLast(2)))
    }
    result["is_active"] = .bool(false)
    result["is_dead"] = .bool(false)
    for key in ["last_called", "stay_in_touch_frequency", "stay_in_touch_trigger_date"] where result[key] != nil {
      result[key] = .null
    }
    if var information = result["information"]?.objectValue {
      let nullDate = SpecialDate.json(nil)
      information["dates"] = .object(JSONObject(["birthdate": nullDate, "deceased_date": nullDate]))
      if information["career"] != nil {
        information["career"] = .object(JSONObject(["job": .null, "company": .null]))
      }
      if information["food_preferences"] != nil { information["food_preferences"] = .null }
      if information["how_you_met"] != nil {
        information["how_you_met"] = .object(
          JSONObject([
            "general_information": .null, "first_met_date": nullDate, "first_met_through_contact": .null,
          ]))
      }
      result["information"] = .object(information)
    }
    return result
  }

  /// A contact with `?with=contactfields`: `contactFields` and `notes` go right before `url`.
  package static func withContactFields(_ full: JSONObject, fields: [JSONValue], notes: [JSONValue]) -> JSONObject {
    guard full["is_partial"]?.boolValue != true, full["contactFields"] == nil else { return full }
    var members: [JSONObject.Member] = []
    for member in full.members {
      if member.key == "url" {
        members.append(.init("contactFields", .array(fields)))
        members.append(.init("notes", .array(notes)))
      }
      members.append(member)
    }
    return JSONObject(members)
  }

  /// Laravel's `Str::slug` for the common cases: lower-case ASCII words joined by dashes.
  package static func slug(_ text: String) -> String {
    let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    var result = ""
    var pendingDash = false
    for scalar in folded.unicodeScalars {
      if CharacterSet.alphanumerics.contains(scalar) {
        if pendingDash && !result.isEmpty { result += "-" }
        pendingDash = false
        result.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return result
  }
}
