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
    guard let contactID = accountContact(input["contact_id"]), let company else { return .notFound }
    // UpdateOccupation.php:47-50: the occupation is looked up through the account, the given
    // contact_id and company_id (`findOrFail`); another contact's or company's is a 404 (code 31).
    if let existing,
      existing["contact"]?["id"]?.intValue != contactID || existing["company"]?["id"] != company["id"]
    {
      return .notFound
    }
    let newID = id ?? contents[.occupation].nextID
    let record = OccupationResource.json(
      id: newID, title: Self.text(input["title"]), description: Self.text(input["description"]),
      salary: input["salary"]?.intValue, salaryUnit: Self.text(input["salary_unit"]),
      current: Self.flag(input["currently_works_here"]), start: Self.text(input["start_date"]),
      end: Self.text(input["end_date"]), company: .object(company), contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.occupation].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
