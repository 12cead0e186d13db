/// The rules between fields that Monica's code keeps (or that its data model names and its API
/// does not enforce), each with where it comes from at tag v4.1.2.
extension ContractCheck {
  /// Every record's timestamps: Eloquent sets both when it creates a row and only `updated_at`
  /// afterwards (Illuminate\Database\Eloquent\Concerns\HasTimestamps::updateTimestamps).
  package static let timestampsInOrder = ContractCheck(
    "record.timestamps", "created_at is not after updated_at",
    source: "Eloquent HasTimestamps::updateTimestamps (Laravel 9)"
  ) { view, report in
    guard let created = CheckValue.text(view["created_at"]), let updated = CheckValue.text(view["updated_at"]),
      let start = CheckValue.instant(created), let end = CheckValue.instant(updated), start > end
    else { return }
    report.add("created_at", "\(OutsideText.quoted(created)) is after updated_at \(OutsideText.quoted(updated))")
  }

  /// UpdateTask writes `completed_at` from `completed`; the CalDAV import can break it when a
  /// VTODO is COMPLETED without a COMPLETED date (ImportTask.php:182-186).
  package static let taskCompletion = flagWithTimestamp(
    "task.completed", flag: "completed", timestamp: "completed_at", source: "app/Services/Task/UpdateTask.php:51-52")

  /// The API sets `favorited_at` to now when `is_favorited` and clears it otherwise.
  package static let noteFavourite = flagWithTimestamp(
    "note.favorited", flag: "is_favorited", timestamp: "favorited_at",
    source: "app/Http/Controllers/Api/ApiNoteController.php:74-76,110-114")

  /// A boolean that is true exactly when the timestamp that goes with it is set.
  private static func flagWithTimestamp(_ name: String, flag: String, timestamp: String, source: String)
    -> ContractCheck
  {
    ContractCheck(name, "\(flag) is true exactly when \(timestamp) is set", source: source) { view, report in
      guard let isSet = view[flag]?.boolValue, let stamp = view[timestamp] else { return }
      if isSet && stamp.isNull {
        report.add(flag, "true, but \(timestamp) is null")
      } else if !isSet && !stamp.isNull {
        report.add(flag, "false, but \(timestamp) is set")
      }
    }
  }

  /// `amount`, `value` and `amount_with_currency` all come from the one stored amount: null and
  /// empty together, or all set.
  package static let giftAmount = ContractCheck(
    "gift.amount", "amount is null exactly when value and amount_with_currency are empty",
    source: "app/Traits/AmountFormatter.php:37-71"
  ) { view, report in
    guard let amount = view["amount"], amount.isNull || amount.isString else { return }
    for key in ["value", "amount_with_currency"] {
      guard let text = CheckValue.text(view[key]) else { continue }
      if amount.isNull && !text.isEmpty {
        report.add(key, "\(OutsideText.quoted(text)) while amount is null")
      } else if !amount.isNull && text.isEmpty {
        report.add(key, "empty while amount is \(OutsideText.quoted(CheckValue.text(amount) ?? ""))")
      }
    }
  }

  /// A relationship group's `total` counts its `contacts`, and is 0 when they are null.
  package static let relationshipTotal = ContractCheck(
    "contact.relationships.total", "total is the number of contacts (0 when contacts is null)",
    source: "app/Http/Resources/Contact/ContactBase.php:42-55"
  ) { view, report in
    guard let total = CheckValue.integer(view["total"]), let contacts = view["contacts"] else { return }
    let count = contacts.isArray ? contacts.elements.count : contacts.isNull ? 0 : total
    if total != count { report.add("total", "\(total), but \(CheckValue.contacts(count)) listed") }
  }

  /// A special date's three keys come from the one date: all null when there is none.
  package static let specialDateWhole = ContractCheck(
    "special-date.whole", "is_age_based, is_year_unknown and date are all null or all set",
    source: "app/Http/Resources/Contact/ContactBase.php:60-67,83-85"
  ) { view, report in
    let keys = ["is_age_based", "is_year_unknown", "date"]
    let values = keys.map { view[$0] }
    guard values.allSatisfy({ $0 != nil }) else { return }
    let nulls = values.filter { $0?.isNull == true }.count
    guard nulls != 0, nulls != keys.count else { return }
    for (key, value) in zip(keys, values) where value?.isNull == true {
      report.add(key, "null while the date's other keys are set")
    }
  }

