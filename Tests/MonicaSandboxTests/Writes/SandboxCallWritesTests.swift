import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates and updates of calls.
extension SandboxKindWritesTests {
  @Test("calls: 201 in the served shape, 422 without called_at, 404 for an unknown contact, update keeps it")
  func calls() throws {
    let made = try send(
      "POST", "calls",
      #"{"contact_id":\#(active),"called_at":"2021-03-04T10:20:30Z","content":"hi","contact_called":true,"emotions":[2]}"#
    )
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.call, made.json)
    #expect(made.json["data"]?["called_at"] == .string("2021-03-04T10:20:30Z"))
    #expect(made.json["data"]?["emotions"]?.arrayValue?.first?["id"]?.intValue == 2)
    let missing = try send("POST", "calls", #"{"contact_id":\#(active)}"#)
    #expect(missing.status == 422 && missing.json["error"]?["error_code"]?.intValue == 32)
    #expect(missing.json["error"]?["message"] == .array([.string("The called at field is required.")]))
    let unknown = try send("POST", "calls", #"{"contact_id":99999,"called_at":"2021-01-01"}"#)
    #expect(unknown.status == 404)
    let onArchived = try send("POST", "calls", #"{"contact_id":\#(archived),"called_at":"2021-01-01"}"#)
    #expect(onArchived.status == 422)
    let id = try #require(made.json["data"]?["id"]?.intValue)
    let updated = try send("PUT", "calls/\(id)", #"{"called_at":"2022-01-01","content":"later"}"#)
    #expect(updated.status == 200)
    #expect(updated.json["data"]?["contact"]?["id"]?.intValue == active)
    #expect(updated.json["data"]?["content"] == .string("later"))
  }
}
