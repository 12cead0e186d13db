import Testing

@testable import MonicaKit

/// The page arithmetic.
@Suite struct PagerTests {
  @Test("summaries: within, at the end, past the end, empty")
  func summaries() {
    let pager = Pager(size: 10)
    #expect(pager.summary(page: 2, total: 35) == "page 2 of 4, records 11-20 of 35")
    #expect(pager.summary(page: 4, total: 35) == "page 4 of 4, records 31-35 of 35")
    #expect(pager.summary(page: 5, total: 35) == "page 5 of 4, no records of 35")
    #expect(pager.summary(page: 1, total: 0) == "page 1 of 1, no records of 0")
  }
}
