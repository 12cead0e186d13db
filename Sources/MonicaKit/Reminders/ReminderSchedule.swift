/// When a Monica reminder falls: its first day and how it repeats (app/Models/Contact/Reminder.php:47-52,
/// `one_time`, `week`, `month`, `year`, each repeat `frequency_number` of them).
///
/// Every occurrence is counted from the first day, never from the one before it: a monthly
/// reminder from 31 January falls on 28 (or 29) February, 31 March, 30 April, 31 May, where
/// Monica steps from the date it sent last with Carbon's overflowing `addMonths`
/// (DateHelper.php:236-251, Reminder.php:117-119) and drifts to 3 March, 3 April and so on. A
/// yearly one from 29 February falls on 28 February in common years and on the 29th in leap
/// years (Carbon's `addYears` moves it to 1 March for good). A one-time reminder falls on its
/// day only: Monica schedules one whose day has passed for a year later (the default branch of
/// DateHelper.php:245-247 adds years).
package struct ReminderSchedule: Sendable, Equatable {
  /// How a reminder repeats.
  package enum Frequency: Sendable, Equatable {
    /// `one_time`: on its first day only.
    case once
    /// `week`: every `n` weeks.
    case weeks(Int)
    /// `month`: every `n` months, a day the month lacks clamped to its last.
    case months(Int)
    /// `year`: every `n` years, 29 February on the 28th in common years.
    case years(Int)
  }

  /// `initial_date`, the first day.
  package let start: CalendarDate
  /// How it repeats.
  package let frequency: Frequency

  package init(start: CalendarDate, frequency: Frequency) {
    self.start = start
    self.frequency = frequency
  }

  /// The largest step taken as given; a larger `frequency_number` is a reminder that never comes
  /// back in a lifetime, and is held to this so that no date arithmetic can overflow.
  static let largestStep = 10_000

  /// The schedule of a reminder's `frequency_type` and `frequency_number`; `nil` for a type
  /// Monica does not know. A number that is missing or below 1 counts as 1 (Monica validates it
  /// only as an integer, CreateReminder.php:27, UpdateReminder.php:28, and would step backwards
  /// or not at all, Reminder.php:117-119, never finishing).
  package init?(start: CalendarDate, type: String, number: Int?) {
    let step = min(max(number ?? 1, 1), Self.largestStep)
    switch type {
    case "one_time": self.init(start: start, frequency: .once)
    case "week": self.init(start: start, frequency: .weeks(step))
    case "month": self.init(start: start, frequency: .months(step))
    case "year": self.init(start: start, frequency: .years(step))
    default: return nil
    }
  }

  /// The days in `range` on which the reminder falls, in order.
  package func dates(in range: ClosedRange<CalendarDate>) -> [CalendarDate] {
    guard range.upperBound >= start else { return [] }
    switch frequency {
    case .once:
      return range.contains(start) ? [start] : []
    case .weeks(let weeks):
      let step = 7 * weeks
      let behind = range.lowerBound.dayNumber - start.dayNumber
      var index = behind <= 0 ? 0 : (behind + step - 1) / step
      var found: [CalendarDate] = []
      while true {
        let day = start.adding(days: index * step)
        if day > range.upperBound { return found }
        found.append(day)
        index += 1
      }
    case .months(let months):
      return monthly(every: months, in: range)
    case .years(let years):
      return monthly(every: 12 * years, in: range)
    }
  }

  /// Every `step` months from `start`, each counted from `start` and clamped to its month's end.
  private func monthly(every step: Int, in range: ClosedRange<CalendarDate>) -> [CalendarDate] {
    let behind = (range.lowerBound.year * 12 + range.lowerBound.month) - (start.year * 12 + start.month)
    // One step early: clamping moves a day within its month only, so the first one in range is
    // at this index or the next.
    var index = max(0, behind / step - 1)
    var found: [CalendarDate] = []
    while true {
      guard let day = start.adding(months: index * step, clamping: true) else { return found }
      if day > range.upperBound { return found }
      if day >= range.lowerBound { found.append(day) }
      index += 1
    }
  }
}
