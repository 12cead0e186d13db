import MonicaKit

/// A contact as notes, tasks, gifts, relationships... embed it (ContactShortResource), derived
/// from its full record: the only place a short contact is assembled.
package enum ContactShortResource {
  /// The short contact (app/Http/Resources/Contact/ContactShort.php:23-61) derived from a full contact record; `avatar`
  /// stands in for a partial contact, whose full form has no avatar.
  package static func json(fromFull full: JSONObject, avatar fallback: JSONValue? = nil) -> JSONValue {
    var members: [JSONObject.Member] = []
    members.reserveCapacity(copied.count + 3)
    for key in copied { members.append(.init(key, full[key] ?? .null)) }
    let information = full["information"]?.objectValue
    let dates = information?["dates"]?.objectValue
    members.append(
      .init(
        "information",
        .object(
          JSONObject([
            "birthdate": dates?["birthdate"] ?? SpecialDate.json(nil),
            "deceased_date": dates?["deceased_date"] ?? SpecialDate.json(nil),
            "avatar": information?["avatar"] ?? fallback ?? defaultAvatar,
          ]))))
    if let url = full["url"] { members.append(.init("url", url)) }
    members.append(.init("account", full["account"] ?? RecordShapes.accountJSON(1)))
    return .object(JSONObject(members))
  }

  /// The keys a short contact copies from the full one, in order.
  private static let copied = [
    "id", "uuid", "object", "hash_id", "first_name", "last_name", "nickname", "complete_name",
    "initials", "gender", "gender_type", "is_starred", "is_partial", "is_active", "is_dead", "is_me",
  ]

  /// The avatar of a contact whose full form has none and who was given no other.
  private static let defaultAvatar = JSONValue.object(
    JSONObject(["url": .string(""), "source": .string("default"), "default_avatar_color": .string("#b3d5fe")]))
}
