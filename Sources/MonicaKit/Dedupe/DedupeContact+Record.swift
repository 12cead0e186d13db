extension DedupeContact {
  /// The contact's own fields counted as `fields` when they hold a value, in a full contact's
  /// shape (`information.dates.birthdate.date`...).
  package static let filledFieldPaths: [[String]] = [
    ["last_name"], ["nickname"], ["description"], ["gender"], ["information", "dates", "birthdate", "date"],
    ["information", "dates", "deceased_date", "date"], ["information", "career", "job"],
    ["information", "career", "company"], ["information", "food_preferences"],
    ["information", "how_you_met", "general_information"], ["information", "how_you_met", "first_met_date", "date"],
    ["stay_in_touch_frequency"],
  ]

  /// A contact record read without building it whole: `nil` for a record that is not a contact
  /// or has no integer id.
  package init?(_ record: Record) {
    guard record.isKind("contact"), let id = record.member("id")?.intValue else { return nil }
    self.init(id: id)
    let root = record.root
    func text(_ key: String) -> String { record.member(key)?.stringValue ?? "" }
    (firstName, lastName, nickname, genderType) = (
      text("first_name"), text("last_name"), text("nickname"), text("gender_type")
    )
    isPartial = record.member("is_partial")?.isTrue == true
    createdAt = text("created_at")
    let information = record.member("information")
    // Full contacts keep it under information.dates, short ones directly under information.
    birthday = Self.birthday(information?.member("dates")?.member("birthdate") ?? information?.member("birthdate"))
    record.member("statistics")?.forEachMember { _, _, value in
      records += value.intValue ?? 0
      return true
    }
    for key in ["addresses", "tags"] { records += record.member(key)?.elements.count ?? 0 }
    information?.member("relationships")?.forEachMember { _, _, group in
      for element in group.member("contacts")?.elements ?? [] {
        if let other = element.member("contact")?.member("id")?.intValue { relatedTo.append(other) }
      }
      return true
    }
    for field in record.member("contactFields")?.elements ?? [] {
      records += 1
      guard let content = field.member("content")?.stringValue, !content.isEmpty else { continue }
      switch Self.fieldKind(field) {
      case "email": emails.append(content)
      case "phone": phones.append(content)
      default: break
      }
    }
    fields = Self.filledFieldPaths.count { path in
      guard let value = root.value(at: path[...]), !value.isNull else { return false }
      return !value.isString || !(value.stringValue ?? "").isEmpty
    }
  }

  /// `email`, `phone` or another kind, as the field's type says (its `type`, else its protocol).
  static func fieldKind(_ field: RawValue) -> String {
    let type = field.member("contact_field_type")
    let kind = (type?.member("type")?.stringValue ?? "").lowercased()
    if kind == "email" || kind == "phone" { return kind }
    switch type?.member("protocol")?.stringValue {
    case "mailto:": return "email"
    case "tel:": return "phone"
    default: return kind
    }
  }

  /// A birthdate object `{is_age_based, is_year_unknown, date}`: an age-based one is no day.
  static func birthday(_ value: RawValue?) -> Birthday? {
    guard let value, value.member("is_age_based")?.isTrue != true,
      let text = value.member("date")?.stringValue, let date = CalendarDate(parsing: text)
    else { return nil }
    let year = value.member("is_year_unknown")?.isTrue == true ? nil : date.year
    return Birthday(year: year, month: date.month, day: date.day)
  }
}
