import Foundation
import MonicaKit

/// The routes below a contact (routes/api.php:27-29,41-43,141): its parts (work, food,
/// introduction, avatar: `RecordKind.ContactPart`, each with Monica's rules in the catalogue), its
/// tags, and the user's own contact (routes/api.php:23-24).
extension StoreWriter {
  /// What the three services refuse of a partial contact (UpdateWorkInformation.php:45-49,
  /// UpdateContactFoodPreferences.php:27-31, UpdateContactIntroduction.php:224-228).
  static let partialRefused = APIResponse.error(422, 32, .array([.string("The contact can't be a partial contact")]))

  /// `PUT /contacts/{id}/<part>`: ApiContactController::updateWork, updateFoodPreferences and
  /// updateIntroduction (ApiContactController.php:183-258) and ApiAvatarController::update
  /// (ApiAvatarController.php:22-40) give the path's contact to the part's service as
  /// `contact_id`, whose rules check it with `exists:contacts,id` (an unknown id is a 422, not a
  /// 404), then `throwInactive`; the answer is the whole contact.
  mutating func updatePart(_ part: RecordKind.ContactPart, of id: String, _ input: JSONObject) -> APIResponse {
    if let refusal = refusal(part.rules, input, route: ["contact_id": .string(id)]) { return refusal }
    guard let contactID = Int(id), var contact = contents[.contact].records[contactID] else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    if part == .avatar { return setAvatar(contactID, contact, input) }
    if contact["is_partial"]?.boolValue == true { return Self.partialRefused }
    var information = contact["information"]?.objectValue ?? JSONObject()
    switch part {
    case .work:
      information["career"] = .object(
        JSONObject(["job": .string(Self.text(input["job"])), "company": .string(Self.text(input["company"]))]))
      logContact("contact_work_updated", contact)
    case .food:
      information["food_preferences"] = .string(Self.text(input["food_preferences"]))
    case .introduction, .avatar:
      // The introducer's scoped look-up (UpdateContactIntroduction.php:89-92).
      if let met = input["met_through_contact_id"], met != .null, accountContact(met) == nil { return .notFound }
      // `$data['year']` is read unguarded for an exact date (UpdateContactIntroduction.php:176):
      // PHP's undefined-key warning becomes a 500 the controller does not catch.
      let exact = Self.flag(input["is_date_known"]) && !Self.flag(input["is_age_based"])
      if exact && input["year"] == nil { return .message(500, "Server Error") }
      var met = information["how_you_met"]?.objectValue ?? JSONObject()
      met["general_information"] = .string(Self.text(input["general_information"]))
      let date = introductionDate(input)
      met["first_met_date"] = SpecialDate.json(date)
      firstMetReminder(of: contact, exact: exact ? date : nil, input)
      met["first_met_through_contact"] = input["met_through_contact_id"]?.intValue.map(short) ?? .null
      information["how_you_met"] = .object(met)
    }
    contact["information"] = .object(information)
    contact["updated_at"] = stamp
    contents[.contact].put(contactID, contact)
    return data(200, contact)
  }

