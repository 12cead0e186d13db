import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// The sandbox's fixture routes (`--fixture-routes`), which the ported tests use as Monica's
/// factories of another account and Carbon::setTestNow: off by default, and faithful when on.
@Suite("sandbox fixture routes")
struct FixtureRoutesTests {
  @Test("without --fixture-routes the routes are not served and the seeded account is unchanged")
  func offByDefault() async throws {
    let api = try PortMachine.signedIn(contacts: 3)
    let reserve = try await api.send("POST", "/sandbox/accounts/2/contacts", nil)
    #expect(reserve.status == 404, "\(reserve.text)")
    let clock = try await api.send(
      "POST", "/sandbox/clock", .object(JSONObject(["now": .string("2018-01-01T07:00:00Z")])))
    #expect(clock.status == 404, "\(clock.text)")
    let made = try await api.send("POST", "/api/contacts", .object(PortMachine.contactDefaults))
    #expect(made.body["data"]?["id"]?.intValue == 4, "\(made.text)")
  }

  @Test("another account's row: the auto-increment skips it, exists finds it, the scoped look-up 404s")
  func otherAccountRow() async throws {
    let api = try PortMachine.signedIn(contacts: 0, fixtureRoutes: true)
    let mine = try await api.send("POST", "/api/contacts", .object(PortMachine.contactDefaults))
    let reserved = try await api.send("POST", "/sandbox/accounts/2/contacts", nil)
    #expect(reserved.status == 201 && reserved.body["id"] == .int(2), "\(reserved.text)")
    let next = try await api.send("POST", "/api/contacts", .object(PortMachine.contactDefaults))
    #expect(next.body["data"]?["id"] == .int(3), "\(next.text)")
    #expect(try await api.send("GET", "/api/contacts/2", nil).status == 404)
    let list = try await api.send("GET", "/api/contacts", nil)
    #expect(list.body["meta"]?["total"] == .int(2), "\(list.text)")
    // CreateNote validates exists:contacts,id (passes), then finds the contact in the account: 404.
    let note = try await api.send(
      "POST", "/api/notes", .object(JSONObject(["contact_id": .int(2), "body": .string("x")])))
    #expect(note.status == 404 && note.body["error"]?["error_code"] == .int(31), "\(note.text)")
    let notes = try await api.send("GET", "/api/notes", nil)
    #expect(notes.body["data"]?.arrayValue?.isEmpty == true, "\(notes.text)")
    // An id in no table is still the rule's 422.
    let gone = try await api.send("DELETE", "/api/gifts/99", nil)
    #expect(gone.status == 422, "\(gone.text)")
    _ = mine
  }

  @Test("the clock stands still where POST /sandbox/clock puts it, and runs again with null")
  func frozenClock() async throws {
    let api = try PortMachine.signedIn(contacts: 0, fixtureRoutes: true)
    let set = try await api.send(
      "POST", "/sandbox/clock", .object(JSONObject(["now": .string("2018-01-01T07:00:00Z")])))
    #expect(set.status == 200, "\(set.text)")
    let made = try await api.send("POST", "/api/contacts", .object(PortMachine.contactDefaults))
    #expect(made.body["data"]?["created_at"] == .string("2018-01-01T07:00:00Z"), "\(made.text)")
    _ = try await api.send("POST", "/sandbox/clock", .object(JSONObject(["now": .null])))
    let later = try await api.send("POST", "/api/contacts", .object(PortMachine.contactDefaults))
    #expect(later.body["data"]?["created_at"]?.stringValue?.hasPrefix("2018") == false, "\(later.text)")
    let bad = try await api.send("POST", "/sandbox/clock", .object(JSONObject(["now": .string("2018-01-01")])))
    #expect(bad.status == 422, "\(bad.text)")
  }
}
