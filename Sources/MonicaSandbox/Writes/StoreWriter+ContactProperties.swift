import Foundation
import MonicaKit

/// The routes of a contact's own properties (routes/api.php:27-29).
package enum ContactProperty: String, Sendable, Equatable {
  case work, food, introduction
}

extension StoreWriter {
  /// What the three services refuse of a partial contact (UpdateWorkInformation.php:45-49,
  /// UpdateContactFoodPreferences.php:27-31, UpdateContactIntroduction.php:224-228).
  static let partialRefused = APIResponse.error(422, 32, .array([.string("The contact can't be a partial contact")]))

  /// ApiContactController::updateWork, updateFoodPreferences and updateIntroduction
  /// (ApiContactController.php:183-258): the path's contact goes through `exists:contacts,id`
  /// (an unknown id is a 422, not a 404), then `throwInactive` and the partial check; the answer
  /// is the whole contact.
  mutating func updateProperty(_ property: ContactProperty, of id: String, _ input: JSONObject)
    -> APIResponse
  {
    var given = input
    given["contact_id"] = .string(id)
    var check = Validation(given)
    check.integer("contact_id", required: true)
    let contactID = Int(id)
    check.exists("contact_id", contactID.map { contents.rowExists(.contact, $0) } ?? false)
    switch property {
    case .work:
      // UpdateWorkInformation.php:19-28.
      check.string("job", max: 255)
      check.string("company", max: 255)
    case .food:
      // UpdateContactFoodPreferences.php:16-22.
      check.string("food_preferences", max: 65_535)
    case .introduction:
      checkIntroduction(&check, input)
    }
    if let failure = check.failure { return failure }
    guard let contactID, var contact = contents[.contact].records[contactID] else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    if contact["is_partial"]?.boolValue == true { return Self.partialRefused }
    var information = contact["information"]?.objectValue ?? JSONObject()
    switch property {
    case .work:
      information["career"] = .object(
        JSONObject(["job": .string(Self.text(input["job"])), "company": .string(Self.text(input["company"]))]))
    case .food:
      information["food_preferences"] = .string(Self.text(input["food_preferences"]))
    case .introduction:
      // The introducer's scoped look-up (UpdateContactIntroduction.php:89-92).
      if let met = input["met_through_contact_id"], met != .null, accountContact(met) == nil { return .notFound }
      // `$data['year']` is read unguarded for an exact date (UpdateContactIntroduction.php:176):
      // PHP's undefined-key warning becomes a 500 the controller does not catch.
      let exact = Self.flag(input["is_date_known"]) && !Self.flag(input["is_age_based"])
      if exact && input["year"] == nil { return .message(500, "Server Error") }
      var met = information["how_you_met"]?.objectValue ?? JSONObject()
      met["general_information"] = .string(Self.text(input["general_information"]))
      met["first_met_date"] = SpecialDate.json(introductionDate(input))
      met["first_met_through_contact"] = input["met_through_contact_id"]?.intValue.map(short) ?? .null
      information["how_you_met"] = .object(met)
    }
    contact["information"] = .object(information)
    contact["updated_at"] = stamp
    contents[.contact].put(contactID, contact)
    return data(200, contact)
  }

  /// The rules of UpdateContactIntroduction (UpdateContactIntroduction.php:169-203), in order;
  /// day and month are required for a known date that is not age-based, age for an age-based one.
  private func checkIntroduction(_ check: inout Validation, _ input: JSONObject) {
    check.integer("met_through_contact_id")
    check.exists("met_through_contact_id", existsInTable(.contact, input["met_through_contact_id"]))
    check.string("general_information", max: 65_535)
    check.string("where", max: 255)
    check.boolean("is_date_known", required: true)
    check.boolean("is_age_based")
    let known = Self.flag(input["is_date_known"])
    let ageBased = Self.flag(input["is_age_based"])
    check.integer("day", required: known && !ageBased)
    check.integer("month", required: known && !ageBased)
    check.integer("year")
    check.integer("age", required: known && ageBased)
    check.boolean("add_reminder")
  }

  /// The first-met date as SpecialDate makes it (SpecialDate.php:137-169): 1 January of now
  /// minus the age, or the date, in the current year when the year is unknown (null or 0).
  private func introductionDate(_ input: JSONObject) -> SpecialDate? {
    guard Self.flag(input["is_date_known"]) else { return nil }
    let thisYear = UTCTime.civil(now).year
    if Self.flag(input["is_age_based"]) {
      let age = input["age"]?.intValue ?? 0
      return SpecialDate(isAgeBased: true, date: UTCTime.seconds(year: thisYear - age, month: 1, day: 1))
    }
    let month = input["month"]?.intValue ?? 1
    let day = input["day"]?.intValue ?? 1
    let year = input["year"]?.intValue ?? 0
    if year == 0 {
      return SpecialDate(isYearUnknown: true, date: UTCTime.seconds(year: thisYear, month: month, day: day))
    }
    return SpecialDate(date: UTCTime.seconds(year: year, month: month, day: day))
  }
}
