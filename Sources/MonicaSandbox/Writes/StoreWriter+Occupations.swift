import Foundation
import MonicaKit

/// An occupation's create and update (app/Services/Contact/Occupation).
extension StoreWriter {
  /// `CreateOccupation` / `UpdateOccupation` (app/Services/Contact/Occupation, rules at
  /// CreateOccupation.php:17-34): the contact (`findOrFail`, a 404), a company of the account,
  /// a title; a salary unit among Occupation::$salaryUnits (Occupation.php:37-39), `Y-m-d` dates.
  mutating func saveOccupation(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.occupation].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.occupation, updating: id != nil, input)
    let company = input["company_id"]?.intValue.flatMap { contents[.company].records[$0] }
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, let company else { return .notFound }
    let newID = id ?? contents[.occupation].nextID
    let record = JSONObject([
      "id": .int(newID), "object": .string("occupation"), "title": .string(Self.text(input["title"])),
      "description": .string(Self.text(input["description"])),
      "salary": input["salary"]?.intValue.map(JSONValue.int) ?? .null,
      "salary_unit": .string(Self.text(input["salary_unit"])),
      "currently_works_here": .bool(Self.flag(input["currently_works_here"])),
      "start_date": .string(Self.text(input["start_date"])), "end_date": .string(Self.text(input["end_date"])),
      "company": .object(company), "account": RecordShapes.accountJSON(1), "contact": short(contactID),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.occupation].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
