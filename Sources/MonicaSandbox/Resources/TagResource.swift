import MonicaKit

/// A tag as the API renders it (app/Http/Resources/Tag/Tag.php): no uuid; for seeding and writing.
enum TagResource {
  /// A tag named `name`, its slug `slug`.
  static func json(id: Int, name: String, slug: String, created: JSONValue, updated: JSONValue) -> JSONObject {
    JSONObject([
      "id": .int(id), "object": .string(RecordKind.tag.object), "name": .string(name), "name_slug": .string(slug),
      "account": RecordShapes.accountJSON(1), "created_at": created, "updated_at": updated,
    ])
  }
}

/// CreateTag and UpdateTag (app/Services/Contact/Tag): the slug follows the name, and the contacts
/// that carry the tag show it as it now is; a deleted tag leaves every contact
/// (`$tag->contacts()->detach()`, DestroyTag.php:36).
extension TagResource: WritableResource {
  static let kind = RecordKind.tag

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    .record(tag(id: id, name: StoreWriter.text(input["name"]) ?? "", created: existing?["created_at"], in: writer))
  }

  /// The tag `name`, made now unless `created` says when.
  static func tag(id: Int, name: String, created: JSONValue?, in writer: StoreWriter) -> JSONObject {
    json(id: id, name: name, slug: RecordShapes.slug(name), created: created ?? writer.stamp, updated: writer.stamp)
  }

  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    if existing != nil, let id = record["id"]?.intValue { replace(id, with: record, in: &writer) }
  }

  static func delete(_ record: JSONObject, id: Int, route: String, in writer: inout StoreWriter) -> APIResponse {
    let answer = writer.removeRow(kind, id, route: route)
    replace(id, with: nil, in: &writer)
    return answer
  }

  /// Every contact's copy of tag `id` replaced by `tag`, or removed.
  static func replace(_ id: Int, with tag: JSONObject?, in writer: inout StoreWriter) {
    for var contact in writer.contents[.contact].all {
      guard let tags = contact["tags"]?.arrayValue, tags.contains(where: { $0["id"]?.intValue == id }),
        let contactID = contact["id"]?.intValue
      else { continue }
      contact["tags"] = .array(tags.compactMap { $0["id"]?.intValue == id ? tag.map(JSONValue.object) : $0 })
      writer.contents[.contact].put(contactID, contact)
    }
  }
}
