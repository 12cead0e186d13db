import Testing

@testable import MonicaKit

@Suite struct ReminderScheduleTests {
  private func day(_ text: String) -> CalendarDate {
    guard let date = CalendarDate(parsing: text) else { fatalError("bad test date \(text)") }
    return date
  }

  private func dates(_ start: String, _ type: String, _ number: Int?, _ from: String, _ to: String) -> [String] {
    guard let schedule = ReminderSchedule(start: day(start), type: type, number: number) else { return ["refused"] }
    return schedule.dates(in: day(from)...day(to)).map(\.description)
  }

  @Test("one_time: its day only, never a year later (DateHelper's default branch adds years)")
  func oneTime() {
    #expect(dates("2026-03-10", "one_time", 1, "2026-01-01", "2030-12-31") == ["2026-03-10"])
    #expect(dates("2026-03-10", "one_time", 1, "2026-03-11", "2030-12-31").isEmpty)
    #expect(dates("2026-03-10", "one_time", nil, "2026-03-10", "2026-03-10") == ["2026-03-10"])
  }

  @Test("week: every frequency_number weeks from initial_date, none before it")
  func weeks() {
    #expect(
      dates("2026-01-05", "week", 1, "2025-12-01", "2026-01-26") == [
        "2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26",
      ])
    #expect(dates("2026-01-05", "week", 2, "2026-01-06", "2026-02-16") == ["2026-01-19", "2026-02-02", "2026-02-16"])
    // A window far from the start is reached without stepping through every week (Python's
    // datetime, stepping 21 days from 2000-01-03, agrees).
    #expect(dates("2000-01-03", "week", 3, "2026-01-01", "2026-01-31") == ["2026-01-19"])
  }

  @Test("month: counted from initial_date, month ends clamped, never drifting as Carbon's addMonths does")
  func months() {
    #expect(
      dates("2026-01-31", "month", 1, "2026-01-01", "2026-06-30")
        == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30"])
    #expect(dates("2024-01-31", "month", 1, "2024-02-01", "2024-02-29") == ["2024-02-29"])
    #expect(
      dates("2026-01-15", "month", 3, "2026-01-16", "2027-01-31") == [
        "2026-04-15", "2026-07-15", "2026-10-15", "2027-01-15",
      ])
    #expect(dates("2026-08-31", "month", 6, "2027-01-01", "2027-12-31") == ["2027-02-28", "2027-08-31"])
  }

  @Test("year: 29 February on the 28th in common years and the 29th in leap years")
  func years() {
    #expect(
      dates("2024-02-29", "year", 1, "2024-01-01", "2028-12-31")
        == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
    #expect(dates("2020-06-01", "year", 2, "2021-01-01", "2026-12-31") == ["2022-06-01", "2024-06-01", "2026-06-01"])
  }

  @Test("a missing or non-positive frequency_number counts as 1; an unknown type is refused")
  func oddNumbers() {
    #expect(dates("2026-01-01", "week", nil, "2026-01-01", "2026-01-15") == ["2026-01-01", "2026-01-08", "2026-01-15"])
    #expect(dates("2026-01-01", "week", 0, "2026-01-01", "2026-01-08") == ["2026-01-01", "2026-01-08"])
    #expect(dates("2026-01-01", "month", -4, "2026-01-01", "2026-02-01") == ["2026-01-01", "2026-02-01"])
    #expect(dates("2026-01-01", "day", 1, "2026-01-01", "2026-02-01") == ["refused"])
    #expect(dates("2026-01-01", "year", Int.max, "2026-01-01", "2100-01-01") == ["2026-01-01"])
  }
}
