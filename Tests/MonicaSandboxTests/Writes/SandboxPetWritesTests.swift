import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates and updates of pets.
extension SandboxKindWritesTests {
  @Test("pets: the category must be one of Monica's eleven (create_pets_table.php:33-43); the record embeds it")
  func pets() throws {
    let made = try send("POST", "pets", #"{"contact_id":\#(active),"pet_category_id":3,"name":"Felix"}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.pet, made.json)
    #expect(
      made.json["data"]?["pet_category"]
        == .object(
          JSONObject([
            "id": .int(3), "object": .string("pet_category"), "name": .string("cat"), "is_common": .bool(true),
          ])))
    let other = try send("POST", "pets", #"{"contact_id":\#(active),"pet_category_id":11}"#)
    #expect(other.json["data"]?["pet_category"]?["name"] == .string("other"))
    #expect(other.json["data"]?["pet_category"]?["is_common"] == .bool(false))
    let bad = try send("POST", "pets", #"{"contact_id":\#(active),"pet_category_id":12}"#)
    #expect(bad.status == 422)
    #expect(bad.json["error"]?["message"] == .array([.string("The selected pet category id is invalid.")]))
  }
}
