import Foundation
import MonicaKit

/// A company's create and update (app/Services/Account/Company).
extension StoreWriter {
  /// `CreateCompany` / `UpdateCompany` (rules at CreateCompany.php:19-28): a required name, a
  /// website, an integer number of employees. Two companies may share a name.
  mutating func saveCompany(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.company].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.company, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.company].nextID
    let record = CompanyResource.json(
      id: newID, name: Self.text(input["name"]), website: Self.text(input["website"]),
      employees: input["number_of_employees"]?.intValue, created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.company].put(newID, record)
    for occupation in contents[.occupation].all where occupation["company"]?["id"]?.intValue == newID {
      guard let occupationID = occupation["id"]?.intValue else { continue }
      var changed = occupation
      changed["company"] = .object(record)
      contents[.occupation].put(occupationID, changed)
    }
    return data(id == nil ? 201 : 200, record)
  }
}
