import MonicaKit

/// A call as the API renders it (app/Http/Resources/Call/Call.php), for seeding and writing.
enum CallResource {
  /// A call; `contactCalled` is null when an update stored none.
  static func json(
    id: Int, uuid: JSONValue, calledAt: JSONValue, content: String?, contactCalled: JSONValue, emotions: [JSONValue],
    contact: JSONValue, baseURL: String, created: JSONValue, updated: JSONValue
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": uuid, "object": .string(RecordKind.call.object), "called_at": calledAt,
      "content": .string(content),
      "contact_called": contactCalled, "emotions": .array(emotions),
      "url": .string(baseURL + "/api" + RecordKind.call.path(of: id)),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": created, "updated_at": updated,
    ])
  }
}

/// One seeded call of a contact, counted in its statistics.
extension CallResource {
  static func seed(_ context: inout SeedingContext) {
    let called = context.from + 86_400 * (1 + context.random.below(400)) + 60 * context.random.below(600)
    let id = context.id(.call)
    let record = json(
      id: id, uuid: .string(context.random.uuid()), calledAt: context.stamp(called),
      content: context.random.chance(60) ? context.random.pick(SeedData.callNotes) : nil,
      contactCalled: .bool(context.random.chance(50)),
      emotions: context.random.chance(30) ? [SeedData.emotion(1 + context.random.below(4))] : [],
      contact: context.short, baseURL: context.baseURL, created: context.stamp(called), updated: context.stamp(called))
    context.put(.call, id, record)
    context.statistics["number_of_calls", default: 0] += 1
  }
}

/// CreateCall and UpdateCall (app/Services/Contact/Call); the controller answers a CallResource
/// (ApiCallController.php:65-86). The call's contact is the one it has on an update; emotions are
/// attached without detaching (syncWithoutDetaching, CreateCall.php:66-75), an unknown one is
/// `Emotion::findOrFail`'s 404; UpdateCall stores an empty content or contact_called as null
/// (UpdateCall.php:44-48).
extension CallResource: WritableResource {
  static let kind = RecordKind.call

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let contactID = existing?["contact"]?["id"]?.intValue ?? input["contact_id"]?.intValue
    guard let contactID, writer.accountContact(.int(contactID)) != nil else { return .stop(.notFound) }
    if writer.isArchived(contactID) { return .stop(StoreWriter.archived) }
    let emotionIDs = (input["emotions"]?.arrayValue ?? []).compactMap(\.intValue)
    guard emotionIDs.allSatisfy({ $0 > 0 }) else { return .stop(.notFound) }
    var emotions = existing?["emotions"]?.arrayValue ?? []
    for emotion in emotionIDs where !emotions.contains(where: { $0["id"]?.intValue == emotion }) {
      emotions.append(SeedData.emotion(emotion))
    }
    let called = StoreWriter.moment(StoreWriter.text(input["called_at"]) ?? "") ?? writer.now
    return .record(
      json(
        id: id, uuid: existing?["uuid"] ?? .string(writer.random.uuid()), calledAt: .string(UTCTime.timestamp(called)),
        content: StoreWriter.text(input["content"]),
        contactCalled: input["contact_called"].map { StoreWriter.flag($0) ? .bool(true) : .bool(false) } ?? .null,
        emotions: emotions, contact: writer.short(contactID), baseURL: writer.baseURL,
        created: existing?["created_at"] ?? writer.stamp, updated: writer.stamp))
  }

  /// CreateCall and UpdateCall keep the contact's last_talked_to, the API's `last_called`
  /// (ContactBase.php:35), at its latest call (CreateCall.php:86-90, UpdateCall.php:94-98); a
  /// partial contact shows no such key.
  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    guard let contactID = record["contact"]?["id"]?.intValue,
      var contact = writer.contents[.contact].records[contactID],
      contact["last_called"] != nil, let called = record["called_at"]?.stringValue.flatMap(StoreWriter.moment)
    else { return }
    let current = contact["last_called"]?.stringValue.flatMap(StoreWriter.moment)
    guard current.map({ called > $0 }) ?? true else { return }
    contact["last_called"] = .string(UTCTime.microseconds(called))
    writer.contents[.contact].put(contactID, contact)
  }
}
