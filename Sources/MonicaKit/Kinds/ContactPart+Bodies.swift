/// The bodies of a contact's parts (`RecordKind.ContactPart`), each derived from a full contact
/// as ContactBase.php:70-88 prints it; `nil` when the contact has nothing to send: career (`PUT
/// /contacts/{id}/work`), food preferences (`/food`), how-you-met (`/introduction`, which needs
/// its introducer translated: `Introduction`) and the avatar's source (`/avatar`; a photo's
/// `photo_id` is the caller's, once the photo exists).
extension RecordKind.ContactPart {
  /// The body a contact record's part is sent as; `nil` when the record has nothing to send.
  /// The introduction's is sent without its introducer (`Introduction.body(introducer:)`).
  package func body(of contact: JSONObject, today: CalendarDate) -> JSONObject? {
    switch self {
    case .work: Self.work(contact)
    case .food: Self.food(contact)
    case .introduction: Self.introduction(contact, today: today)?.body
    case .avatar: Self.avatar(contact)
    }
  }

  /// The problems Monica's rules find in the parts of a contact line as a migration sends them
  /// after the contact's create (Push/Steps/ContactStep.swift), each naming its route; an
  /// avatar's `photo_id`, which waits for the photo's create, is not asked.
  package static func problems(of contact: JSONObject, today: CalendarDate) -> [String] {
    var found: [String] = []
    for part in allCases {
      guard let body = part.body(of: contact, today: today) else { continue }
      for problem in part.rules.problems(in: body, whole: part != .avatar) {
        found.append("\(problem) (sent by PUT /contacts/{id}/\(part.rawValue))")
      }
    }
    return found
  }

  /// The body of `PUT /contacts/{id}/avatar` that names the record's source; `nil` for a
  /// contact without one.
  static func avatar(_ contact: JSONObject) -> JSONObject? {
    guard let source = contact["information"]?["avatar"]?["source"], source != .null else { return nil }
    return JSONObject(["source": source])
  }

  /// The body of `PUT /contacts/{id}/work`: `job` and `company`, empty ones as null (the service
  /// stores an empty value as null, UpdateWorkInformation.php:51-52).
  package static func work(_ contact: JSONObject) -> JSONObject? {
    let career = contact["information"]?["career"]
    let job = text(career?["job"])
    let company = text(career?["company"])
    guard job != nil || company != nil else { return nil }
    return JSONObject(["job": .string(job), "company": .string(company)])
  }

  /// The body of `PUT /contacts/{id}/food`.
  package static func food(_ contact: JSONObject) -> JSONObject? {
    guard let food = text(contact["information"]?["food_preferences"]) else { return nil }
    return JSONObject(["food_preferences": .string(food)])
  }

  /// What `PUT /contacts/{id}/introduction` must send for a contact.
  package struct Introduction: Sendable, Equatable {
    /// The body without `met_through_contact_id`, which the caller gives (translated).
    package var body: JSONObject
    /// The id of the contact who introduced this one, as the record gives it.
    package var introducer: Int?
    /// What of the first-met date the target cannot hold as the source has it, as summary phrases.
    package var losses: [String]

    /// The body to send, with the introducer's id on the target (or none).
    package func body(introducer target: Int?) -> JSONObject {
      var sent = body
      sent["met_through_contact_id"] = target.map(JSONValue.int) ?? .null
      return sent
    }
  }

  /// The introduction of a contact, `nil` when it has none (no text, no date, no introducer).
  /// The first-met date maps as the SpecialDate Monica made it: an age-based date is 1 January
  /// of now minus the age (SpecialDate.php:137-144) and goes back as that age, measured from
  /// `today`; a date of unknown year is stored in the year of the write (SpecialDate.php:153-169)
  /// and goes back without a year; any other date goes back whole.
  package static func introduction(_ contact: JSONObject, today: CalendarDate) -> Introduction? {
    guard let met = contact["information"]?["how_you_met"] else { return nil }
    let general = text(met["general_information"])
    let introducer = met["first_met_through_contact"]?["id"]?.intValue
    let date = met["first_met_date"]
    let day = date?["date"]?.stringValue.flatMap { CalendarDate(parsing: $0) }
    guard general != nil || introducer != nil || day != nil else { return nil }
    // `year` must be given, even null: the service reads $data['year'] unguarded
    // (UpdateContactIntroduction.php:176); `add_reminder` is left out, so no reminder is made.
    var body = JSONObject(["general_information": .string(general), "is_date_known": .bool(day != nil)])
    var losses: [String] = []
    if let day {
      if date?["is_age_based"]?.boolValue == true {
        let age = today.year - day.year
        body["is_age_based"] = .bool(true)
        body["age"] = .int(max(age, 0))
        if day.month != 1 || day.day != 1 || age < 0 {
          losses.append(
            "day and month of age-based first-met dates not on 1 January (Monica makes 1 January of now minus "
              + "the age, SpecialDate.php:137-144)")
        }
      } else {
        let yearless = date?["is_year_unknown"]?.boolValue == true
        body["is_age_based"] = .bool(false)
        body["day"] = .int(day.day)
        body["month"] = .int(day.month)
        body["year"] = yearless ? .null : .int(day.year)
        if yearless && day.year != today.year {
          losses.append(
            "the year stored with first-met dates of unknown year (Monica stores the year of the write, "
              + "SpecialDate.php:161)")
        }
      }
    }
    return Introduction(body: body, introducer: introducer, losses: losses)
  }

  private static func text(_ value: JSONValue?) -> String? {
    guard let text = value?.stringValue, !text.isEmpty else { return nil }
    return text
  }
}

/// monica-merge's spelling of the contact parts' bodies (Sources/MonicaKit/Merge,
/// Sources/MonicaAPI/Merge), kept until merge reads `RecordKind.ContactPart` itself.
package typealias ContactExtras = RecordKind.ContactPart
