import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates of contact fields and contact field types.
extension SandboxKindWritesTests {
  @Test("contact fields: the type must exist; the contact's list and show answer the new one")
  func contactFields() throws {
    let made = try send("POST", "contactfields", #"{"contact_id":\#(active),"contact_field_type_id":2,"data":"+33 1"}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.contactField, made.json)
    #expect(made.json["data"]?["contact_field_type"]?["name"] == .string("Phone"))
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let listed = try send("GET", "contacts/\(active)/contactfields")
    #expect((listed.json["data"]?.arrayValue ?? []).contains { $0["id"]?.intValue == id })
    let bad = try send("POST", "contactfields", #"{"contact_id":\#(active),"contact_field_type_id":99}"#)
    #expect(bad.status == 422)
    #expect(
      bad.json["error"]?["message"]
        == .array([
          .string("The selected contact field type id is invalid."), .string("The data field is required."),
        ]))
  }

  @Test("contact field types: a name is required; the new type takes contact fields")
  func contactFieldTypes() throws {
    let made = try send("POST", "contactfieldtypes", #"{"name":"Website","fontawesome_icon":null,"protocol":null}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.contactFieldType, made.json)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let field = try send(
      "POST", "contactfields", #"{"contact_id":\#(active),"contact_field_type_id":\#(id),"data":"https://e.x"}"#)
    #expect(field.status == 201 && field.json["data"]?["contact_field_type"]?["name"] == .string("Website"))
    let bad = try send("POST", "contactfieldtypes", #"{"protocol":"x:"}"#)
    #expect(bad.status == 422 && bad.json["error"]?["message"] == .array([.string("The name field is required.")]))
  }
}
