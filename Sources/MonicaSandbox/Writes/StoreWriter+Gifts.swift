import Foundation
import MonicaKit

/// A gift's create and update (app/Services/Contact/Gift).
extension StoreWriter {
  mutating func saveGift(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.gift].records[id] == nil { return .notFound }
    let check = validation(.gift, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = accountContact(input["contact_id"]) else { return .notFound }  // CreateGift.php:50-51
    if isArchived(contactID) { return Self.archived }  // CreateGift.php:53, UpdateGift.php:137
    // The recipient's look-up, when one is given (CreateGift.php:55-58, UpdateGift.php:59-62).
    if let recipient = input["recipient_id"], recipient != .null, accountContact(recipient) == nil { return .notFound }
    let existing = id.flatMap { contents[.gift].records[$0] }
    let newID = id ?? contents[.gift].nextID
    let amount = Self.text(input["amount"]).flatMap(Double.init).map { Int(($0 * 100).rounded()) }
    var record = GiftResource.json(
      id: newID, uuid: existing?["uuid"]?.stringValue ?? random.uuid(), name: Self.text(input["name"]) ?? "",
      comment: Self.text(input["comment"]), url: Self.text(input["url"]), cents: amount == 0 ? nil : amount,
      status: Self.text(input["status"]) ?? "idea", date: Self.text(input["date"]).map { String($0.prefix(10)) },
      recipient: input["recipient_id"]?.intValue.map(short) ?? .null, contact: short(contactID), created: now)
    if let created = existing?["created_at"] { record["created_at"] = created }
    // An update leaves the gift's photos (UpdateGift.php:64-83 writes columns, never gift_photo).
    if let photos = existing?["photos"] { record["photos"] = photos }
    contents[.gift].put(newID, record)
    refreshContact(contactID)
    return data(id == nil ? 201 : 200, record)
  }
}
