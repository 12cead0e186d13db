import Foundation
import MonicaKit

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
    value == nil ? none : make(value)
  }

  /// The all-null date, made once.
  private static let none = make(nil)

  private static func make(_ value: SpecialDate?) -> JSONValue {
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

/// A contact as the API renders it (app/Http/Resources/Contact/Contact.php, ContactBase.php), for
/// seeding and writing: the only place a contact record is assembled.
package enum ContactResource: Sendable {
  /// The full contact (app/Http/Resources/Contact/ContactBase.php:17-109 without contact fields;
  /// Contact.php adds nothing else): a partial contact keeps only its dates.
  package static func json(_ c: ContactFacts) -> JSONObject {
    var members = head(c)
    let dates = dates(c)
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
        RecordShapes.relationshipGroups.map { group in
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
          .object(JSONObject(RecordShapes.statisticsKeys.map { .init($0, .int(c.statistics[$0] ?? 0)) }))),
        .init("url", url(c)),
      ]
    }
    members += [
      .init("account", RecordShapes.accountJSON(c.accountID)),
      .init("created_at", .string(UTCTime.timestamp(c.createdAt))),
      .init("updated_at", .string(UTCTime.timestamp(c.updatedAt))),
    ]
    return JSONObject(members)
  }

  /// The part of the full contact its short form (ContactShortResource) reads: the first
  /// members, the dates, the avatar, the url and the account, as `json(_:)` makes them.
  static func shortSource(_ c: ContactFacts) -> JSONObject {
    var members = head(c)
    var information = [JSONObject.Member("dates", dates(c))]
    if !c.isPartial { information.append(.init("avatar", avatar(c))) }
    members.append(.init("information", .object(JSONObject(information))))
    if !c.isPartial { members.append(.init("url", url(c))) }
    members.append(.init("account", RecordShapes.accountJSON(c.accountID)))
    return JSONObject(members)
  }

  /// The members every contact starts with, from `id` to `is_me`.
  private static func head(_ c: ContactFacts) -> [JSONObject.Member] {
    let name = RecordShapes.completeName(first: c.firstName, last: c.lastName, dead: c.isDead)
    return [
      .init("id", .int(c.id)), .init("uuid", .string(c.uuid)), .init("object", .string(RecordKind.contact.object)),
      .init("hash_id", .string(c.hashID)), .init("first_name", .string(c.firstName)),
      .init("last_name", .string(c.lastName)), .init("nickname", .string(c.nickname)),
      .init("complete_name", .string(name)), .init("initials", .string(RecordShapes.initials(name))),
      .init("description", .string(c.description)), .init("gender", .string(c.gender?.name)),
      .init("gender_type", .string(c.gender?.type)), .init("is_starred", .bool(c.isStarred)),
      .init("is_partial", .bool(c.isPartial)), .init("is_active", .bool(c.isActive)),
      .init("is_dead", .bool(c.isDead)), .init("is_me", .bool(c.isMe)),
    ]
  }

  /// The contact's API url.
  private static func url(_ c: ContactFacts) -> JSONValue {
    .string(c.baseURL + "/api" + RecordKind.contact.path(of: c.id))
  }

  /// `{"birthdate","deceased_date"}` of a contact.
  private static func dates(_ c: ContactFacts) -> JSONValue {
    .object(
      JSONObject(["birthdate": SpecialDate.json(c.birthdate), "deceased_date": SpecialDate.json(c.deceasedDate)]))
  }

  /// `{"url","source","default_avatar_color"}` of a contact.
  package static func avatar(_ c: ContactFacts) -> JSONValue {
    .object(
      JSONObject([
        "url": c.avatarURL, "source": .string(c.avatarSource),
        "default_avatar_color": .string(c.avatarColor),
      ]))
  }
}
