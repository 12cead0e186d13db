import Foundation
import MonicaKit

/// The creates and updates of the account's remaining kinds (issue 13): journal entries, places,
/// companies, occupations, genders, activity types and their categories, documents, and the
/// labels of contact fields, each with its service's or controller's validation at v4.1.2,
/// answering the shapes the reads serve. Every create answers 201: the controllers return a
/// JsonResource of a model just inserted.
extension StoreWriter {
  mutating func performRestKind(_ route: Route, _ input: JSONObject) -> APIResponse {
    switch route {
    case .create(.entry): return saveEntry(nil, input)
    case .update(.entry, let id): return Int(id).map { saveEntry($0, input) } ?? .notFound
    case .create(.place): return savePlace(nil, input)
    case .update(.place, let id): return Int(id).map { savePlace($0, input) } ?? .notFound
    case .create(.company): return saveCompany(nil, input)
    case .update(.company, let id): return Int(id).map { saveCompany($0, input) } ?? .notFound
    case .create(.occupation): return saveOccupation(nil, input)
    case .update(.occupation, let id): return Int(id).map { saveOccupation($0, input) } ?? .notFound
    case .create(.gender): return saveGender(nil, input)
    case .update(.gender, let id): return Int(id).map { saveGender($0, input) } ?? .notFound
    case .create(.activityTypeCategory): return saveActivityTypeCategory(nil, input)
    case .update(.activityTypeCategory, let id): return Int(id).map { saveActivityTypeCategory($0, input) } ?? .notFound
    case .create(.activityType): return saveActivityType(nil, input)
    case .update(.activityType, let id): return Int(id).map { saveActivityType($0, input) } ?? .notFound
    default: return performRelationKind(route, input)
    }
  }

