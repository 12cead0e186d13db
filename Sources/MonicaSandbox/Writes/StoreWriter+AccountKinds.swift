import Foundation
import MonicaKit

/// The creates and updates of the kinds beyond the first eight (issue 13), with the validation of
/// their services or controllers at v4.1.2, answering the shapes the reads serve.
extension StoreWriter {
  mutating func performAccountKind(_ route: Route, _ input: JSONObject) -> APIResponse {
    switch route {
    case .create(.call): return saveCall(nil, input)
    case .update(.call, let id): return Int(id).map { saveCall($0, input) } ?? .notFound
    case .create(.reminder): return saveReminder(nil, input)
    case .update(.reminder, let id): return Int(id).map { saveReminder($0, input) } ?? .notFound
    case .create(.debt): return saveDebt(nil, input)
    case .update(.debt, let id): return Int(id).map { saveDebt($0, input) } ?? .notFound
    case .create(.pet): return savePet(nil, input)
    case .update(.pet, let id): return Int(id).map { savePet($0, input) } ?? .notFound
    case .create(.address): return saveAddress(nil, input)
    case .update(.address, let id): return Int(id).map { saveAddress($0, input) } ?? .notFound
    case .create(.contactField): return saveContactField(nil, input)
    case .update(.contactField, let id): return Int(id).map { saveContactField($0, input) } ?? .notFound
    case .create(.contactFieldType): return saveContactFieldType(nil, input)
    case .update(.contactFieldType, let id): return Int(id).map { saveContactFieldType($0, input) } ?? .notFound
    default: return performRestKind(route, input)
    }
  }

  /// A date or a date and time (`2021-03-04`, `2021-03-04T10:20:30Z`, `2021-03-04 10:20:30`)
  /// as seconds since the epoch, as Carbon parses what the `date` rule lets through.
  static func moment(_ text: String) -> Int? {
    guard let day = UTCTime.parseDate(text) else { return nil }
    let rest = text.dropFirst(10)
    guard rest.count >= 9, rest.first == "T" || rest.first == " " else { return day }
    let clock = rest.dropFirst().prefix(8).split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3 else { return day }
    return day + clock[0] * 3_600 + clock[1] * 60 + clock[2]
  }

