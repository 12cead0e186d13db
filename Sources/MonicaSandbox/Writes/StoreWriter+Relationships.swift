import Foundation
import MonicaKit

/// A relationship's create, update and delete, with its reverse row (app/Services/Contact/Relationship).
extension StoreWriter {
  /// `ApiRelationshipController::store` (ApiRelationshipController.php:60-76) runs
  /// `CreateRelationship` (app/Services/Contact/Relationship/CreateRelationship.php:17-58): both
  /// contacts and the type must be the account's (404), the first contact active (422), and
  /// besides the row asked for it makes the reverse one, of the type named by the type's
  /// `name_reverse_relationship` when the account has one (lines 51-55,
  /// RelationshipType.php:57-60). The answer is the first row, 201 (a model just created).
  mutating func createRelationship(_ input: JSONObject) -> APIResponse {
    let check = validation(.relationship, updating: false, input)
    let type = input["relationship_type_id"]?.intValue.flatMap { contents[.relationshipType].records[$0] }
    if let failure = check.failure { return failure }
    // The look-ups are the account's, in this order (CreateRelationship.php:37-46: `contact_is`,
    // its `throwInactive`, `of_contact`, the type): another account's row is a 404.
    guard let from = input["contact_is"]?.intValue, contents[.contact].records[from] != nil else { return .notFound }
    if isArchived(from) { return Self.archived }
    guard let to = input["of_contact"]?.intValue, contents[.contact].records[to] != nil, let type else {
      return .notFound
    }
    let made = relationshipRow(from, to, type)
    let reverse = type["name_reverse_relationship"]?.stringValue
    if let back = contents[.relationshipType].all.first(where: { $0["name"]?.stringValue == reverse }) {
      _ = relationshipRow(to, from, back)
    }
    return data(201, made)
  }

  /// Inserts one relationship row and shows it in its contact's `information.relationships`,
  /// under the group of its type (ContactResource lists a contact's rows by type group).
  mutating func relationshipRow(_ from: Int, _ to: Int, _ type: JSONObject) -> JSONObject {
    let id = contents[.relationship].nextID
    let uuid = JSONValue.string(random.uuid())
    let record = RelationshipResource.json(
      id: id, uuid: uuid, contactIs: short(from), type: type, ofContact: short(to), baseURL: baseURL, created: stamp,
      updated: stamp)
    contents[.relationship].put(id, record)
    touchContacts(of: record)
    let groupIndex = (type["relationship_type_group_id"]?.intValue ?? 1) - 1
    guard RecordShapes.relationshipGroups.indices.contains(groupIndex),
      var contact = contents[.contact].records[from], var information = contact["information"]?.objectValue,
      var groups = information["relationships"]?.objectValue
    else { return record }
    let name = RecordShapes.relationshipGroups[groupIndex]
    var group = groups[name]?.objectValue ?? JSONObject()
    let element = RelationshipResource.short(id: id, uuid: uuid, name: type["name"] ?? .null, contact: short(to))
    let members = (group["contacts"]?.arrayValue ?? []) + [element]
    (group["total"], group["contacts"]) = (.int(members.count), .array(members))
    groups[name] = .object(group)
    information["relationships"] = .object(groups)
    contact["information"] = .object(information)
    contents[.contact].put(from, contact)
    return record
  }

