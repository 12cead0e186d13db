import MonicaKit

/// An occupation as the API renders it (app/Http/Resources/Occupation/Occupation.php:23-40): its
/// company embedded (a CompanyResource), `Y-m-d` dates; for seeding and writing.
enum OccupationResource {
  /// An occupation at `company` (a CompanyResource, or null).
  static func json(
    id: Int, title: String?, description: String?, salary: Int?, salaryUnit: String?, current: Bool,
    start: String?, end: String?, company: JSONValue, contact: JSONValue, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string("occupation"), "title": .string(title), "description": .string(description),
      "salary": salary.map(JSONValue.int) ?? .null, "salary_unit": .string(salaryUnit),
      "currently_works_here": .bool(current), "start_date": .string(start), "end_date": .string(end),
      "company": company, "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created,
      "updated_at": updated,
    ])
  }
}