  /// `CreateCall` / `UpdateCall` (app/Services/Contact/Call, rules at CreateCall.php:18-28 and
  /// UpdateCall.php:16-26); the controller answers a CallResource (ApiCallController.php:65-86),
  /// 201 when created (a JsonResource of a model just inserted).
  private mutating func saveCall(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.call].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    if id == nil { check.integer("contact_id", required: true) }
    check.date("called_at", required: true)
    check.string("content")
    check.boolean("contact_called")
    check.array("emotions")
    if let failure = check.failure { return failure }
    let contactID = existing?["contact"]?["id"]?.intValue ?? input["contact_id"]?.intValue
    guard let contactID, contents[.contact].records[contactID] != nil else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let emotionIDs = (input["emotions"]?.arrayValue ?? []).compactMap(\.intValue)
    guard emotionIDs.allSatisfy({ $0 > 0 }) else { return .notFound }  // Emotion::findOrFail
    // Emotions are attached without detaching (syncWithoutDetaching, CreateCall.php:66-75).
    var emotions = existing?["emotions"]?.arrayValue ?? []
    for emotion in emotionIDs where !emotions.contains(where: { $0["id"]?.intValue == emotion }) {
      emotions.append(SeedData.emotion(emotion))
    }
    let newID = id ?? contents[.call].nextID
    let called = Self.moment(Self.text(input["called_at"]) ?? "") ?? now
    // UpdateCall stores an empty content or contact_called as null (UpdateCall.php:44-48).
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("call"),
      "called_at": .string(UTCTime.timestamp(called)), "content": .string(Self.text(input["content"])),
      "contact_called": input["contact_called"].map { Self.flag($0) ? .bool(true) : .bool(false) } ?? .null,
      "emotions": .array(emotions), "url": .string("\(baseURL)/api/calls/\(newID)"),
      "account": RecordShapes.accountJSON(1), "contact": short(contactID),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.call].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `CreateReminder` / `UpdateReminder` (app/Services/Contact/Reminder, rules at
  /// CreateReminder.php:18-31, Reminder.php:50-52): the update finds the reminder through `contact_id`
  /// (UpdateReminder.php:45-48); `delible` is true unless given.
  private mutating func saveReminder(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.reminder].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.integer("contact_id", required: true)
    check.exists("contact_id", existsInTable(.contact, input["contact_id"]))
    check.date("initial_date", required: true, format: true)
    check.oneOf("frequency_type", ["one_time", "week", "month", "year"], required: true)
    check.integer("frequency_number", required: id == nil)
    check.string("title", required: true, max: 100_000)
    check.boolean("delible")
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue else { return .notFound }
    if let existing, existing["contact"]?["id"]?.intValue != contactID { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let newID = id ?? contents[.reminder].nextID
    let initial = UTCTime.parseDate(Self.text(input["initial_date"]) ?? "") ?? now
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("reminder"),
      "title": .string(Self.text(input["title"]) ?? ""), "description": .string(Self.text(input["description"])),
      "frequency_type": .string(Self.text(input["frequency_type"]) ?? "one_time"),
      "frequency_number": input["frequency_number"]?.intValue.map(JSONValue.int) ?? .null,
      "initial_date": .string(UTCTime.timestamp(initial)),
      "delible": .bool(input["delible"].map { Self.flag($0) } ?? true), "account": RecordShapes.accountJSON(1),
      "contact": short(contactID), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.reminder].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `ApiDebtController::validateUpdate` (ApiDebtController.php:115-132), then the model is
  /// written from the request; an unknown contact is a 404 (lines 136-145).
  private mutating func saveDebt(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.debt].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.oneOf("in_debt", ["yes", "no"], required: true)
    check.oneOf("status", ["inprogress", "completed"], required: true)
    check.required("amount")
    check.numeric("amount")
    check.string("reason", max: 1_000_000)
    check.integer("contact_id", required: true)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else { return .notFound }
    let amount = Self.text(input["amount"]).flatMap(Double.init) ?? 0
    let cents = Int((amount * 100).rounded())
    let newID = id ?? contents[.debt].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("debt"),
      "in_debt": .string(Self.text(input["in_debt"])), "status": .string(Self.text(input["status"])),
      "amount": .string(MoneyFormat.decimal(cents)), "value": .string(MoneyFormat.pattern(cents)),
      "amount_with_currency": .string("$" + MoneyFormat.grouped(cents)),
      "reason": .string(Self.text(input["reason"])), "account": RecordShapes.accountJSON(1),
      "contact": short(contactID), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.debt].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `ApiPetController::validateUpdate` (ApiPetController.php:114-121): a category of
  /// `pet_categories` (Monica's ten seeded rows), the contact, a name of at most 255 characters.
  private mutating func savePet(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.pet].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.integer("pet_category_id", required: true)
    let category = input["pet_category_id"]?.intValue ?? 0
    check.exists("pet_category_id", (1...SeedData.petCategories.count).contains(category))
    check.integer("contact_id", required: true)
    check.string("name", max: 255)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else { return .notFound }
    let newID = id ?? contents[.pet].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("pet"),
      "name": .string(Self.text(input["name"])),
      "pet_category": .object(
        JSONObject([
          "id": .int(category), "object": .string("pet_category"),
          "name": .string(SeedData.petCategories[category - 1]), "is_common": .bool(category <= 3),
        ])),
      "account": RecordShapes.accountJSON(1), "contact": short(contactID),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.pet].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}