  /// Marking a contact alive removes its deceased date.
  package static let livingFullContact = livingContact(deceasedDate: ["information", "dates", "deceased_date"])
  /// The same rule on a short contact, whose dates sit directly under `information`.
  package static let livingShortContact = livingContact(deceasedDate: ["information", "deceased_date"])

  private static func livingContact(deceasedDate path: [String]) -> ContractCheck {
    ContractCheck(
      "contact.living", "a contact with is_dead false has no deceased date",
      source: "app/Services/Contact/Contact/UpdateDeceasedInformation.php:99-103"
    ) { view, report in
      guard view["is_dead"]?.boolValue == false, let first = path.first, var date = view[first] else { return }
      for key in path.dropFirst() + ["date"] {
        guard let next = date.member(key) else { return }
        date = next
      }
      if !date.isNull { report.add((path + ["date"]).joined(separator: "."), "set, but is_dead is false") }
    }
  }

  /// A frequency of 0 is stored as null, and the trigger date is set with the frequency.
  package static let stayInTouch = ContractCheck(
    "contact.stay-in-touch", "stay_in_touch_trigger_date is set exactly when stay_in_touch_frequency is",
    source: "app/Models/Contact/Contact.php:1503-1513,1526-1537"
  ) { view, report in
    guard let frequency = view["stay_in_touch_frequency"], let trigger = view["stay_in_touch_trigger_date"] else {
      return
    }
    if frequency.isNull && !trigger.isNull {
      report.add("stay_in_touch_trigger_date", "set, but stay_in_touch_frequency is null")
    } else if !frequency.isNull && trigger.isNull {
      report.add("stay_in_touch_trigger_date", "null, but stay_in_touch_frequency is set")
    }
  }

  /// `?with=contactfields` adds both keys, or neither.
  package static let contactFieldsWithNotes = ContractCheck(
    "contact.with-fields", "contactFields and notes come together (?with=contactfields), notes at most the latest 3",
    source: "app/Http/Resources/Contact/ContactBase.php:101-102"
  ) { view, report in
    let fields = view["contactFields"]
    let notes = view["notes"]
    if fields != nil && notes == nil { report.add("notes", "missing, but contactFields is there") }
    if fields == nil && notes != nil { report.add("contactFields", "missing, but notes is there") }
    if let notes, notes.isArray, notes.elements.count > 3 {
      report.add("notes", "\(notes.elements.count) notes, but Monica adds only the latest 3")
    }
  }

  /// An activity's `attendees.total` counts the attendees it lists.
  package static let attendeesTotal = ContractCheck(
    "activity.attendees.total", "total is the number of contacts",
    source: "app/Http/Resources/Activity/Activity.php:31-34"
  ) { view, report in
    guard let total = CheckValue.integer(view["total"]), let contacts = view["contacts"], contacts.isArray else {
      return
    }
    let count = contacts.elements.count
    if total != count { report.add("total", "\(total), but \(CheckValue.contacts(count)) listed") }
  }
}

/// Values as the checks read them: `nil` for anything of another type, which the field rules
/// have reported already.
enum CheckValue {
  /// The decoded string.
  static func text(_ value: RawValue?) -> String? { value?.stringValue }

  /// The integer of an integer literal.
  static func integer(_ value: RawValue?) -> Int? {
    guard let value, value.isNumber else { return nil }
    return Int(String(decoding: value.slice, as: UTF8.self))
  }

  /// "1 contact is", "3 contacts are".
  static func contacts(_ count: Int) -> String { count == 1 ? "1 contact is" : "\(count) contacts are" }

  /// The instant of a timestamp, in microseconds.
  static func instant(_ text: String) -> Int64? {
    var text = text
    return text.withUTF8 { bytes in try? ContractTime.instant(bytes).get() }
  }
}
