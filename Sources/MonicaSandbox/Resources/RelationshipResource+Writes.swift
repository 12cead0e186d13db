import Foundation
import MonicaKit

/// A relationship's create, update and delete, with its reverse row (app/Services/Contact/Relationship).
///
/// `ApiRelationshipController::store` (ApiRelationshipController.php:60-76) runs
/// `CreateRelationship` (app/Services/Contact/Relationship/CreateRelationship.php:17-58): both
/// contacts and the type must be the account's, looked up in this order (lines 37-46:
/// `contact_is`, its `throwInactive`, `of_contact`, the type), and besides the row asked for it
/// makes the reverse one, of the type named by the type's `name_reverse_relationship` when the
/// account has one (lines 51-55, RelationshipType.php:57-60). The answer is the first row, 201.
///
/// `UpdateRelationship` (UpdateRelationship.php:16-52, through lines 84-101 of the controller):
/// the relationship's `contact_is` must be active; the reverse row, found through the old type's
/// reverse (Relationship.php:85-98), takes the new type's reverse when the account has one (lines
/// 43-49), then the row takes the new type. The answer is the row, refreshed: 200.
///
/// `DestroyRelationship` (DestroyRelationship.php:16-88, through lines 110-124 of the controller):
/// its `contact_is` must be active; the reverse row goes with it (lines 124-132), and the other
/// contact too when it is partial and no row is left about it (lines 139-157).
extension RelationshipResource: WritableResource {
  static let kind = RecordKind.relationship

  /// The update's and the delete's rules judge a route id that is no number (they check
  /// `integer` first, the controller's parameter is untyped).
  static func unnumbered(_ operation: WriteOperation) -> APIResponse? { nil }

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let type = input["relationship_type_id"]?.intValue.flatMap { writer.contents[.relationshipType].records[$0] }
    if let existing {
      guard let type else { return .stop(.notFound) }
      if writer.isArchived(existing["contact_is"]?["id"]?.intValue) { return .stop(StoreWriter.archived) }
      if let reverse = writer.reverseRelationship(of: existing),
        let back = writer.relationshipType(named: type["name_reverse_relationship"])
      {
        writer.retype(reverse, back)
      }
      writer.retype(id, type)
      return .record(writer.contents[kind].records[id] ?? existing)
    }
    guard let from = writer.accountContact(input["contact_is"]) else { return .stop(.notFound) }
    if writer.isArchived(from) { return .stop(StoreWriter.archived) }
    guard let to = writer.accountContact(input["of_contact"]), let type else { return .stop(.notFound) }
    return .record(writer.relationshipRecord(id, from, to, type))
  }

  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    guard existing == nil, let from = record["contact_is"]?["id"]?.intValue,
      let to = record["of_contact"]?["id"]?.intValue, let type = record["relationship_type"]?.objectValue
    else { return }
    writer.listRelationship(record)
    let reverse = type["name_reverse_relationship"]?.stringValue
    if let back = writer.relationshipType(named: reverse.map(JSONValue.string)) {
      _ = writer.relationshipRow(to, from, back)
    }
  }

  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse {
    guard writer.destroyRelationship(id) else { return StoreWriter.archived }
    return writer.deleted(.string(route))
  }
}

extension StoreWriter {
  /// Row `id` of a relationship from contact `from` to `to`, of `type`.
  mutating func relationshipRecord(_ id: Int, _ from: Int, _ to: Int, _ type: JSONObject) -> JSONObject {
    RelationshipResource.json(
      id: id, uuid: .string(random.uuid()), contactIs: short(from), type: type, ofContact: short(to), baseURL: baseURL,
      created: stamp, updated: stamp)
  }

  /// Inserts one relationship row and shows it in its contact's `information.relationships`.
  mutating func relationshipRow(_ from: Int, _ to: Int, _ type: JSONObject) -> JSONObject {
    let id = contents[.relationship].nextID
    let record = relationshipRecord(id, from, to, type)
    contents[.relationship].put(id, record)
    listRelationship(record)
    return record
  }

  /// Shows a new row in its contact's `information.relationships`, under the group of its type
  /// (ContactResource lists a contact's rows by type group), and touches both contacts.
  mutating func listRelationship(_ record: JSONObject) {
    touchContacts(of: record)
    guard let id = record["id"]?.intValue, let from = record["contact_is"]?["id"]?.intValue,
      let type = record["relationship_type"]?.objectValue
    else { return }
    let groupIndex = (type["relationship_type_group_id"]?.intValue ?? 1) - 1
    guard RecordShapes.relationshipGroups.indices.contains(groupIndex),
      var contact = contents[.contact].records[from], var information = contact["information"]?.objectValue,
      var groups = information["relationships"]?.objectValue
    else { return }
    let name = RecordShapes.relationshipGroups[groupIndex]
    var group = groups[name]?.objectValue ?? JSONObject()
    let element = RelationshipResource.short(
      id: id, uuid: record["uuid"] ?? .null, name: type["name"] ?? .null, contact: record["of_contact"] ?? .null)
    let members = (group["contacts"]?.arrayValue ?? []) + [element]
    (group["total"], group["contacts"]) = (.int(members.count), .array(members))
    groups[name] = .object(group)
    information["relationships"] = .object(groups)
    contact["information"] = .object(information)
    contents[.contact].put(from, contact)
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
    _ = delete(.contact, String(other))
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