extension StoreWriter {
  /// `CreateAddress` / `UpdateAddress` (app/Services/Contact/Address, rules at CreateAddress.php:
  /// 20-33): the address's place is made with it (CreatePlace), and the contact's embedded
  /// `addresses` follow; the update finds the address through `contact_id` (UpdateAddress.php:48-50).
  mutating func saveAddress(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.address].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.integer("contact_id", required: true)
    check.exists("contact_id", existsInTable(.contact, input["contact_id"]))
    for key in ["name", "street", "city", "province", "postal_code"] { check.string(key, max: 255) }
    check.string("country", max: 3)
    check.numeric("latitude")
    check.numeric("longitude")
    check.array("labels")
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue else { return .notFound }
    if let existing, existing["contact"]?["id"]?.intValue != contactID { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let newID = id ?? contents[.address].nextID
    func number(_ key: String) -> JSONValue {
      guard let text = Self.text(input[key]), Double(text) != nil else { return .null }
      return .number(text)
    }
    let country = Self.text(input["country"]).map { SeedData.country($0.uppercased()) } ?? .null
    let place = JSONObject([
      "street": .string(Self.text(input["street"])), "city": .string(Self.text(input["city"])),
      "province": .string(Self.text(input["province"])), "postal_code": .string(Self.text(input["postal_code"])),
      "latitude": number("latitude"), "longitude": number("longitude"), "country": country,
    ])
    let placeID = contents[.place].nextID
    var placeRecord = JSONObject([
      "id": .int(placeID), "object": .string("place"), "street": .null, "city": .null, "province": .null,
      "postal_code": .null, "latitude": .null, "longitude": .null, "country": .null,
      "account": RecordShapes.accountJSON(1), "created_at": stamp, "updated_at": stamp,
    ])
    var record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("address"),
      "name": .string(Self.text(input["name"])), "street": .null, "city": .null, "province": .null,
      "postal_code": .null, "latitude": .null, "longitude": .null, "country": .null,
      "url": .string("\(baseURL)/api/addresses/\(newID)"), "account": RecordShapes.accountJSON(1),
      "contact": short(contactID), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    for member in place.members {
      record[member.key] = member.value
      placeRecord[member.key] = member.value
    }
    if existing == nil { contents[.place].put(placeID, placeRecord) }
    contents[.address].put(newID, record)
    if var contact = contents[.contact].records[contactID] {
      var list = (contact["addresses"]?.arrayValue ?? []).filter { $0["id"]?.intValue != newID }
      list.append(.object(record))
      contact["addresses"] = .array(list)
      contents[.contact].put(contactID, contact)
    }
    return data(id == nil ? 201 : 200, record)
  }
}

extension StoreWriter {
  /// `CreateContactField` / `UpdateContactField` (app/Services/Contact/ContactField, rules at
  /// CreateContactField.php:19-27): the type must be one of the account's (`findOrFail`, a 404);
  /// the record embeds it as ContactFieldTypeResource and prints `data` as `content`.
  mutating func saveContactField(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.contactField].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.integer("contact_id", required: true)
    check.exists("contact_id", existsInTable(.contact, input["contact_id"]))
    check.integer("contact_field_type_id", required: true)
    let type = input["contact_field_type_id"]?.intValue.flatMap { contents[.contactFieldType].records[$0] }
    check.exists("contact_field_type_id", type != nil)
    check.string("data", required: true, max: 255)
    check.array("labels")
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, let type else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let newID = id ?? contents[.contactField].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("contactfield"),
      "content": .string(Self.text(input["data"]) ?? ""), "contact_field_type": .object(type),
      "labels": labels(input["labels"]) ?? existing?["labels"] ?? .array([]), "account": RecordShapes.accountJSON(1),
      "contact": short(contactID), "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    var table = contents[.contactField]
    table.put(newID, record)
    contents[.contactField] = table
    return data(id == nil ? 201 : 200, record)
  }
}

extension StoreWriter {
  /// `ApiContactFieldTypeController::store` / `update` (ApiContactFieldTypeController.php:53-127):
  /// a name, an icon, a protocol and a type of at most 255 characters, `delible` an integer.
  mutating func saveContactFieldType(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.contactFieldType].records[$0] }
    if id != nil && existing == nil { return .notFound }
    var check = Validation(input)
    check.string("name", required: true, max: 255)
    for key in ["fontawesome_icon", "protocol", "type"] { check.string(key, max: 255) }
    check.integer("delible")
    if let failure = check.failure { return failure }
    let newID = id ?? contents[.contactFieldType].nextID
    let record = JSONObject([
      "id": .int(newID), "uuid": existing?["uuid"] ?? .string(random.uuid()), "object": .string("contactfieldtype"),
      "name": .string(Self.text(input["name"]) ?? ""),
      "fontawesome_icon": .string(Self.text(input["fontawesome_icon"])),
      "protocol": .string(Self.text(input["protocol"])),
      "delible": .bool(input["delible"].map { Self.flag($0) } ?? existing?["delible"]?.boolValue ?? true),
      "type": .string(Self.text(input["type"])), "account": RecordShapes.accountJSON(1),
      "created_at": existing?["created_at"] ?? stamp, "updated_at": stamp,
    ])
    contents[.contactFieldType].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