  /// `UpdateRelationship` (app/Services/Contact/Relationship/UpdateRelationship.php:16-52) through
  /// `ApiRelationshipController::update` (ApiRelationshipController.php:84-101): the relationship
  /// and the type must exist (`exists`, 422), the relationship's `contact_is` be active; the
  /// reverse row, found through the old type's reverse (Relationship.php:85-98), takes the new
  /// type's reverse when the account has one (lines 43-49), then the row takes the new type.
  /// The answer is the row, refreshed: 200.
  mutating func updateRelationship(_ id: String, _ input: JSONObject) -> APIResponse {
    var check = Validation(JSONObject(["relationship_id": .string(id)]).merging(input, ["relationship_type_id"]))
    check.integer("relationship_id", required: true)
    check.exists("relationship_id", Int(id).flatMap { contents[.relationship].records[$0] } != nil)
    apply(RecordKind.relationship.writes?.updateRules, to: &check)
    let type = input["relationship_type_id"]?.intValue.flatMap { contents[.relationshipType].records[$0] }
    if let failure = check.failure { return failure }
    guard let number = Int(id), let row = contents[.relationship].records[number], let type else { return .notFound }
    if isArchived(row["contact_is"]?["id"]?.intValue) { return Self.archived }
    if let reverse = reverseRelationship(of: row), let back = relationshipType(named: type["name_reverse_relationship"])
    {
      retype(reverse, back)
    }
    retype(number, type)
    return data(200, contents[.relationship].records[number] ?? row)
  }

  /// `DestroyRelationship` (app/Services/Contact/Relationship/DestroyRelationship.php:16-88)
  /// through `ApiRelationshipController::destroy` (lines 110-124): the row must exist (`exists`,
  /// 422), its `contact_is` be active; the reverse row goes with it (lines 124-132), and the other
  /// contact too when it is partial and no row is left about it (lines 139-157).
  mutating func deleteRelationship(_ id: String) -> APIResponse {
    var check = Validation(JSONObject(["relationship_id": .string(id)]))
    check.integer("relationship_id", required: true)
    check.exists("relationship_id", Int(id).flatMap { contents[.relationship].records[$0] } != nil)
    if let failure = check.failure { return failure }
    guard let number = Int(id), destroyRelationship(number) else { return Self.archived }
    return deleted(.string(id))
  }

  /// Deletes a row as `DestroyRelationship` does; false, deleting nothing, when its `contact_is`
  /// is archived (`throwInactive`, DestroyRelationship.php:108).
  mutating func destroyRelationship(_ id: Int) -> Bool {
    guard let row = contents[.relationship].records[id] else { return true }
    if isArchived(row["contact_is"]?["id"]?.intValue) { return false }
    if let reverse = reverseRelationship(of: row) { removeRelationship(reverse) }
    removeRelationship(id)
    guard let other = row["of_contact"]?["id"]?.intValue,
      contents[.contact].records[other]?["is_partial"]?.boolValue == true,
      !contents[.relationship].all.contains(where: { Self.links($0, other) })
    else { return true }
    // DestroyContact::dispatch (DestroyRelationship.php:151-155), run at once here.
    _ = deleteContact(String(other))
    return true
  }

  /// `DestroyContact::destroyRelationships` (app/Services/Contact/Contact/DestroyContact.php:
  /// 64-86): every row where the contact is `contact_is`, then every one where it is `of_contact`,
  /// each through `DestroyRelationship`; false when one of them refuses, which fails the job
  /// before the contact goes.
  mutating func destroyRelationships(of contactID: Int) -> Bool {
    for key in ["contact_is", "of_contact"] {
      let rows = contents[.relationship].all.filter { $0[key]?["id"]?.intValue == contactID }
      for row in rows {
        guard let id = row["id"]?.intValue, destroyRelationship(id) else { return false }
      }
    }
    return true
  }

  static func links(_ row: JSONObject, _ contactID: Int) -> Bool {
    row["contact_is"]?["id"]?.intValue == contactID || row["of_contact"]?["id"]?.intValue == contactID
  }

  /// `Relationship::reverseRelationship` (app/Models/Relationship/Relationship.php:85-98): the
  /// first row from the other contact back, of the type named by this type's reverse name.
  func reverseRelationship(of row: JSONObject) -> Int? {
    let typeID = row["relationship_type"]?["id"]?.intValue
    let current = typeID.flatMap { contents[.relationshipType].records[$0] } ?? row["relationship_type"]?.objectValue
    guard let back = relationshipType(named: current?["name_reverse_relationship"]),
      let from = row["contact_is"]?["id"]?.intValue, let to = row["of_contact"]?["id"]?.intValue
    else { return nil }
    return contents[.relationship].all.first {
      $0["contact_is"]?["id"]?.intValue == to && $0["of_contact"]?["id"]?.intValue == from
        && $0["relationship_type"]?["id"] == back["id"]
    }?["id"]?.intValue
  }

