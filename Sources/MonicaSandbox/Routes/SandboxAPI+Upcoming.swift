import MonicaKit

extension SandboxAPI {
  /// `GET /api/reminders/upcoming/{month}`: the reminders planned from the start of the month
  /// `month` months from now (or from now, for this month) to its end, soonest first, all at
  /// once (app/Helpers/AccountHelper.php:120-143), each as its outbox entry renders it
  /// (ReminderOutbox.php). A reminder is planned on its next date after today
  /// (app/Models/Contact/Reminder.php:111-126); a one-time reminder past is not planned.
  func upcoming(_ month: String, now: Int) -> APIResponse {
    guard let month = Int(month) else { return .notFound }
    // A past month ends before now: nothing is planned between now and its end.
    guard month >= 0 else { return Self.unpaginated([]) }
    let today = UTCTime.civil(now)
    let (year, first) = (today.year + (today.month - 1 + month) / 12, (today.month - 1 + month) % 12 + 1)
    let start = max(UTCTime.seconds(year: year, month: first, day: 1), now)
    let end = UTCTime.seconds(year: first == 12 ? year + 1 : year, month: first % 12 + 1, day: 1)
    return store.withState { state in
      let planned = state.contents[.reminder].all.compactMap { reminder -> (Int, JSONObject)? in
        guard let date = Self.nextDate(of: reminder, after: now), date >= start, date < end else { return nil }
        return (date, reminder)
      }.sorted { $0.0 < $1.0 }
      let items = planned.map { date, reminder in
        JSONWriter.monica.bytes(.object(Self.outbox(reminder, planned: date)))
      }
      return Self.unpaginated(items)
    }
  }

  /// The day after today a reminder next falls on, midnight UTC; nil for a one-time one past.
  static func nextDate(of reminder: JSONObject, after now: Int) -> Int? {
    guard let text = reminder["initial_date"]?.stringValue, var date = UTCTime.parseDate(String(text.prefix(10)))
    else { return nil }
    let step = max(reminder["frequency_number"]?.intValue ?? 1, 1)
    let startOfToday = now - now % 86_400
    while date <= startOfToday {
      let day = UTCTime.civil(date)
      switch reminder["frequency_type"]?.stringValue {
      case "week": date += 7 * 86_400 * step
      case "month":
        let months = day.month - 1 + step
        date = UTCTime.seconds(year: day.year + months / 12, month: months % 12 + 1, day: min(day.day, 28))
      case "year": date = UTCTime.seconds(year: day.year + step, month: day.month, day: min(day.day, 28))
      default: return nil
      }
    }
    return date
  }

  /// The outbox entry of a reminder planned on `planned`.
  static func outbox(_ reminder: JSONObject, planned: Int) -> JSONObject {
    var members: [JSONObject.Member] = [
      .init("id", reminder["id"] ?? .null), .init("reminder_id", reminder["id"] ?? .null),
      .init("object", .string(RecordKind.reminder.object)),
      .init("planned_date", .string(UTCTime.microseconds(planned))),
    ]
    for key in [
      "title", "description", "frequency_type", "frequency_number", "initial_date", "delible", "account", "contact",
      "created_at", "updated_at",
    ] {
      members.append(.init(key, reminder[key] ?? .null))
    }
    return JSONObject(members)
  }
}
