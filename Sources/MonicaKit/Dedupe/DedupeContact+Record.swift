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
    guard record.isKind(RecordKind.contact.object), let id = record.member("id")?.intValue else { return nil }
    let root = record.root
    self.init(id: id, person: Person(contact: root))
    createdAt = record.member("created_at")?.stringValue ?? ""
    record.member("statistics")?.forEachMember { _, _, value in
      records += value.intValue ?? 0
      return true
    }
    for key in ["addresses", "tags", "contactFields"] { records += record.member(key)?.elements.count ?? 0 }
    record.member("information")?.member("relationships")?.forEachMember { _, _, group in
      for element in group.member("contacts")?.elements ?? [] {
        if let other = element.member("contact")?.member("id")?.intValue { relatedTo.append(other) }
      }
      return true
    }
    fields = Self.filledFieldPaths.count { path in
      guard let value = root.value(at: path[...]), !value.isNull else { return false }
      return !value.isString || !(value.stringValue ?? "").isEmpty
    }
  }
}
