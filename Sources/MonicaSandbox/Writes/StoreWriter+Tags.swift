import Foundation
import MonicaKit

/// A tag's create and update, and its copies in contacts (app/Services/Contact/Tag).
extension StoreWriter {
  mutating func saveTag(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.tag].records[id] == nil { return .notFound }
    let check = validation(.tag, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let name = Self.text(input["name"]) ?? ""
    let record = makeTag(
      id: id ?? contents[.tag].nextID, name: name, created: id.flatMap { contents[.tag].records[$0]?["created_at"] })
    contents[.tag].put(record.id, record.json)
    if id != nil { replaceTagInContacts(record.id, with: record.json) }
    return data(id == nil ? 201 : 200, record.json)
  }

  func makeTag(id: Int, name: String, created: JSONValue?) -> (id: Int, json: JSONObject) {
    (
      id,
      TagResource.json(id: id, name: name, slug: RecordShapes.slug(name), created: created ?? stamp, updated: stamp)
    )
  }

  /// A tag's delete: the common one, then no contact carries it any more (`$tag->contacts()->detach()`,
  /// app/Services/Contact/Tag/DestroyTag.php:36).
  mutating func deleteTag(_ id: String) -> APIResponse {
    let answer = delete(.tag, id)
    if answer.status == 200, let number = Int(id) { replaceTagInContacts(number, with: nil) }
    return answer
  }

  mutating func replaceTagInContacts(_ tagID: Int, with tag: JSONObject?) {
    for var contact in contents[.contact].all {
      guard let tags = contact["tags"]?.arrayValue, tags.contains(where: { $0["id"]?.intValue == tagID }),
        let contactID = contact["id"]?.intValue
      else { continue }
      contact["tags"] = .array(tags.compactMap { $0["id"]?.intValue == tagID ? tag.map(JSONValue.object) : $0 })
      contents[.contact].put(contactID, contact)
    }
  }
}
