import Foundation
import MonicaKit

/// A contact's create, update and delete, as Monica's contact services do (app/Services/Contact/Contact).
///
/// `PUT /contacts/{id}` looks the contact up first (a 404, ApiContactController.php:136-160), then
/// UpdateContact's rules; an archived contact is refused; UpdateContact reads `is_deceased`
/// unguarded although its rule says nullable (UpdateContact.php:308,422), so leaving it out is
/// PHP's undefined-key warning, a 500. The model is updated with the keys given only (line 382):
/// a name or nickname left out is kept; the description is cleared when missing (line 392). Every
/// copy of the contact embedded elsewhere follows.
extension ContactResource: WritableResource {
  static let kind = RecordKind.contact

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let gender = input["gender_id"]?.intValue.flatMap { writer.contents[.gender].records[$0] }
    if let existing {
      if existing["is_active"]?.boolValue == false { return .stop(StoreWriter.archived) }
      if input["is_deceased"] == nil { return .stop(.message(500, "Server Error")) }
    }
    let first = StoreWriter.text(input["first_name"]) ?? ""
    let dead = StoreWriter.flag(input["is_deceased"])
    let birthdate = StoreWriter.flag(input["is_birthdate_known"]) ? writer.specialDate(input, prefix: "birthdate") : nil
    let deceased =
      dead && StoreWriter.flag(input["is_deceased_date_known"])
      ? writer.specialDate(input, prefix: "deceased_date") : nil
    if var existing {
      for key in ["first_name", "last_name", "nickname"] where input[key] != nil {
        existing[key] = .string(StoreWriter.text(input[key]))
      }
      let name = RecordShapes.completeName(first: first, last: existing["last_name"]?.stringValue, dead: dead)
      existing["complete_name"] = .string(name)
      existing["initials"] = .string(RecordShapes.initials(name))
      existing["description"] = .string(StoreWriter.text(input["description"]))
      existing["is_dead"] = .bool(dead)
      if let gender {
        (existing["gender"], existing["gender_type"]) = (gender["name"] ?? .null, gender["type"] ?? .null)
      }
      if var information = existing["information"]?.objectValue {
        information["dates"] = .object(
          JSONObject(["birthdate": SpecialDate.json(birthdate), "deceased_date": SpecialDate.json(deceased)]))
        existing["information"] = .object(information)
      }
      existing["updated_at"] = writer.stamp
      return .record(existing)
    }
    let uuid = writer.random.uuid()
    var facts = ContactFacts(
      id: id, uuid: uuid, hashID: "h:" + writer.random.hex(8), firstName: first, baseURL: writer.baseURL,
      createdAt: writer.now, updatedAt: writer.now)
    facts.lastName = StoreWriter.text(input["last_name"])
    facts.nickname = StoreWriter.text(input["nickname"])
    facts.description = StoreWriter.text(input["description"])
    facts.isPartial = StoreWriter.flag(input["is_partial"])
    facts.isDead = dead
    if let name = gender?["name"]?.stringValue, let type = gender?["type"]?.stringValue { facts.gender = (name, type) }
    facts.birthdate = birthdate
    facts.deceasedDate = deceased
    facts.avatarColor = writer.random.pick(SeedData.avatarColors)
    facts.avatarURL = .string("\(writer.filesURL)/avatars/\(uuid).jpg?\(writer.now)")
    if facts.isPartial { writer.contents.partialAvatars[id] = avatar(facts) }
    return .record(json(facts))
  }

  /// An update's copies of the contact follow; a create writes its audit log
  /// (CreateContact.php:241-262).
  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    if existing == nil {
      writer.logContact("contact_created", record)
    } else if let id = record["id"]?.intValue {
      writer.propagate(id)
    }
  }

  /// `DestroyContact` runs at once on Monica's default sync queue (.env.example:107), and the
  /// controller catches nothing (ApiContactController.php:165-173): its rules' failure is Laravel's
  /// uncaught 422, a contact that `exists` finds outside the account's `findOrFail` (soft-deleted,
  /// DestroyContact.php:39-40, or another account's) Laravel's 404, and an archived one fails
  /// `throwInactive` (line 42). Its relationships go first, each through DestroyRelationship
  /// (lines 64-86), which refuses for an archived contact of theirs.
  static func deleteRoute(_ route: String, in writer: inout StoreWriter) -> APIResponse? {
    let rules = kind.rules(.delete)
    let value = Int(route).map(JSONValue.int) ?? .string(route)
    if let refusal = writer.uncaughtRefusal(rules, JSONObject(), route: StoreWriter.routeValues(rules, value)) {
      return refusal
    }
    guard let id = Int(route), writer.contents[kind].records[id] != nil else {
      return .message(404, "No query results for model [App\\Models\\Contact\\Contact] \(route)")
    }
    if writer.isArchived(id) { return StoreWriter.archivedUncaught }
    if writer.destroyRelationships(of: id) { writer.softDelete(id) }
    return writer.deleted(.string(route))
  }
}

extension StoreWriter {
  /// A soft delete (DestroyContact.php:52, SoftDeletes at Contact.php:49): the contact's notes,
  /// tasks, gifts, photos, calls... keep their rows and stay listed, their contact (and a gift's
  /// recipient) null, as the relation no longer finds it, until the contact is pruned a week later
  /// (Contact.php:1585-1588) and the foreign keys' cascade removes them. It leaves the activities
  /// it attended (the pivot's rows go with it), and its contact fields.
  mutating func softDelete(_ id: Int) {
    contents[.contact].remove(id)
    for kind in RecordKind.all where ![RecordKind.contact, .relationship, .contactField].contains(kind) {
      let links = kind.contactReferences.filter { !$0.path.contains("[]") && $0.path.hasSuffix(".id") }
      for record in contents[kind].all {
        var kept = record
        for link in links where link.ids(in: .object(record)).contains(id) {
          kept[String(link.path.dropLast(3))] = .null
        }
        if kept != record, let recordID = record["id"]?.intValue { contents[kind].put(recordID, kept) }
      }
    }
    for var activity in contents[.activity].all {
      guard var attendees = activity["attendees"]?.objectValue, let list = attendees["contacts"]?.arrayValue,
        let activityID = activity["id"]?.intValue, list.contains(where: { $0["id"]?.intValue == id })
      else { continue }
      let kept = list.filter { $0["id"]?.intValue != id }
      attendees["contacts"] = .array(kept)
      attendees["total"] = .int(kept.count)
      activity["attendees"] = .object(attendees)
      contents[.activity].put(activityID, activity)
    }
    contents.contactFields[id] = nil
  }
}
