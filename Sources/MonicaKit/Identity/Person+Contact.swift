/// A JSON value a person's facts are read from: a record read without building it
/// (`RawValue`, for streams) or a parsed one (`JSONValue`, for what a tool fetched).
package protocol ContactFacts {
  /// The member `key` of an object.
  func fact(_ key: String) -> Self?
  /// A string's text.
  var factText: String? { get }
  /// `true` or `false`.
  var factFlag: Bool? { get }
  /// An array's elements.
  var factItems: [Self] { get }
}

extension RawValue: ContactFacts {
  package func fact(_ key: String) -> RawValue? { member(key) }
  package var factText: String? { stringValue }
  package var factFlag: Bool? { boolValue }
  package var factItems: [RawValue] { elements }
}

extension JSONValue: ContactFacts {
  package func fact(_ key: String) -> JSONValue? { self[key] }
  package var factText: String? { stringValue }
  package var factFlag: Bool? { boolValue }
  package var factItems: [JSONValue] { arrayValue ?? [] }
}

extension Person {
  /// The person of a Monica contact (full, short or as an importer writes it): names,
  /// `gender_type`, the birthday and date of death (`information.dates`, or directly under
  /// `information` in a short contact), `is_dead`, `is_partial`, `uuid`, and the e-mail
  /// addresses and phone numbers of its `contactFields` when the record has them
  /// (`monica-fetch contacts --with-fields`). A record that says nothing of `is_dead` leaves it
  /// unknown.
  package init(contact: some ContactFacts) {
    func text(_ key: String) -> String { contact.fact(key)?.factText ?? "" }
    let information = contact.fact("information")
    let dates = information?.fact("dates")
    self.init(
      uuid: contact.fact("uuid")?.factText, firstName: text("first_name"), middleName: text("middle_name"),
      lastName: text("last_name"), nickname: text("nickname"), gender: Gender(code: text("gender_type")),
      birthday: Self.date(dates?.fact("birthdate") ?? information?.fact("birthdate")),
      isDeceased: contact.fact("is_dead")?.factFlag,
      deceasedDate: Self.date(dates?.fact("deceased_date") ?? information?.fact("deceased_date")),
      isPartial: contact.fact("is_partial")?.factFlag == true)
    for field in contact.fact("contactFields")?.factItems ?? [] {
      guard let kind = Self.fieldKind(field), let content = field.fact("content")?.factText else { continue }
      add(field: kind, content: content)
    }
  }

  /// A contact field's kind when it is an e-mail address or a phone number: its type's `type`,
  /// else its protocol (`mailto:`, `tel:`); `nil` for other kinds.
  package static func fieldKind(_ field: some ContactFacts) -> ContactFieldKind? {
    let type = field.fact("contact_field_type")
    switch (type?.fact("type")?.factText ?? "").lowercased() {
    case ContactFieldKind.email.type: return .email
    case ContactFieldKind.phone.type: return .phone
    default: break
    }
    switch type?.fact("protocol")?.factText {
    case ContactFieldKind.email.urlProtocol: return .email
    case ContactFieldKind.phone.urlProtocol: return .phone
    default: return nil
    }
  }

  /// Monica's special date `{is_age_based, is_year_unknown, date}`; `nil` without a date.
  static func date(_ value: (some ContactFacts)?) -> KnownDate? {
    guard let value, let text = value.fact("date")?.factText, let date = CalendarDate(parsing: text) else { return nil }
    let ageBased = value.fact("is_age_based")?.factFlag == true
    let year = value.fact("is_year_unknown")?.factFlag == true ? nil : date.year
    return KnownDate(year: year, month: date.month, day: date.day, isAgeBased: ageBased)
  }
}
