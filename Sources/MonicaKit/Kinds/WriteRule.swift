/// What Monica's validator accepts for one write field (its service's `rules()` at v4.1.2), as
/// data: the one table that `monica-push` checks a line against before its first request, so
/// that a value Monica would refuse half-way through a line's requests is refused before any.
package struct WriteRule: Sendable, Equatable {
  /// The value's type in Laravel's terms.
  package enum Kind: Sendable, Equatable {
    /// `boolean`: true, false, 0, 1, "0", "1".
    case boolean
    /// `integer`: a whole number, or a string of one.
    case integer
    /// `numeric`: any number, or a string of one.
    case numeric
    /// `string`, with `max:N` characters when given.
    case string(max: Int?)
    /// `date_format:Y-m-d`.
    case day
    /// `date`: what PHP's `strtotime` reads; checked as `YYYY-MM-DD` with an optional time.
    case date
    /// `in:a,b,...`.
    case oneOf([String])
    /// `array`.
    case array
  }

  /// The type.
  package let kind: Kind
  /// Where the rule is, `CreateTask.php:20`.
  package let source: String

  package init(_ kind: Kind, _ source: String) {
    self.kind = kind
    self.source = source
  }

  /// Why `value` breaks the rule, `nil` when it does not (`null` always passes: a missing or
  /// null value is the `required` rule's business, which the server decides).
  package func problem(_ value: JSONValue) -> String? {
    if value == .null { return nil }
    switch kind {
    case .boolean:
      switch value {
      case .bool: return nil
      case .number(let text) where text == "0" || text == "1": return nil
      case .string(let text) where text == "0" || text == "1": return nil
      default: return "must be true or false"
      }
    case .integer:
      if value.intValue != nil { return nil }
      if let text = value.stringValue, Int(text.trimmingWhiteSpace) != nil { return nil }
      return "must be a whole number"
    case .numeric:
      if value.doubleValue != nil { return nil }
      if let text = value.stringValue, Double(text.trimmingWhiteSpace) != nil { return nil }
      return "must be a number"
    case .string(let max):
      guard let text = value.stringValue else { return "must be a string" }
      if let max, text.trimmingWhiteSpace.count > max { return "must be at most \(max) characters" }
      return nil
    case .day:
      guard let text = value.stringValue, text.utf8.count == 10, CalendarDate(parsing: text) != nil else {
        return "must be a date, YYYY-MM-DD"
      }
      return nil
    case .date:
      guard let text = value.stringValue, text.utf8.count >= 10, CalendarDate(parsing: text) != nil else {
        return "must be a date, YYYY-MM-DD (a time may follow)"
      }
      return nil
    case .oneOf(let choices):
      guard let text = value.stringValue, choices.contains(text) else {
        return "must be one of \(choices.joined(separator: ", "))"
      }
      return nil
    case .array:
      return value.arrayValue == nil ? "must be an array" : nil
    }
  }
}

extension WriteMapping {
  /// The problems of a request body against the kind's write rules: `completed: must be true or
  /// false (UpdateTask.php:23), got "yes"`. Empty when Monica's validator would take it.
  package func problems(in body: JSONObject) -> [String] {
    body.members.compactMap { member in
      guard let rule = rules[member.key], let problem = rule.problem(member.value) else { return nil }
      return "\(member.key): \(problem) (\(rule.source)), got \(JSONWriter.plain.string(member.value))"
    }
  }

  /// The problems of a line as monica-push would send it: a create's body and the update that
  /// follows it (a task's `completed`), or the fields an update line gives. One checker for
  /// `monica-push` before its first request and for any tool that checks lines without sending.
  package func problems(line: JSONObject, creating: Bool, today: CalendarDate) -> [String] {
    let bodies =
      creating
      ? [
        body(line: line, record: line, operation: .create, today: today),
        body(line: line, record: line, operation: .update, today: today),
      ]
      : [partialBody(line: line, operation: .update, today: today)]
    var found: [String] = []
    for body in bodies {
      for problem in problems(in: body) where !found.contains(problem) { found.append(problem) }
    }
    return found
  }

  /// The write fields' rules, by field name.
  package var rules: [String: WriteRule] { WriteRule.table[object] ?? [:] }
}

