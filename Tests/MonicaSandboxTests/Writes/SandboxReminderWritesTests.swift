import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates and updates of reminders.
extension SandboxKindWritesTests {
  @Test("reminders: initial_date must be Y-m-d, the frequency one of Monica's; the update finds it by contact")
  func reminders() throws {
    let body =
      #"{"contact_id":\#(active),"title":"Call back","initial_date":"2022-07-09","frequency_type":"month","#
      + #""frequency_number":2}"#
    let made = try send("POST", "reminders", body)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.reminder, made.json)
    #expect(made.json["data"]?["initial_date"] == .string("2022-07-09T00:00:00Z"))
    #expect(made.json["data"]?["delible"] == .bool(true))
    let bad = try send(
      "POST", "reminders",
      #"{"contact_id":\#(active),"title":"x","initial_date":"2022-07-09T00:00:00Z","frequency_type":"day","#
        + #""frequency_number":1}"#)
    #expect(bad.status == 422)
    #expect(
      bad.json["error"]?["message"]
        == .array([
          .string("The initial date does not match the format Y-m-d."),
          .string("The selected frequency type is invalid."),
        ]))
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let other = active == 2 ? 3 : 2
    let moved = try send(
      "PUT", "reminders/\(id)",
      #"{"contact_id":\#(other),"title":"Call back","initial_date":"2022-07-09","frequency_type":"month"}"#)
    #expect(moved.status == 404)
  }
}
