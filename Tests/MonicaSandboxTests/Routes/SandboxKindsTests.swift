import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox serves every kind of the catalogue, with each listing's quirks.
@Suite("Sandbox kinds")
struct SandboxKindsTests {
  static let contents = SeedData.make(seed: 1, contacts: 200, baseURL: "http://h")

  func get(_ api: SandboxAPI, _ path: String, _ query: [String: String] = ["limit": "100"]) throws -> JSONValue {
    let segments = path.split(separator: "/").map(String.init)
    guard case .found(let route) = SandboxAPI.match(method: "GET", segments: segments) else {
      Issue.record("no route for \(path)")
      return .null
    }
    let response = api.respond(route, APIRequest(method: "GET", segments: segments, query: query))
    #expect(response.status == 200, "\(path): \(response.status)")
    return try JSONValue(parsing: response.body)
  }

  @Test("every listed kind answers its records, each kind's own object, and every kind is seeded")
  func everyKind() throws {
    let api = SandboxAPI(store: RecordStore(contents: Self.contents), baseURL: "http://h")
    for kind in RecordKind.all where !kind.routes.contains(.single) {
      if kind.routes.contains(.list) {
        let body = try get(api, kind.name)
        let data = body["data"]?.arrayValue ?? body["data"]?.objectValue?.members.map(\.value) ?? []
        #expect(!data.isEmpty, "no \(kind.name)")
        #expect(data.allSatisfy { $0["object"]?.stringValue == kind.object }, "\(kind.name)")
        #expect((body["meta"] != nil) == kind.listing.paginated, "\(kind.name)")
      } else {
        #expect(!Self.contents[kind].all.isEmpty, "no \(kind.name)")
      }
    }
  }

  @Test("nested routes: one contact's items, relationships unpaginated, countries keyed by lower-case ISO code")
  func quirks() throws {
    let api = SandboxAPI(store: RecordStore(contents: Self.contents), baseURL: "http://h")
    let owner = try #require(Self.contents[.relationship].all.first?["contact_is"]?["id"]?.intValue)
    let relationships = try get(api, "contacts/\(owner)/relationships")
    #expect(relationships["meta"] == nil && relationships["links"] == nil)
    #expect(relationships["data"]?.arrayValue?.allSatisfy { $0["contact_is"]?["id"]?.intValue == owner } == true)
    let fields = try get(api, "contacts/1/contactfields")
    #expect(fields["data"]?.arrayValue?.count == Self.contents.contactFields[1]?.count)
    let countries = try get(api, "countries")
    #expect(countries["data"]?["fr"]?["iso"]?.stringValue == "FR" && countries["meta"] == nil)
    let calls = try get(api, "calls")
    #expect(calls["meta"]?["statistics"]?.objectValue != nil)
    // An unsorted listing ignores a valid sort field its table lacks; a sorted one fails (40).
    #expect(try get(api, "relationshiptypes", ["sort": "called_at"])["data"] != nil)
    let sorted = api.respond(.list(.debt), APIRequest(method: "GET", segments: ["debts"], query: ["sort": "called_at"]))
    #expect(sorted.status == 500)
  }

  @Test("search includes archived contacts and leaves partial ones out (ApiContactController.php:47-53)")
  func searchScope() {
    let contacts = Self.contents[.contact].all
    let all = Set(SandboxAPI.search("%", sort: ("created_at", false), contents: Self.contents).ids)
    let real = contacts.filter { $0["is_partial"]?.boolValue != true }.compactMap { $0["id"]?.intValue }
    #expect(all == Set(real))
    #expect(contacts.contains { $0["is_active"]?.boolValue == false })
    let phone = SandboxAPI.search("phone:+1 555", sort: ("created_at", false), contents: Self.contents).ids
    #expect(!phone.isEmpty)
    #expect(SandboxAPI.search("twitter:+1", sort: ("created_at", false), contents: Self.contents).ids.isEmpty)
  }
}
