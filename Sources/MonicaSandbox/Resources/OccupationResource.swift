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
      "id": .int(id), "object": .string(RecordKind.occupation.object), "title": .string(title),
      "description": .string(description),
      "salary": salary.map(JSONValue.int) ?? .null, "salary_unit": .string(salaryUnit),
      "currently_works_here": .bool(current), "start_date": .string(start), "end_date": .string(end),
      "company": company, "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created,
      "updated_at": updated,
    ])
  }
}

/// One seeded occupation of a contact, at a company made at its first use.
extension OccupationResource {
  static func seed(_ context: inout SeedingContext) {
    let time = context.from + 1_200
    let companyName = context.random.pick(["Acme Corp", "Initech", "Globex", "Société Générale"])
    var company = context.contents[.company].all.first { $0["name"]?.stringValue == companyName }
    if company == nil {
      let companyID = context.id(.company)
      let made = CompanyResource.json(
        id: companyID, name: companyName,
        website: context.random.chance(50) ? "https://www.example.com/\(companyID)" : nil,
        employees: context.random.chance(50) ? 10 * (1 + context.random.below(500)) : nil,
        created: context.stamp(time), updated: context.stamp(time))
      context.put(.company, companyID, made)
      company = made
    }
    let id = context.id(.occupation)
    let current = context.random.chance(60)
    let started = UTCTime.seconds(
      year: 2010 + context.random.below(10), month: 1 + context.random.below(12), day: 1)
    let record = json(
      id: id, title: context.random.pick(["Engineer", "Designer", "Nurse"]),
      description: context.random.chance(30) ? "Leads the night shift" : nil,
      salary: context.random.chance(40) ? 30_000 + 1_000 * context.random.below(60) : nil,
      salaryUnit: context.random.chance(40) ? "year" : nil, current: current, start: UTCTime.date(started),
      end: current ? nil : UTCTime.date(started + 86_400 * 400), company: company.map(JSONValue.object) ?? .null,
      contact: context.short, created: context.stamp(time), updated: context.stamp(time))
    context.put(.occupation, id, record)
  }
}

/// CreateOccupation and UpdateOccupation (app/Services/Contact/Occupation): the contact and the
/// company must be the account's (404); the update looks the occupation up through the given
/// contact and company (UpdateOccupation.php:47-50), so another contact's or company's is a 404.
extension OccupationResource: WritableResource {
  static let kind = RecordKind.occupation

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let company = input["company_id"]?.intValue.flatMap { writer.contents[.company].records[$0] }
    guard let contactID = writer.accountContact(input["contact_id"]), let company else { return .stop(.notFound) }
    if let existing,
      existing["contact"]?["id"]?.intValue != contactID || existing["company"]?["id"] != company["id"]
    {
      return .stop(.notFound)
    }
    return .record(
      json(
        id: id, title: StoreWriter.text(input["title"]), description: StoreWriter.text(input["description"]),
        salary: input["salary"]?.intValue, salaryUnit: StoreWriter.text(input["salary_unit"]),
        current: StoreWriter.flag(input["currently_works_here"]), start: StoreWriter.text(input["start_date"]),
        end: StoreWriter.text(input["end_date"]), company: .object(company), contact: writer.short(contactID),
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }
}
