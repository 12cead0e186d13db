import Foundation
import MonicaKit

/// A debt's create and update (ApiDebtController.php).
extension StoreWriter {
  /// `ApiDebtController::validateUpdate` (ApiDebtController.php:115-132), then the model is
  /// written from the request; an unknown contact is a 404 (lines 136-145).
  mutating func saveDebt(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.debt].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.debt, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else { return .notFound }
    let amount = Self.text(input["amount"]).flatMap(Double.init) ?? 0
    let cents = Int((amount * 100).rounded())
    let newID = id ?? contents[.debt].nextID
    let record = DebtResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), inDebt: Self.text(input["in_debt"]),
      status: Self.text(input["status"]), cents: cents, reason: Self.text(input["reason"]), contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.debt].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
