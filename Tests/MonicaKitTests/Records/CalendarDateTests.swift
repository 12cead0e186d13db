import Testing

@testable import MonicaKit

@Suite struct CalendarDateTests {
  @Test("parses Monica's dates and timestamps, rejects impossible days")
  func parsing() {
    #expect(CalendarDate(parsing: "2024-02-29T00:00:00Z")?.description == "2024-02-29")
    #expect(CalendarDate(parsing: "2023-02-29") == nil)
    #expect(CalendarDate(parsing: "2024-13-01") == nil)
    #expect(CalendarDate(parsing: "yesterday") == nil)
  }

  @Test("anniversaries: 29 February on 28 February in common years, wrapping to next year")
  func anniversaries() throws {
    let feb28 = try #require(CalendarDate(parsing: "2025-02-28"))
    #expect(feb28.daysUntilAnniversary(month: 2, day: 29) == 0)
    let leap = try #require(CalendarDate(parsing: "2024-02-28"))
    #expect(leap.daysUntilAnniversary(month: 2, day: 29) == 1)
    let late = try #require(CalendarDate(parsing: "2024-12-30"))
    #expect(late.daysUntilAnniversary(month: 1, day: 1) == 2)
    #expect(CalendarDate(parsing: "1970-01-01")?.dayNumber == 0)
    #expect(CalendarDate(parsing: "2000-03-01")?.dayNumber == 11_017)
  }
}