  /// `ApiJournalController::store` / `update` (ApiJournalController.php:57-126): a required title of
  /// at most 255 characters and a post; the update changes only those two (line 99). An entry
  /// made through the API has no journal_entries row, so its `date` is its creation time
  /// (app/Models/Journal/Entry.php:56-60), which Carbon prints with microseconds.
  private mutating func saveEntry(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.entry].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.string("title", required: true, max: 255)
    check.string("post", required: true, max: 1_000_000)
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.entry].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("entry"),
      "title": .string(Self.text(input["title"])), "post": .string(Self.text(input["post"])),
      "date": existing?["date"] ?? .string(UTCTime.microseconds(now)),
      "url": .string("\(baseURL)/api/journal/\(newID)"), "account": RecordShapes.accountJSON(1),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.entry].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `CreatePlace` / `UpdatePlace` (app/Services/Account/Place, rules at CreatePlace.php:16-27):
  /// every part optional, the country an ISO code of at most 3 characters.
  private mutating func savePlace(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.place].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    for key in ["street", "city", "province", "postal_code"] { check.string(key, max: 255) }
    check.string("country", max: 3)
    check.numeric("latitude")
    check.numeric("longitude")
    if let failure = check.failure { return failure }
    func number(_ key: String) -> JSONValue {
      guard let text = Self.text(input[key]), Double(text) != nil else { return .null }
      return .number(text)
    }
    let newID = id ?? contents[.place].nextID
    let record = JSONObject([
      "id": .int(newID), "object": .string("place"), "street": .string(Self.text(input["street"])),
      "city": .string(Self.text(input["city"])), "province": .string(Self.text(input["province"])),
      "postal_code": .string(Self.text(input["postal_code"])), "latitude": number("latitude"),
      "longitude": number("longitude"),
      "country": Self.text(input["country"]).map { SeedData.country($0.uppercased()) } ?? .null,
      "account": RecordShapes.accountJSON(1), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.place].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `CreateCompany` / `UpdateCompany` (rules at CreateCompany.php:19-28): a required name, a
  /// website, an integer number of employees. Two companies may share a name.
  private mutating func saveCompany(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.company].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.string("name", required: true, max: 255)
    check.string("website", max: 255)
    check.integer("number_of_employees")
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.company].nextID
    let record = JSONObject([
      "id": .int(newID), "object": .string("company"), "name": .string(Self.text(input["name"])),
      "website": .string(Self.text(input["website"])),
      "number_of_employees": input["number_of_employees"]?.intValue.map(JSONValue.int) ?? .null,
      "account": RecordShapes.accountJSON(1), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.company].put(newID, record)
    for occupation in contents[.occupation].all where occupation["company"]?["id"]?.intValue == newID {
      guard let occupationID = occupation["id"]?.intValue else { continue }
      var changed = occupation
      changed["company"] = .object(record)
      contents[.occupation].put(occupationID, changed)
    }
    return data(id == nil ? 201 : 200, record)
  }

  /// `CreateOccupation` / `UpdateOccupation` (app/Services/Contact/Occupation, rules at
  /// CreateOccupation.php:17-34): the contact (`findOrFail`, a 404), a company of the account,
  /// a title; a salary unit among Occupation::$salaryUnits (Occupation.php:37-39), `Y-m-d` dates.
  private mutating func saveOccupation(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.occupation].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.integer("contact_id", required: true)
    check.exists("contact_id", existsInTable(.contact, input["contact_id"]))
    check.integer("company_id", required: true)
    let company = input["company_id"]?.intValue.flatMap { contents[.company].records[$0] }
    check.exists("company_id", company != nil)
    check.string("title", required: true, max: 255)
    check.string("description", max: 1_000)
    check.integer("salary")
    check.oneOf("salary_unit", ["year", "month", "week", "day", "hour"])
    check.boolean("currently_works_here")
    check.date("start_date", format: true)
    check.date("end_date", format: true)
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

  /// `CreateGender` / `UpdateGender` (rules at CreateGender.php:16-26): a name and a type among
  /// `M`, `F` and `O`.
  private mutating func saveGender(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.gender].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.string("name", required: true, max: 255)
    check.oneOf("type", ["M", "F", "O"], required: true)
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.gender].nextID
    let record = JSONObject([
      "id": .int(newID), "object": .string("gender"), "name": .string(Self.text(input["name"])),
      "type": .string(Self.text(input["type"])), "account": RecordShapes.accountJSON(1),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.gender].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `CreateActivityTypeCategory` / `UpdateActivityTypeCategory` (rules at
  /// CreateActivityTypeCategory.php:15-22): an optional name.
  private mutating func saveActivityTypeCategory(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.activityTypeCategory].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.string("name", max: 255)
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.activityTypeCategory].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()),
      "object": .string("activityTypeCategory"), "name": .string(Self.text(input["name"])),
      "account": RecordShapes.accountJSON(1), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.activityTypeCategory].put(newID, record)
    // The service answers `ActivityTypeCategory::find($id)`, no model just created: 200
    // (CreateActivityTypeCategory.php:40).
    return data(200, record)
  }

  /// `CreateActivityType` / `UpdateActivityType` (rules at CreateActivityType.php:16-24): one of
  /// the account's categories (`exists`, then `findOrFail`) and an optional name; no location type.
  private mutating func saveActivityType(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.activityType].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.integer("activity_type_category_id", required: true)
    let category = input["activity_type_category_id"]?.intValue.flatMap {
      contents[.activityTypeCategory].records[$0]
    }
    check.exists("activity_type_category_id", category != nil)
    check.string("name", max: 255)
    if let failure = check.failure { return failure }
    guard let category else { return .notFound }
    let newID = id ?? contents[.activityType].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("activityType"),
      "name": .string(Self.text(input["name"])), "location_type": existing?["location_type"] ?? .null,
      "activity_type_category": .object(category), "account": RecordShapes.accountJSON(1),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.activityType].put(newID, record)
    // `ActivityType::find($id)` (CreateActivityType.php:46): 200, as for categories.
    return data(200, record)
  }
}

