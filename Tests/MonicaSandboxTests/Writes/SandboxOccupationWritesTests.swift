import MonicaKit
import Testing

@testable import MonicaSandbox

/// An occupation's update finds it through the account, the contact and the company it names
/// (app/Services/Contact/Occupation/UpdateOccupation.php:47-50, `findOrFail`, caught by
/// ApiOccupationController::update as a 404).
extension SandboxWritesTests {
  @Test("PUT occupations: another contact's or another company's occupation is a 404 (code 31), unchanged")
  func updateOccupationThroughItsContactAndCompany() throws {
    let other = try #require(
      contents[.contact].all.first {
        $0["is_active"] == .bool(true) && $0["is_partial"] == .bool(false) && $0["id"] != .int(1)
          && $0["id"] != .int(active)
      }?["id"]?.intValue)
    let company = try #require(try send("POST", "companies", #"{"name":"Acme"}"#).json["data"]?["id"]?.intValue)
    let elsewhere = try #require(try send("POST", "companies", #"{"name":"Initech"}"#).json["data"]?["id"]?.intValue)
    let created = try send(
      "POST", "occupations", #"{"contact_id":\#(active),"company_id":\#(company),"title":"Pilot"}"#)
    let id = try #require(created.json["data"]?["id"]?.intValue)
    for (contact, firm) in [(other, company), (active, elsewhere)] {
      let moved = try send(
        "PUT", "occupations/\(id)", #"{"contact_id":\#(contact),"company_id":\#(firm),"title":"Captain"}"#)
      #expect(moved.status == 404 && moved.json["error"]?["error_code"]?.intValue == 31)
    }
    #expect(try send("GET", "occupations/\(id)").json["data"] == created.json["data"])
    let kept = try send(
      "PUT", "occupations/\(id)", #"{"contact_id":\#(active),"company_id":\#(company),"title":"Captain"}"#)
    #expect(kept.status == 200 && kept.json["data"]?["title"] == .string("Captain"))
  }
}
