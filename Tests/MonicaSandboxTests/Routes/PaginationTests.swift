import MonicaKit
import Testing

@testable import MonicaSandbox

@Suite("Pagination")
struct PaginationTests {
  @Test("from, to and last page")
  func math() {
    let page = Pagination(page: 2, perPage: 15, total: 40)
    #expect(page.lastPage == 3 && page.range == 15..<30)
    let (links, meta) = page.envelope(path: "http://h/api/contacts", count: 15)
    #expect(meta["from"]?.intValue == 16 && meta["to"]?.intValue == 30)
    #expect(links["next"]?.stringValue == "http://h/api/contacts?page=3")
    let past = Pagination(page: 9, perPage: 15, total: 40).envelope(path: "p", count: 0).meta
    #expect(past["from"] == .null && past["to"] == .null)
  }

  @Test("Laravel's url window with gaps")
  func window() {
    #expect(Pagination(page: 1, perPage: 1, total: 5).window() == [1, 2, 3, 4, 5])
    #expect(Pagination(page: 10, perPage: 1, total: 20).window() == [1, 2, nil, 7, 8, 9, 10, 11, 12, 13, nil, 19, 20])
  }
}
