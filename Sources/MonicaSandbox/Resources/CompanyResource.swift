import MonicaKit

/// A company as the API renders it (app/Http/Resources/Company/Company.php:21-32), for seeding,
/// writing and the occupations that embed it.
enum CompanyResource {
  /// A company; `employees` is its `number_of_employees`.
  static func json(
    id: Int, name: String?, website: String?, employees: Int?, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string(RecordKind.company.object), "name": .string(name), "website": .string(website),
      "number_of_employees": employees.map(JSONValue.int) ?? .null, "account": RecordShapes.accountJSON(1),
      "created_at": created, "updated_at": updated,
    ])
  }
}

/// CreateCompany and UpdateCompany (app/Services/Account/Company): two companies may share a name;
/// the occupations that embed a company show it as it now is.
extension CompanyResource: WritableResource {
  static let kind = RecordKind.company

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    .record(
      json(
        id: id, name: StoreWriter.text(input["name"]), website: StoreWriter.text(input["website"]),
        employees: input["number_of_employees"]?.intValue, created: existing?["created_at"] ?? writer.stamp,
        updated: writer.stamp))
  }

  /// A create writes its audit log (CreateCompany.php:53-74); the occupations at the company
  /// show it as it now is.
  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    if existing == nil { writer.log("company_created", objects: JSONObject(["name": record["name"] ?? .null])) }
    guard let id = record["id"]?.intValue else { return }
    for occupation in writer.contents[.occupation].all where occupation["company"]?["id"]?.intValue == id {
      guard let occupationID = occupation["id"]?.intValue else { continue }
      var changed = occupation
      changed["company"] = .object(record)
      writer.contents[.occupation].put(occupationID, changed)
    }
  }
}
