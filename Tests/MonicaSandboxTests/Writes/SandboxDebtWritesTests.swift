import Foundation
import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's creates and updates of debts.
extension SandboxKindWritesTests {
  @Test("debts: in_debt, status and a numeric amount required; the amount printed as Monica does")
  func debts() throws {
    let made = try send(
      "POST", "debts",
      #"{"contact_id":\#(active),"in_debt":"yes","status":"inprogress","amount":"1234.5","reason":"Rent"}"#)
    #expect(made.status == 201, "\(made.json)")
    try expectServedShape(.debt, made.json)
    #expect(made.json["data"]?["amount"] == .string("1234.50"))
    #expect(made.json["data"]?["amount_with_currency"] == .string("$1,234.50"))
    let bad = try send(
      "POST", "debts", #"{"contact_id":\#(active),"in_debt":"maybe","status":"inprogress","amount":"x"}"#)
    #expect(bad.status == 422)
    #expect(
      bad.json["error"]?["message"]
        == .array([.string("The selected in debt is invalid."), .string("The amount must be a number.")]))
  }
}
