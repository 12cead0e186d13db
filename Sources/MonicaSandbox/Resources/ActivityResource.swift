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
      "id": .int(id), "uuid": .string(uuid), "object": .string("activity"), "summary": .string(summary),
      "description": .string(description), "happened_at": .string(UTCTime.date(happened)), "activity_type": type,
      "attendees": .object(JSONObject(["total": .int(attendees.count), "contacts": .array(attendees)])),
      "emotions": .array(
        emotions.map { EmotionResource.json(id: $0.0, name: $0.1) }),
      "url": .string("\(baseURL)/api/activities/\(id)"), "account": RecordShapes.accountJSON(1),
      "created_at": .string(UTCTime.timestamp(created)), "updated_at": .string(UTCTime.timestamp(updated ?? created)),
    ])
  }
}