extension WriteRule {
  /// Each kind's rules, from the services' `rules()` (and the API controllers' validators) at
  /// v4.1.2; a create and an update of a kind share them.
  static let table: [String: [String: WriteRule]] = [
    "contact": [
      "first_name": WriteRule(.string(max: 255), "CreateContact.php:35"),
      "middle_name": WriteRule(.string(max: 255), "CreateContact.php:36"),
      "last_name": WriteRule(.string(max: 255), "CreateContact.php:37"),
      "nickname": WriteRule(.string(max: 255), "CreateContact.php:38"),
      "gender_id": WriteRule(.integer, "CreateContact.php:40"),
      "description": WriteRule(.string(max: 255), "CreateContact.php:41"),
      "is_partial": WriteRule(.boolean, "CreateContact.php:42"),
      "is_birthdate_known": WriteRule(.boolean, "CreateContact.php:43"),
      "birthdate_day": WriteRule(.integer, "CreateContact.php:44"),
      "birthdate_month": WriteRule(.integer, "CreateContact.php:45"),
      "birthdate_year": WriteRule(.integer, "CreateContact.php:46"),
      "birthdate_is_age_based": WriteRule(.boolean, "CreateContact.php:47"),
      "birthdate_age": WriteRule(.integer, "CreateContact.php:48"),
      "is_deceased": WriteRule(.boolean, "CreateContact.php:50"),
      "is_deceased_date_known": WriteRule(.boolean, "CreateContact.php:51"),
      "deceased_date_day": WriteRule(.integer, "CreateContact.php:52"),
      "deceased_date_month": WriteRule(.integer, "CreateContact.php:53"),
      "deceased_date_year": WriteRule(.integer, "CreateContact.php:54"),
    ],
    "task": [
      "contact_id": WriteRule(.integer, "CreateTask.php:20"),
      "title": WriteRule(.string(max: nil), "CreateTask.php:21"),
      "description": WriteRule(.string(max: nil), "CreateTask.php:22"),
      "completed": WriteRule(.boolean, "UpdateTask.php:23"),
    ],
    "note": [
      "contact_id": WriteRule(.integer, "ApiNoteController.php:131"),
      "is_favorited": WriteRule(.boolean, "ApiNoteController.php:132"),
    ],
    "reminder": [
      "contact_id": WriteRule(.integer, "CreateReminder.php:21"),
      "initial_date": WriteRule(.day, "CreateReminder.php:22"),
      "frequency_type": WriteRule(.oneOf(["one_time", "week", "month", "year"]), "CreateReminder.php:23-26"),
      "frequency_number": WriteRule(.integer, "CreateReminder.php:27"),
      "title": WriteRule(.string(max: 100_000), "CreateReminder.php:28"),
    ],
    "call": [
      "contact_id": WriteRule(.integer, "CreateCall.php:22"),
      "called_at": WriteRule(.date, "CreateCall.php:23"),
      "content": WriteRule(.string(max: nil), "CreateCall.php:24"),
      "contact_called": WriteRule(.boolean, "CreateCall.php:25"),
      "emotions": WriteRule(.array, "CreateCall.php:26"),
    ],
    "activity": [
      "activity_type_id": WriteRule(.integer, "CreateActivity.php:23"),
      "summary": WriteRule(.string(max: nil), "CreateActivity.php:24"),
      "description": WriteRule(.string(max: nil), "CreateActivity.php:25"),
      "happened_at": WriteRule(.day, "CreateActivity.php:26"),
      "emotions": WriteRule(.array, "CreateActivity.php:27"),
      "contacts": WriteRule(.array, "CreateActivity.php:28"),
    ],
    "gift": [
      "contact_id": WriteRule(.integer, "CreateGift.php:22"),
      "name": WriteRule(.string(max: 255), "CreateGift.php:23"),
      "status": WriteRule(.oneOf(["idea", "offered", "received"]), "CreateGift.php:24-31"),
      "comment": WriteRule(.string(max: 1_000_000), "CreateGift.php:32"),
      "url": WriteRule(.string(max: 1_000_000), "CreateGift.php:33"),
      "amount": WriteRule(.numeric, "CreateGift.php:34"),
      "date": WriteRule(.date, "CreateGift.php:35"),
      "recipient_id": WriteRule(.integer, "CreateGift.php:36"),
    ],
    "debt": [
      "in_debt": WriteRule(.oneOf(["yes", "no"]), "ApiDebtController.php:119-123"),
      "status": WriteRule(.oneOf(["inprogress", "completed"]), "ApiDebtController.php:124-128"),
      "amount": WriteRule(.numeric, "ApiDebtController.php:129"),
      "reason": WriteRule(.string(max: 1_000_000), "ApiDebtController.php:130"),
      "contact_id": WriteRule(.integer, "ApiDebtController.php:131"),
    ],
  ]
}
