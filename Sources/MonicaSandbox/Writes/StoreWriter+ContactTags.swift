import Foundation
import MonicaKit

/// A contact's tags (set, unset) and its avatar.
extension StoreWriter {
  mutating func setTags(_ id: String, _ input: JSONObject) -> APIResponse {
    guard let contactID = Int(id), var contact = contents[.contact].records[contactID] else { return .notFound }
    var check = Validation(input)
    check.array("tags", required: true)
    if let failure = check.failure { return failure }
    let names = (input["tags"]?.arrayValue ?? []).compactMap { Self.text($0)?.trimmingCharacters(in: .whitespaces) }
    // AssociateTag calls throwInactive, and the controller does not catch it (AssociateTag.php:38).
    if isArchived(contactID) && names.contains(where: { !$0.isEmpty }) { return Self.archivedUncaught }
    var tags = contact["tags"]?.arrayValue ?? []
    for name in names where !name.isEmpty {
      let tag: JSONObject
      if let found = contents[.tag].all.first(where: { $0["name"]?.stringValue == name }) {
        tag = found
      } else {
        tag = makeTag(id: contents[.tag].nextID, name: name, created: nil).json
        if let tagID = tag["id"]?.intValue { contents[.tag].put(tagID, tag) }
      }
      if !tags.contains(where: { $0["id"] == tag["id"] }) { tags.append(.object(tag)) }
    }
    contact["tags"] = .array(tags)
    contents[.contact].put(contactID, contact)
    return data(200, contact)
  }

  mutating func unsetTags(_ id: String, _ input: JSONObject, all: Bool) -> APIResponse {
    guard let contactID = Int(id), var contact = contents[.contact].records[contactID] else { return .notFound }
    if !all {
      var check = Validation(input)
      check.array("tags", required: true)
      if let failure = check.failure { return failure }
    }
    let removed = Set((input["tags"]?.arrayValue ?? []).compactMap(\.intValue))
    // DetachTag and unsetTags call throwInactive too (DetachTag.php:138), uncaught.
    if isArchived(contactID) && (all ? !(contact["tags"]?.arrayValue ?? []).isEmpty : !removed.isEmpty) {
      return Self.archivedUncaught
    }
    contact["tags"] = .array(
      all ? [] : (contact["tags"]?.arrayValue ?? []).filter { !removed.contains($0["id"]?.intValue ?? -1) })
    contents[.contact].put(contactID, contact)
    return data(200, contact)
  }

  /// UpdateAvatar (app/Services/Contact/Avatar/UpdateAvatar.php:22-53) validates the path's
  /// contact_id with `exists:contacts,id` (an unknown id is a 422, not a 404), then calls
  /// throwInactive (422 for an archived contact); ApiAvatarController catches both (code 32).
  mutating func setAvatar(_ id: String, _ input: JSONObject) -> APIResponse {
    var check = Validation(input)
    // UpdateAvatar.php:24 `exists:contacts,id`, then its scoped look-up (line 49): a 404 below.
    if !(Int(id).map { contents.rowExists(.contact, $0) } ?? false) {
      check.add(Int(id) == nil ? "The contact id must be an integer." : "The selected contact id is invalid.")
    }
    check.oneOf("source", ["default", "adorable", "gravatar", "photo"], required: true)
    let source = Self.text(input["source"]) ?? ""
    if source == "photo" && input["photo_id"] == nil {
      check.add("The photo id field is required when source is photo.")
    }
    check.integer("photo_id")
    let photo = input["photo_id"]?.intValue.flatMap { contents[.photo].records[$0] }
    check.exists("photo_id", photo != nil)
    if let failure = check.failure { return failure }
    guard let contactID = Int(id), var contact = contents[.contact].records[contactID] else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let uuid = contact["uuid"]?.stringValue ?? random.uuid()
    let url: JSONValue =
      switch source {
      case "adorable":
        .string(TinyImage.dataURL(TinyImage.png(red: UInt8(random.below(256)), green: 90, blue: 160, size: 4)))
      case "gravatar": .string(GravatarOrigin.avatarURL(random.hex(32)))
      case "photo": photo?["link"] ?? .string("")
      default: .string("\(baseURL)/store/avatars/\(uuid).jpg?\(now)")
      }
    if var information = contact["information"]?.objectValue {
      var avatar = information["avatar"]?.objectValue ?? JSONObject()
      avatar["url"] = url
      avatar["source"] = .string(source)
      if avatar["default_avatar_color"] == nil { avatar["default_avatar_color"] = .string("#b3d5fe") }
      information["avatar"] = .object(avatar)
      contact["information"] = .object(information)
    }
    contact["updated_at"] = stamp
    contents[.contact].put(contactID, contact)
    propagate(contactID)
    return data(200, contact)
  }
}
