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

  @Test("LIKE as MySQL's utf8mb4_unicode_ci runs it: % and _ wildcards, case and accents folded")
  func like() {
    #expect(LikePattern("%zoe%").matches("Zoë Saldaña"))
    #expect(LikePattern("%MULLER").matches("Élodie Müller"))
    #expect(LikePattern("j_se").matches("José") && !LikePattern("j_se").matches("Jse"))
    #expect(LikePattern("a%b%c").matches("aXbYc") && !LikePattern("a%b%c").matches("aXbY"))
    #expect(LikePattern("%").matches("") && LikePattern("%%").matches("x") && !LikePattern("_").matches(""))
    #expect(!LikePattern("ann").matches("anna") && LikePattern("ann%").matches("Anna"))
  }

  @Test("search: words OR-ed with wildcards and folded accents; field:term over contact field types")
  func searchSyntax() {
    let contents = SeedData.make(seed: 1, contacts: 200, baseURL: "http://h")
    func names(_ query: String) -> Set<String> {
      Set(
        SandboxAPI.search(query, sort: ("created_at", false), contents: contents).ids.compactMap {
          contents[.contact].records[$0]?["first_name"]?.stringValue
        })
    }
    #expect(names("zoe") == ["Zoë"] && names("ZOË") == ["Zoë"])
    #expect(names("emilie").contains("Émilie"))
    #expect(names("zoe ingrid") == ["Zoë", "Ingrid"])
    #expect(names("z_e") == names("zoe") && names("%o%e%").isSuperset(of: ["Zoë", "Chloé"]))
    // The part before the colon is a contact field type, not a record field.
    let sam = SandboxAPI.search("email:sam", sort: ("created_at", false), contents: contents)
    #expect(sam.ids.contains(1) && sam.variant == .plain)
    #expect(SandboxAPI.search("EMAIL:SAM", sort: ("created_at", false), contents: contents).ids == sam.ids)
    #expect(SandboxAPI.search("first_name:sam", sort: ("created_at", false), contents: contents).ids.isEmpty)
    #expect(SandboxAPI.search("e%l:sam", sort: ("created_at", false), contents: contents).ids == sam.ids)
    #expect(SandboxAPI.fieldColon("a:b:").map { "a:b:".distance(from: "a:b:".startIndex, to: $0) } == 1)
    #expect(SandboxAPI.fieldColon(":ab") == nil && SandboxAPI.fieldColon("ab:") == nil)
  }
}
