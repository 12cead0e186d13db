import Foundation
import MonicaKit

/// The creates and updates of the kinds beyond the first eight (issue 13), with the validation of
/// their services or controllers at v4.1.2, answering the shapes the reads serve.
extension StoreWriter {
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
  mutating func saveCall(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.call].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.call, updating: id != nil, input)
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
    let record = CallResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), calledAt: .string(UTCTime.timestamp(called)),
      content: Self.text(input["content"]),
      contactCalled: input["contact_called"].map { Self.flag($0) ? .bool(true) : .bool(false) } ?? .null,
      emotions: emotions, contact: short(contactID), baseURL: baseURL, created: existing?["created_at"] ?? stamp,
      updated: stamp)
    contents[.call].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `CreateReminder` / `UpdateReminder` (app/Services/Contact/Reminder, rules at
  /// CreateReminder.php:18-31, Reminder.php:50-52): the update finds the reminder through `contact_id`
  /// (UpdateReminder.php:45-48); `delible` is true unless given.
  mutating func saveReminder(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.reminder].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.reminder, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue else { return .notFound }
    if let existing, existing["contact"]?["id"]?.intValue != contactID { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let newID = id ?? contents[.reminder].nextID
    let initial = UTCTime.parseDate(Self.text(input["initial_date"]) ?? "") ?? now
    let record = ReminderResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), title: Self.text(input["title"]) ?? "",
      description: Self.text(input["description"]), frequencyType: Self.text(input["frequency_type"]) ?? "one_time",
      frequencyNumber: input["frequency_number"]?.intValue, initialDate: .string(UTCTime.timestamp(initial)),
      delible: input["delible"].map { Self.flag($0) } ?? true, contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.reminder].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `ApiDebtController::validateUpdate` (ApiDebtController.php:115-132), then the model is
  /// written from the request; an unknown contact is a 404 (lines 136-145).
  mutating func saveDebt(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.debt].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.debt, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else { return .notFound }
    let amount = Self.text(input["amount"]).flatMap(Double.init) ?? 0
    let cents = Int((amount * 100).rounded())
    let newID = id ?? contents[.debt].nextID
    let record = DebtResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), inDebt: Self.text(input["in_debt"]),
      status: Self.text(input["status"]), cents: cents, reason: Self.text(input["reason"]), contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.debt].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }

  /// `ApiPetController::validateUpdate` (ApiPetController.php:114-121): a category of
  /// `pet_categories` (Monica's ten seeded rows), the contact, a name of at most 255 characters.
  mutating func savePet(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.pet].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.pet, updating: id != nil, input)
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, contactExists(input["contact_id"]) else { return .notFound }
    let newID = id ?? contents[.pet].nextID
    let record = PetResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), name: Self.text(input["name"]),
      category: input["pet_category_id"]?.intValue ?? 0, contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
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
    let check = validation(.address, updating: id != nil, input)
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
    let record = AddressResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), name: Self.text(input["name"]), place: place,
      contact: short(contactID), baseURL: baseURL, created: existing?["created_at"] ?? stamp, updated: stamp)
    for member in place.members { placeRecord[member.key] = member.value }
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
    let check = validation(.contactField, updating: id != nil, input)
    let type = input["contact_field_type_id"]?.intValue.flatMap { contents[.contactFieldType].records[$0] }
    if let failure = check.failure { return failure }
    guard let contactID = input["contact_id"]?.intValue, let type else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let newID = id ?? contents[.contactField].nextID
    let record = ContactFieldResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), content: Self.text(input["data"]) ?? "",
      type: type, labels: labels(input["labels"]) ?? existing?["labels"] ?? .array([]), contact: short(contactID),
      created: existing?["created_at"] ?? stamp, updated: stamp)
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
    let check = validation(.contactFieldType, updating: id != nil, input)
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
