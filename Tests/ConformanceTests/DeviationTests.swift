import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Deviations of the sandbox from Monica that its tests/Api does not reach, each read from Monica's
/// source (issue 25), checked in-process through the sandbox's handler as the ported tests are.
@Suite("sandbox deviations beyond Monica's tests")
struct DeviationTests {
  private static let contact: JSONValue = .object(PortMachine.contactDefaults)

  @Test("initials are taken after Str::ascii: Łukasz Żak is LZ (Contact.php:742-748)")
  func initialsTransliterated() async throws {
    let api = try PortMachine.signedIn(contacts: 0)
    var body = PortMachine.contactDefaults
    (body["first_name"], body["last_name"]) = (.string("Łukasz"), .string("Żak"))
    let made = try await api.send("POST", "/api/contacts", .object(body))
    #expect(made.body["data"]?["initials"] == .string("LZ"), "\(made.text)")
    (body["first_name"], body["last_name"]) = (.string("Émile"), .string("Øre"))
    let other = try await api.send("POST", "/api/contacts", .object(body))
    #expect(other.body["data"]?["initials"] == .string("EO"), "\(other.text)")
  }

  @Test("DELETE of a contact already deleted is 404, of an id never used 422 (DestroyContact.php:24,39-40)")
  func contactDeletedTwice() async throws {
    let api = try PortMachine.signedIn(contacts: 0)
    let made = try await api.send("POST", "/api/contacts", Self.contact)
    let id = made.body["data"]?["id"]?.intValue ?? 0
    let first = try await api.send("DELETE", "/api/contacts/\(id)", nil)
    #expect(first.status == 200 && first.body["id"] == .string(String(id)), "\(first.text)")
    let again = try await api.send("DELETE", "/api/contacts/\(id)", nil)
    #expect(again.status == 404, "\(again.text)")
    let never = try await api.send("DELETE", "/api/contacts/99", nil)
    #expect(never.status == 422 && never.body["errors"]?["contact_id"] != nil, "\(never.text)")
    // The id is not handed out again, as an auto-increment never does.
    let next = try await api.send("POST", "/api/contacts", Self.contact)
    #expect((next.body["data"]?["id"]?.intValue ?? 0) > id)
  }

  @Test("ids in no table are 422 on the update and delete routes that validate them; delete ids typed per controller")
  func routeIDsValidated() async throws {
    let api = try PortMachine.signedIn(contacts: 0)
    let contact = try await api.send("POST", "/api/contacts", Self.contact).body["data"]?["id"] ?? .null
    let cases: [(String, String, String)] = [
      ("DELETE", "/api/gifts/0", "The selected gift id is invalid."),
      ("PUT", "/api/gifts/0", "The selected gift id is invalid."),
      ("DELETE", "/api/addresses/0", "The selected address id is invalid."),
      ("PUT", "/api/addresses/0", "The selected address id is invalid."),
      ("DELETE", "/api/contactfields/0", "The selected contact field id is invalid."),
      ("PUT", "/api/contactfields/0", "The selected contact field id is invalid."),
      ("PUT", "/api/tasks/0", "The selected task id is invalid."),
      ("PUT", "/api/calls/0", "The selected call id is invalid."),
    ]
    for (method, path, message) in cases {
      let answer = try await api.send(method, path, .object(JSONObject(["contact_id": contact])))
      #expect(answer.status == 422, "\(method) \(path): \(answer.text)")
      #expect(answer.body["error"]?["message"]?.arrayValue?.first == .string(message), "\(method) \(path)")
      #expect(answer.body["error"]?["error_code"] == .int(32))
    }
    // Routes whose controller looks the row up first keep the 404 (ApiNoteController.php:156-165).
    #expect(try await api.send("DELETE", "/api/notes/0", nil).status == 404)
    #expect(try await api.send("DELETE", "/api/calls/0", nil).status == 404)
    let address = try await api.send(
      "POST", "/api/addresses", .object(JSONObject(["contact_id": contact, "name": .string("home")])))
    let id = address.body["data"]?["id"]?.intValue ?? 0
    let deleted = try await api.send("DELETE", "/api/addresses/\(id)", nil)
    #expect(deleted.text == #"{"deleted":true,"id":\#(id)}"#, "ApiAddressController.php:118,133: int $addressId")
  }

  @Test("age-based birthdates are seeded on 1 January, as createFromAge stores them (SpecialDate.php:137-141)")
  func ageBasedSeeding() async throws {
    let api = try PortMachine.signedIn(contacts: 400)
    var dates: [String] = []
    for page in 1...4 {
      let listed = try await api.send("GET", "/api/contacts?limit=100&page=\(page)", nil)
      for contact in listed.body["data"]?.arrayValue ?? [] {
        let birthdate = contact["information"]?["dates"]?["birthdate"]
        if birthdate?["is_age_based"] == .bool(true), let date = birthdate?["date"]?.stringValue { dates.append(date) }
      }
    }
    #expect(dates.count > 3)
    #expect(dates.allSatisfy { $0.dropFirst(4).hasPrefix("-01-01T") }, "\(dates)")
  }
}