  /// `Account::getRelationshipTypeByType` (RelationshipType.php:57-60): the account's type of that name.
  func relationshipType(named name: JSONValue?) -> JSONObject? {
    guard let name = name?.stringValue else { return nil }
    return contents[.relationshipType].all.first { $0["name"]?.stringValue == name }
  }

  /// `$relationship->update(['relationship_type_id' => ...])`: nothing when the type is the same
  /// (a clean model is not saved); otherwise the row and both contacts (Relationship.php:23-26,
  /// `$touches`) take the time, and the row moves to its new type's group in its contact.
  mutating func retype(_ id: Int, _ type: JSONObject) {
    guard var row = contents[.relationship].records[id], row["relationship_type"]?["id"] != type["id"] else { return }
    row["relationship_type"] = .object(type)
    row["updated_at"] = stamp
    contents[.relationship].put(id, row)
    touchContacts(of: row)
    showRelationship(id, in: row["contact_is"]?["id"]?.intValue)
  }

  mutating func removeRelationship(_ id: Int) {
    guard let row = contents[.relationship].records[id] else { return }
    contents[.relationship].remove(id)
    touchContacts(of: row)
    showRelationship(id, in: row["contact_is"]?["id"]?.intValue)
  }

  /// Sets the time on a row's two contacts, as a relationship's save or delete does
  /// (`$touches`, app/Models/Relationship/Relationship.php:23-26).
  mutating func touchContacts(of row: JSONObject) {
    for key in ["contact_is", "of_contact"] {
      guard let id = row[key]?["id"]?.intValue, var contact = contents[.contact].records[id],
        contact["updated_at"] != nil
      else { continue }
      contact["updated_at"] = stamp
      contents[.contact].put(id, contact)
    }
  }

  /// Shows row `id` in its contact's `information.relationships` as the row now is: under its
  /// type's group, in id order (ContactBase.php:40-56 filters the contact's rows by group), or
  /// nowhere once deleted. A contact without the groups (a partial one) shows none.
  mutating func showRelationship(_ id: Int, in contactID: Int?) {
    guard let contactID, var contact = contents[.contact].records[contactID],
      var information = contact["information"]?.objectValue, var groups = information["relationships"]?.objectValue
    else { return }
    var shown: JSONValue?
    for member in groups.members {
      guard var group = member.value.objectValue, let list = group["contacts"]?.arrayValue else { continue }
      let kept = list.filter { $0["relationship"]?["id"]?.intValue != id }
      if kept.count == list.count { continue }
      shown = list.first { $0["relationship"]?["id"]?.intValue == id }?["contact"]
      (group["total"], group["contacts"]) = (.int(kept.count), .array(kept))
      groups[member.key] = .object(group)
    }
    if let row = contents[.relationship].records[id], let type = row["relationship_type"] {
      let index = (type["relationship_type_group_id"]?.intValue ?? 1) - 1
      let name = RecordShapes.relationshipGroups.indices.contains(index) ? RecordShapes.relationshipGroups[index] : ""
      if var group = groups[name]?.objectValue {
        var list = group["contacts"]?.arrayValue ?? []
        let element = RelationshipResource.short(
          id: id, uuid: row["uuid"] ?? .null, name: type["name"] ?? .null, contact: shown ?? row["of_contact"] ?? .null)
        list.insert(element, at: list.firstIndex { ($0["relationship"]?["id"]?.intValue ?? 0) > id } ?? list.count)
        (group["total"], group["contacts"]) = (.int(list.count), .array(list))
        groups[name] = .object(group)
      }
    }
    information["relationships"] = .object(groups)
    contact["information"] = .object(information)
    contents[.contact].put(contactID, contact)
  }
}
