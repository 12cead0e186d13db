import MonicaKit

/// A company as the API renders it (app/Http/Resources/Company/Company.php:21-32), for seeding,
/// writing and the occupations that embed it.
enum CompanyResource {
  /// A company; `employees` is its `number_of_employees`.
  static func json(
    id: Int, name: String?, website: String?, employees: Int?, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string("company"), "name": .string(name), "website": .string(website),
      "number_of_employees": employees.map(JSONValue.int) ?? .null, "account": RecordShapes.accountJSON(1),
      "created_at": created, "updated_at": updated,
    ])
  }
}
