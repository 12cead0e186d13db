import MonicaKit

/// An activity as the API renders it (app/Http/Resources/Activity/Activity.php), for seeding and
/// writing.
enum ActivityResource {
  /// An activity record (ActivityResource).
  static func json(
    id: Int, uuid: String, summary: String, description: String?, happened: Int, type: JSONValue,
    attendees: [JSONValue], emotions: [(Int, String)], baseURL: String, created: Int, updated: Int? = nil
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string(RecordKind.activity.object), "summary": .string(summary),
      "description": .string(description), "happened_at": .string(UTCTime.date(happened)), "activity_type": type,
      "attendees": .object(JSONObject(["total": .int(attendees.count), "contacts": .array(attendees)])),
      "emotions": .array(
        emotions.map { EmotionResource.json(id: $0.0, name: $0.1) }),
      "url": .string(baseURL + "/api" + RecordKind.activity.path(of: id)), "account": RecordShapes.accountJSON(1),
      "created_at": .string(UTCTime.timestamp(created)), "updated_at": .string(UTCTime.timestamp(updated ?? created)),
    ])
  }
}

/// One seeded activity of a contact, with another contact as a guest now and then: Monica counts
/// a contact's activities and its last one through the activity_contact pivot, every attendee
/// alike (Contact.php:224-227, 958-967; ContactBase.php:95).
extension ActivityResource {
  static func seed(_ context: inout SeedingContext) {
    let id = context.id(.activity)
    let happened = UTCTime.seconds(
      year: 2020 + context.random.below(4), month: 1 + context.random.below(12), day: 1 + context.random.below(28))
    context.lastActivity = max(context.lastActivity ?? happened, happened)
    var attendees = [context.short]
    if context.random.chance(40), context.count > 1 {
      let other = context.random.below(context.count) + 1
      if other != context.index, let guest = context.guest(other) {
        attendees.append(guest)
        let before = context.attended[other]
        context.attended[other] = ((before?.count ?? 0) + 1, max(before?.last ?? happened, happened))
      }
    }
    let created = context.from + context.random.below(86_400 * 300)
    let record = json(
      id: id, uuid: context.random.uuid(), summary: context.random.pick(SeedData.summaries),
      description: context.random.chance(50) ? "We talked about everything — and nothing" : nil, happened: happened,
      type: context.random.chance(60) ? SeedData.activityType(context.random.below(3) + 1) : .null,
      attendees: attendees, emotions: context.random.chance(30) ? [context.random.pick(SeedData.emotions)] : [],
      baseURL: context.baseURL, created: created)
    context.put(.activity, id, record)
    context.statistics["number_of_activities", default: 0] += 1
  }
}

/// CreateActivity and UpdateActivity (app/Services/Account/Activity/Activity): every attendee must
/// be the account's (CreateActivity.php:70-85, a 404); emotions are synced only when some are given
/// (UpdateActivity.php:237), so none keeps them; the attendees' counts and last activity follow.
extension ActivityResource: WritableResource {
  static let kind = RecordKind.activity

  static func make(_ input: JSONObject, existing: JSONObject?, id: Int, upload: Upload?, in writer: inout StoreWriter)
    -> Made
  {
    let attendees = input["contacts"]?.arrayValue?.compactMap(\.intValue) ?? []
    guard attendees.allSatisfy({ writer.accountContact(.int($0)) != nil }) else { return .stop(.notFound) }
    let typeID = input["activity_type_id"]?.intValue
    var emotions = (input["emotions"]?.arrayValue ?? []).compactMap(\.intValue).map {
      ($0, ["adoration", "joy", "relief", "nostalgia"][($0 - 1) % 4 < 0 ? 0 : ($0 - 1) % 4])
    }
    if emotions.isEmpty, let kept = existing?["emotions"]?.arrayValue {
      emotions = kept.compactMap { emotion in emotion["id"]?.intValue.map { ($0, emotion["name"]?.stringValue ?? "") } }
    }
    var record = json(
      id: id, uuid: existing?["uuid"]?.stringValue ?? writer.random.uuid(),
      summary: StoreWriter.text(input["summary"]) ?? "", description: StoreWriter.text(input["description"]),
      happened: UTCTime.parseDate(StoreWriter.text(input["happened_at"]) ?? "") ?? writer.now,
      type: typeID.map { writer.contents[.activityType].records[$0].map(JSONValue.object) ?? SeedData.activityType($0) }
        ?? .null, attendees: attendees.map(writer.short), emotions: emotions, baseURL: writer.baseURL,
      created: writer.now)
    if let created = existing?["created_at"] { record["created_at"] = created }
    return .record(record)
  }

  static func saved(_ record: JSONObject, was existing: JSONObject?, in writer: inout StoreWriter) {
    let now = RecordStore.State.contactIDs(of: record, kind: kind)
    let before = existing.map { RecordStore.State.contactIDs(of: $0, kind: kind) } ?? []
    for owner in Set(now + before) { writer.refreshContact(owner) }
  }
}