extension StoreWriter {
  /// `UploadDocument` (app/Services/Contact/Document/UploadDocument.php:18-78): a contact and a
  /// `document` file; the record takes the client's file name, the size, the extension the
  /// client's Content-Type gives and its MIME type, and is stored under `documents/` with a random
  /// name. Its link is the `/store/` route, or a public `/storage/` URL on an instance with public
  /// visibility (app/Models/Contact/Document.php:65-72).
  mutating func saveDocument(_ input: JSONObject, upload: (bytes: [UInt8], filename: String)?) -> APIResponse {
    var check = Validation(input)
    check.integer("contact_id", required: true)
    if check.required("document"), upload == nil { check.add("The document must be a file.") }
    if let failure = check.failure { return failure }
    guard let upload, let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else {
      return .notFound
    }
    if isArchived(contactID) { return Self.archived }
    let mime = Self.text(input["document"]).map { String($0.prefix { $0 != ";" }).lowercased() }
    let type = mime.flatMap { Self.extensions[$0] }
    let stored = "documents/\(random.hex(40)).\(type ?? "bin")"
    contents.documentFiles[stored] = upload.bytes
    let newID = contents[.document].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": .string(random.uuid()), "object": .string("document"),
      "original_filename": .string(upload.filename), "new_filename": .string(stored),
      "filesize": .int(upload.bytes.count), "type": type.map(JSONValue.string) ?? .null,
      "mime_type": type.flatMap { type in Self.extensions.first { $0.value == type }?.key }.map(JSONValue.string)
        ?? .null,
      "number_of_downloads": .int(0),
      "link": .string("\(baseURL)/\(publicStorage ? "storage" : "store")/\(stored)"),
      "url": .string("\(baseURL)/api/documents/\(newID)"), "account": RecordShapes.accountJSON(1),
      "contact": short(contactID), "created_at": stamp, "updated_at": stamp,
    ])
    contents[.document].put(newID, record)
    return data(201, record)
  }

  /// The extension Symfony guesses from a client's MIME type (`guessClientExtension`), for the
  /// types the sandbox knows; Mimey maps it back.
  static let extensions = [
    "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg", "text/plain": "txt",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  ]

  /// The labels of a contact field given as names, each the account's label of that name or a new
  /// one (`UpdateContactFieldLabels`, app/Services/Contact/Label/UpdateContactFieldLabels.php:
  /// 52-68): a standard name (ContactFieldLabel::$standardLabels) is kept as its key, printed
  /// translated (resources/lang/en/people.php:531-537). `nil` when none are given: the field
  /// keeps the labels it has.
  func labels(_ given: JSONValue?) -> JSONValue? {
    guard let names = given?.arrayValue?.compactMap(\.stringValue), !names.isEmpty else { return nil }
    let standard = [
      "home": "Home", "work": "Work", "cell": "Mobile", "fax": "Fax", "pager": "Pager", "main": "Main",
      "other": "Other",
    ]
    var known: [String: JSONObject] = [:]
    for field in contents[.contactField].all {
      for label in field["labels"]?.arrayValue ?? [] {
        if let type = label["type"]?.stringValue, let object = label.objectValue { known[type] = object }
      }
    }
    var nextID = (known.values.compactMap { $0["id"]?.intValue }.max() ?? 0) + 1
    var labels: [JSONValue] = []
    for name in names {
      let key = standard[name.lowercased()] != nil ? name.lowercased() : name
      if let label = known[key] {
        labels.append(.object(label))
        continue
      }
      let label = JSONObject([
        "id": .int(nextID), "object": .string("contactfieldlabel"), "type": .string(key),
        "label": .string(standard[key] ?? key), "account": RecordShapes.accountJSON(1), "created_at": stamp,
        "updated_at": stamp,
      ])
      nextID += 1
      known[key] = label
      labels.append(.object(label))
    }
    return .array(labels)
  }
}

extension SandboxAPI {
  /// A file at a public `/storage/` URL: a document's bytes when documents are public, else
  /// Laravel's 404 page. Seeded documents have bytes made from their name, as long as their size.
  func storedFile(_ name: String) -> APIResponse {
    let notFound = APIResponse(
      status: 404, body: Array("<!DOCTYPE html><title>Not Found</title>\n".utf8),
      contentType: "text/html; charset=UTF-8")
    guard publicStorage else { return notFound }
    return store.withState { state in
      guard let document = state.contents[.document].all.first(where: { $0["new_filename"]?.stringValue == name })
      else { return notFound }
      let bytes =
        state.contents.documentFiles[name] ?? Self.seededBytes(name, size: document["filesize"]?.intValue ?? 0)
      return APIResponse(
        status: 200, body: bytes, contentType: document["mime_type"]?.stringValue ?? "application/octet-stream")
    }
  }

  /// The bytes of a seeded document: its name repeated to its size.
  static func seededBytes(_ name: String, size: Int) -> [UInt8] {
    let pattern = Array("\(name)\n".utf8)
    return (0..<max(size, 0)).map { pattern[$0 % pattern.count] }
  }
}
