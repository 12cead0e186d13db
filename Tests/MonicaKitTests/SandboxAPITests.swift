import MonicaKit
import Testing

@testable import MonicaSandbox

@Suite("SandboxAPI")
struct SandboxAPITests {
  @Test("routes, 405 and sort names")
  func routing() {
    #expect(
      SandboxAPI.match(method: "GET", segments: ["contacts", "3", "notes"]) == .found(.nested(contact: "3", .note)))
    #expect(
      SandboxAPI.match(method: "PUT", segments: ["photos", "1"])
        == .methodNotAllowed(used: "PUT", allowed: ["GET", "HEAD", "DELETE"]))
    #expect(SandboxAPI.match(method: "GET", segments: ["nope"]) == .notFound)
    #expect(SandboxAPI.sortCriteria("-favorited_at")?.descending == true)
    #expect(SandboxAPI.sortCriteria("name") == nil)
  }

  @Test("free-text search ORs words and blanks unselected columns")
  func search() {
    let contents = SeedData.make(seed: 1, contacts: 200, baseURL: "http://h")
    let (ids, variant) = SandboxAPI.search("sam zoë", sort: ("created_at", false), contents: contents)
    #expect(ids.first == 1 && ids.count > 1 && variant == .search)
    let searched = RecordShapes.searchForm(of: contents[.contact].records[1] ?? JSONObject())
    #expect(searched["is_active"]?.boolValue == false)
  }
}