  /// The reminder of a contact's first-met date (UpdateContactIntroduction.php:117-127,185-215):
  /// the one it had goes; an exact date with `add_reminder` gets a yearly one that cannot be
  /// deleted, titled as resources/lang/en/people.php:375 says, its id kept in the contact's
  /// unprinted `first_met_reminder_id`.
  private mutating func firstMetReminder(of contact: JSONObject, exact date: SpecialDate?, _ input: JSONObject) {
    guard let contactID = contact["id"]?.intValue else { return }
    if let previous = contents.firstMetReminders.removeValue(forKey: contactID) { contents[.reminder].remove(previous) }
    guard let date, WriteRules.phpTruth(input["add_reminder"]) else { return }
    let made = create(
      .reminder,
      JSONObject([
        "contact_id": .int(contactID), "initial_date": .string(UTCTime.date(date.date)),
        "frequency_type": .string("year"), "frequency_number": .int(1),
        "title": .string("Anniversary of the day you first met"), "delible": .bool(false),
      ]))
    contents.firstMetReminders[contactID] = (try? JSONValue(parsing: made.body))?["data"]?["id"]?.intValue
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

  /// UpdateAvatar (app/Services/Contact/Avatar/UpdateAvatar.php:45-75): the avatar's URL by its
  /// source; every copy of the contact follows.
  private mutating func setAvatar(_ contactID: Int, _ contact: JSONObject, _ input: JSONObject) -> APIResponse {
    var contact = contact
    let source = Self.text(input["source"]) ?? ""
    let photo = input["photo_id"]?.intValue.flatMap { contents[.photo].records[$0] }
    let uuid = contact["uuid"]?.stringValue ?? random.uuid()
    let url: JSONValue =
      switch RecordKind.AvatarSource(rawValue: source) {
      case .adorable?:
        .string(TinyImage.dataURL(TinyImage.png(red: UInt8(random.below(256)), green: 90, blue: 160, size: 4)))
      case .gravatar?: .string(GravatarOrigin.avatarURL(random.hex(32)))
      case .photo?: photo?["link"] ?? .string("")
      default: .string("\(filesURL)/avatars/\(uuid).jpg?\(now)")
      }
    if var information = contact["information"]?.objectValue {
      var avatar = information["avatar"]?.objectValue ?? JSONObject()
      avatar["url"] = url
      avatar["source"] = .string(source)
      if avatar["default_avatar_color"] == nil { avatar["default_avatar_color"] = .string("#b3d5fe") }
      information["avatar"] = .object(avatar)
      contact["information"] = .object(information)
    }
    contact["updated_at"] = stamp
    contents[.contact].put(contactID, contact)
    propagate(contactID)
    return data(200, contact)
  }
}

/// A contact's tags by name (`setTags`, creating the missing ones) and by id (`unsetTag`,
/// `unsetTags`): ApiContactTagController (lines 20-126) looks the contact up first (404), then
/// checks `tags` (`WriteRules.contactTags`); AssociateTag and DetachTag call `throwInactive`, which
/// the controller does not catch (AssociateTag.php:38, DetachTag.php:138).
extension StoreWriter {
  mutating func setTags(_ id: String, _ input: JSONObject) -> APIResponse {
    guard let contactID = Int(id), var contact = contents[.contact].records[contactID] else { return .notFound }
    if let refusal = refusal(WriteRules.contactTags, input) { return refusal }
    let names = (input["tags"]?.arrayValue ?? []).compactMap { Self.text($0)?.trimmingCharacters(in: .whitespaces) }
    if isArchived(contactID) && names.contains(where: { !$0.isEmpty }) { return Self.archivedUncaught }
    var tags = contact["tags"]?.arrayValue ?? []
    for name in names where !name.isEmpty {
      let tag: JSONObject
      if let found = contents[.tag].all.first(where: { $0["name"]?.stringValue == name }) {
        tag = found
      } else {
        let tagID = contents[.tag].nextID
        tag = TagResource.tag(id: tagID, name: name, created: nil, in: self)
        contents[.tag].put(tagID, tag)
      }
      if !tags.contains(where: { $0["id"] == tag["id"] }) { tags.append(.object(tag)) }
    }
    contact["tags"] = .array(tags)
    contents[.contact].put(contactID, contact)
    return data(200, contact)
  }

  mutating func unsetTags(_ id: String, _ input: JSONObject, all: Bool) -> APIResponse {
    guard let contactID = Int(id), var contact = contents[.contact].records[contactID] else { return .notFound }
    if !all, let refusal = refusal(WriteRules.contactTags, input) { return refusal }
    let removed = Set((input["tags"]?.arrayValue ?? []).compactMap(\.intValue))
    if isArchived(contactID) && (all ? !(contact["tags"]?.arrayValue ?? []).isEmpty : !removed.isEmpty) {
      return Self.archivedUncaught
    }
    contact["tags"] = .array(
      all ? [] : (contact["tags"]?.arrayValue ?? []).filter { !removed.contains($0["id"]?.intValue ?? -1) })
    contents[.contact].put(contactID, contact)
    return data(200, contact)
  }
}
