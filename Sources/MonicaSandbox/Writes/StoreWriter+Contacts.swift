import Foundation
import MonicaKit

/// Creating, updating and deleting contacts, as Monica's contact services do.
extension StoreWriter {
  mutating func saveContact(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.contact].records[id] == nil { return .notFound }
    let check = validation(.contact, updating: id != nil, input)
    let gender = input["gender_id"]?.intValue.flatMap { contents[.gender].records[$0] }
    if let failure = check.failure { return failure }
    if let id, let existing = contents[.contact].records[id] {
      if existing["is_active"]?.boolValue == false { return Self.archived }
      // UpdateContact reads is_deceased unguarded although its rule says nullable
      // (UpdateContact.php:308,422): PHP's undefined-key warning becomes a 500.
      if input["is_deceased"] == nil { return .message(500, "Server Error") }
    }

    let first = Self.text(input["first_name"]) ?? ""
    let dead = Self.flag(input["is_deceased"])
    let birthdate = Self.flag(input["is_birthdate_known"]) ? specialDate(input, prefix: "birthdate") : nil
    let deceased =
      dead && Self.flag(input["is_deceased_date_known"]) ? specialDate(input, prefix: "deceased_date") : nil
    let record: JSONObject
    if let id, var existing = contents[.contact].records[id] {
      // The model is updated with the keys given only (UpdateContact.php:382): a name or
      // nickname left out is kept; the description is cleared when missing (line 392).
      for key in ["first_name", "last_name", "nickname"] where input[key] != nil {
        existing[key] = .string(Self.text(input[key]))
      }
      let last = existing["last_name"]?.stringValue
      let name = RecordShapes.completeName(first: first, last: last, dead: dead)
      existing["complete_name"] = .string(name)
      existing["initials"] = .string(RecordShapes.initials(name))
      existing["description"] = .string(Self.text(input["description"]))
      existing["is_dead"] = .bool(dead)
      if let gender {
        (existing["gender"], existing["gender_type"]) = (gender["name"] ?? .null, gender["type"] ?? .null)
      }
      if var information = existing["information"]?.objectValue {
        information["dates"] = .object(
          JSONObject(["birthdate": SpecialDate.json(birthdate), "deceased_date": SpecialDate.json(deceased)]))
        existing["information"] = .object(information)
      }
      existing["updated_at"] = stamp
      record = existing
    } else {
      let newID = contents[.contact].nextID
      let uuid = random.uuid()
      var facts = ContactFacts(
        id: newID, uuid: uuid, hashID: "h:" + random.hex(8), firstName: first, baseURL: baseURL, createdAt: now,
        updatedAt: now)
      facts.lastName = Self.text(input["last_name"])
      facts.nickname = Self.text(input["nickname"])
      facts.description = Self.text(input["description"])
      facts.isPartial = Self.flag(input["is_partial"])
      facts.isDead = dead
      if let name = gender?["name"]?.stringValue, let type = gender?["type"]?.stringValue {
        facts.gender = (name, type)
      }
      facts.birthdate = birthdate
      facts.deceasedDate = deceased
      facts.avatarColor = random.pick(SeedData.avatarColors)
      facts.avatarURL = .string("\(baseURL)/store/avatars/\(uuid).jpg?\(now)")
      record = ContactResource.json(facts)
      if facts.isPartial { contents.partialAvatars[newID] = ContactResource.avatar(facts) }
    }
    guard let recordID = record["id"]?.intValue else { return .notFound }
    contents[.contact].put(recordID, record)
    if id != nil { propagate(recordID) }
    return data(id == nil ? 201 : 200, record)
  }

  mutating func deleteContact(_ id: String) -> APIResponse {
    // DestroyContact runs at once on Monica's default sync queue (.env.example:107), and the
    // controller catches nothing (ApiContactController.php:165-173): its validation failure is
    // Laravel's 422, a contact already (soft-)deleted is outside findOrFail (DestroyContact.php:39-40),
    // Laravel's 404, and an archived one fails throwInactive (line 42).
    if let failure = Self.contactDeletionFailure(id, contents[.contact]) { return failure }
    if let number = Int(id), isArchived(number) { return Self.archivedUncaught }
    if let number = Int(id), contents[.contact].records[number] != nil, destroyRelationships(of: number) {
      contents[.contact].remove(number)
      // A soft delete (DestroyContact.php:52, SoftDeletes at Contact.php:49): the contact's notes,
      // tasks, gifts, photos, calls... keep their rows and stay listed, their contact (and a
      // gift's recipient) null, as the relation no longer finds it, until the contact is pruned
      // a week later (Contact.php:1585-1588) and the foreign keys' cascade removes them.
      for kind in RecordKind.all where ![RecordKind.contact, .relationship, .contactField].contains(kind) {
        let links = kind.contactReferences.filter { !$0.path.contains("[]") && $0.path.hasSuffix(".id") }
        for record in contents[kind].all {
          var kept = record
          for link in links where link.ids(in: .object(record)).contains(number) {
            kept[String(link.path.dropLast(3))] = .null
          }
          if kept != record, let recordID = record["id"]?.intValue { contents[kind].put(recordID, kept) }
        }
      }
      for var activity in contents[.activity].all {
        guard var attendees = activity["attendees"]?.objectValue, let list = attendees["contacts"]?.arrayValue,
          let activityID = activity["id"]?.intValue, list.contains(where: { $0["id"]?.intValue == number })
        else { continue }
        let kept = list.filter { $0["id"]?.intValue != number }
        attendees["contacts"] = .array(kept)
        attendees["total"] = .int(kept.count)
        activity["attendees"] = .object(attendees)
        contents[.activity].put(activityID, activity)
      }
      contents.contactFields[number] = nil
    }
    return .json(200, .object(JSONObject(["deleted": .bool(true), "id": .string(id)])))
  }
}

extension StoreWriter {
  /// What Laravel's handler answers when DestroyContact fails before deleting: its rules
  /// (DestroyContact.php:24, `'contact_id' => 'required|integer|exists:contacts,id'`) as an
  /// uncaught ValidationException, or the ModelNotFoundException of a soft-deleted contact.
  static func contactDeletionFailure(_ id: String, _ contacts: RecordTable) -> APIResponse? {
    guard let number = Int(id) else { return uncaughtValidation("contact_id", "The contact id must be an integer.") }
    if contacts.records[number] != nil { return nil }
    if contacts.removed.contains(number) {
      return .message(404, "No query results for model [App\\Models\\Contact\\Contact] \(number)")
    }
    return uncaughtValidation("contact_id", "The selected contact id is invalid.")
  }

  /// Laravel's rendering of an uncaught ValidationException: the first message, then every one by field.
  static func uncaughtValidation(_ field: String, _ message: String) -> APIResponse {
    .json(
      422,
      .object(
        JSONObject([
          "message": .string(message),
          "errors": .object(JSONObject([field: .array([.string(message)])])),
        ])))
  }
}
