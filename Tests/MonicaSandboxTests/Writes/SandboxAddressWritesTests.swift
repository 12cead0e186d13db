import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates and updates of addresses.
extension SandboxKindWritesTests {
  @Test("addresses: a place is made with it, the contact embeds it, the country by ISO code")
  func addresses() throws {
    let made = try send(
      "POST", "addresses",
      #"{"contact_id":\#(active),"name":"Home","city":"Lyon","country":"FR","latitude":"45.76"}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.address, made.json)
    #expect(made.json["data"]?["country"]?["id"] == .string("FR"))
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let contact = try send("GET", "contacts/\(active)")
    let embedded = contact.json["data"]?["addresses"]?.arrayValue ?? []
    #expect(embedded.contains { $0["id"]?.intValue == id })
    let bad = try send("POST", "addresses", #"{"contact_id":\#(active),"country":"FRAN","latitude":"north"}"#)
    #expect(bad.status == 422)
    #expect(
      bad.json["error"]?["message"]
        == .array([
          .string("The country may not be greater than 3 characters."), .string("The latitude must be a number."),
        ]))
  }
}
