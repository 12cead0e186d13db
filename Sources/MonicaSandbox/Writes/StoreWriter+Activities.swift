import Foundation
import MonicaKit

/// An activity's create and update (app/Services/Activity).
extension StoreWriter {
  mutating func saveActivity(_ id: Int?, _ input: JSONObject) -> APIResponse {
    if let id, contents[.activity].records[id] == nil { return .notFound }
    let check = validation(.activity, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let attendeeIDs = input["contacts"]?.arrayValue?.compactMap(\.intValue) ?? []
    guard attendeeIDs.allSatisfy({ contents[.contact].records[$0] != nil }) else { return .notFound }
    let existing = id.flatMap { contents[.activity].records[$0] }
    let newID = id ?? contents[.activity].nextID
    let typeID = input["activity_type_id"]?.intValue
    var emotions = (input["emotions"]?.arrayValue ?? []).compactMap(\.intValue).map {
      ($0, ["adoration", "joy", "relief", "nostalgia"][($0 - 1) % 4 < 0 ? 0 : ($0 - 1) % 4])
    }
    // Emotions are synced only when some are given (UpdateActivity.php:237): none keeps them.
    if emotions.isEmpty, let kept = existing?["emotions"]?.arrayValue {
      emotions = kept.compactMap { emotion in
        emotion["id"]?.intValue.map { ($0, emotion["name"]?.stringValue ?? "") }
      }
    }
    var record = ActivityResource.json(
      id: newID, uuid: existing?["uuid"]?.stringValue ?? random.uuid(), summary: Self.text(input["summary"]) ?? "",
      description: Self.text(input["description"]),
      happened: UTCTime.parseDate(Self.text(input["happened_at"]) ?? "") ?? now,
      type: typeID.map { contents[.activityType].records[$0].map(JSONValue.object) ?? SeedData.activityType($0) }
        ?? .null, attendees: attendeeIDs.map(short), emotions: emotions,
      baseURL: baseURL, created: now)
    if let created = existing?["created_at"] { record["created_at"] = created }
    let previous = existing.map { RecordStore.State.contactIDs(of: $0, kind: .activity) } ?? []
    contents[.activity].put(newID, record)
    for owner in Set(attendeeIDs + previous) { refreshContact(owner) }
    return data(id == nil ? 201 : 200, record)
  }
}
