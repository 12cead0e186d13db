import Foundation
import MonicaKit

/// A task's create and update (app/Services/Task).
extension StoreWriter {
  mutating func saveTask(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.task].records[id] == nil { return .notFound }
    let check = validation(.task, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let existing = id.flatMap { contents[.task].records[$0] }
    var contact: JSONValue = existing?["contact"] ?? .null
    let givenContact = Self.text(input["contact_id"]).flatMap(Int.init).flatMap { $0 == 0 ? nil : $0 }
    if let existing {
      // UpdateTask finds the task through a given contact_id and never changes the contact
      // (UpdateTask.php:82-98).
      if let givenContact, existing["contact"]?["id"]?.intValue != givenContact { return .notFound }
    } else if let givenContact {
      guard contactExists(.int(givenContact)) else { return .notFound }
      contact = short(givenContact)
    }
    let newID = id ?? contents[.task].nextID
    // CreateTask is given contact_id, title and description only (ApiTaskController.php store);
    // UpdateTask sets completed_at to now whenever completed is true (UpdateTask.php:97).
    let completed = existing != nil && Self.flag(input["completed"])
    let record = TaskResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), title: Self.text(input["title"]) ?? "",
      description: Self.text(input["description"]), completedAt: completed ? stamp : nil, contact: contact,
      created: existing?["created_at"] ?? stamp, updated: stamp)
    contents[.task].put(newID, record)
    for owner in [contact["id"]?.intValue, existing?["contact"]?["id"]?.intValue].compactMap({ $0 }) {
      refreshContact(owner)
    }
    // Monica's CreateTask answers 200, not 201.
    return data(200, record)
  }
}
