import Foundation
import MonicaKit

/// A call's create and update (app/Services/Contact/Call).
extension StoreWriter {
  /// `CreateCall` / `UpdateCall` (app/Services/Contact/Call, rules at CreateCall.php:18-28 and
  /// UpdateCall.php:16-26); the controller answers a CallResource (ApiCallController.php:65-86),
  /// 201 when created (a JsonResource of a model just inserted).
  mutating func saveCall(_ id: Int?, _ input: JSONObject) -> APIResponse {
    let existing = id.flatMap { contents[.call].records[$0] }
    if id != nil && existing == nil { return .notFound }
    let check = validation(.call, updating: id != nil, input)
    if let failure = check.failure { return failure }
    let contactID = existing?["contact"]?["id"]?.intValue ?? input["contact_id"]?.intValue
    guard let contactID, contents[.contact].records[contactID] != nil else { return .notFound }
    if isArchived(contactID) { return Self.archived }
    let emotionIDs = (input["emotions"]?.arrayValue ?? []).compactMap(\.intValue)
    guard emotionIDs.allSatisfy({ $0 > 0 }) else { return .notFound }  // Emotion::findOrFail
    // Emotions are attached without detaching (syncWithoutDetaching, CreateCall.php:66-75).
    var emotions = existing?["emotions"]?.arrayValue ?? []
    for emotion in emotionIDs where !emotions.contains(where: { $0["id"]?.intValue == emotion }) {
      emotions.append(SeedData.emotion(emotion))
    }
    let newID = id ?? contents[.call].nextID
    let called = Self.moment(Self.text(input["called_at"]) ?? "") ?? now
    // UpdateCall stores an empty content or contact_called as null (UpdateCall.php:44-48).
    let record = CallResource.json(
      id: newID, uuid: existing?["uuid"] ?? .string(random.uuid()), calledAt: .string(UTCTime.timestamp(called)),
      content: Self.text(input["content"]),
      contactCalled: input["contact_called"].map { Self.flag($0) ? .bool(true) : .bool(false) } ?? .null,
      emotions: emotions, contact: short(contactID), baseURL: baseURL, created: existing?["created_at"] ?? stamp,
      updated: stamp)
    contents[.call].put(newID, record)
    return data(id == nil ? 201 : 200, record)
  }
}
