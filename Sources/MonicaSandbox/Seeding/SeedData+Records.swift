import Foundation
import MonicaKit

/// The JSON of seeded records that the writes build too: activity types, activities, gifts,
/// photos and the user.
extension SeedData {
  /// Monica's default activity types, as ActivityTypeResource renders them.
  package static func activityType(_ id: Int) -> JSONValue {
    let names = [
      1: ("just hung out", "simple"), 2: ("ate at a restaurant", "food"), 3: ("went to the theater", "cultural"),
    ]
    let (name, _) = names[id] ?? ("just hung out", "simple")
    let stamp = JSONValue.string(UTCTime.timestamp(epoch - 86_400 * 30))
    return .object(
      JSONObject([
        "id": .int(id), "uuid": .string("00000000-0000-4000-8000-00000000000\(id)"), "object": .string("activityType"),
        "name": .string(name), "location_type": id == 1 ? .null : .string("outside"),
        "activity_type_category": .object(
          JSONObject([
            "id": .int(1), "uuid": .string("00000000-0000-4000-8000-0000000000c1"),
            "object": .string("activityTypeCategory"), "name": .string("Simple activities"),
            "account": RecordShapes.accountJSON(1), "created_at": stamp, "updated_at": stamp,
          ])),
        "account": RecordShapes.accountJSON(1), "created_at": stamp, "updated_at": stamp,
      ]))
  }

  /// An activity record (ActivityResource).
  package static func activity(
    id: Int, uuid: String, summary: String, description: String?, happened: Int, type: JSONValue,
    attendees: [JSONValue], emotions: [(Int, String)], baseURL: String, created: Int, updated: Int? = nil
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string("activity"), "summary": .string(summary),
      "description": .string(description), "happened_at": .string(UTCTime.date(happened)), "activity_type": type,
      "attendees": .object(JSONObject(["total": .int(attendees.count), "contacts": .array(attendees)])),
      "emotions": .array(
        emotions.map { .object(JSONObject(["id": .int($0.0), "object": .string("emotion"), "name": .string($0.1)])) }),
      "url": .string("\(baseURL)/api/activities/\(id)"), "account": RecordShapes.accountJSON(1),
      "created_at": .string(UTCTime.timestamp(created)), "updated_at": .string(UTCTime.timestamp(updated ?? created)),
    ])
  }

  /// A gift record (GiftResource), with amounts as Monica renders US dollars in English.
  package static func gift(
    id: Int, uuid: String, name: String, comment: String?, url: String?, cents: Int?, status: String, date: String?,
    recipient: JSONValue, contact: JSONValue, created: Int, updated: Int? = nil
  ) -> JSONObject {
    let amount = cents.map { MoneyFormat.decimal($0) }
    return JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string("gift"), "name": .string(name),
      "comment": .string(comment), "url": .string(url), "amount": .string(amount),
      "value": .string(cents.map { MoneyFormat.pattern($0) } ?? ""),
      "amount_with_currency": .string(cents.map { "$" + MoneyFormat.grouped($0) } ?? ""),
      "status": .string(status), "date": .string(date), "recipient": recipient, "photos": .array([]),
      "contact": contact, "account": RecordShapes.accountJSON(1), "created_at": .string(UTCTime.timestamp(created)),
      "updated_at": .string(UTCTime.timestamp(updated ?? created)),
    ])
  }

  /// A photo record (PhotoResource) with the whole image as its `dataUrl`.
  package static func photo(
    id: Int, uuid: String, originalName: String, newName: String, bytes: [UInt8], mimeType: String,
    contact: JSONValue, baseURL: String, created: Int
  ) -> JSONObject {
    JSONObject([
      "id": .int(id), "uuid": .string(uuid), "object": .string("photo"), "original_filename": .string(originalName),
      "new_filename": .string(newName), "filesize": .int(bytes.count), "mime_type": .string(mimeType),
      "dataUrl": .string(TinyImage.dataURL(bytes, mimeType: mimeType)), "link": .string("\(baseURL)/store/\(newName)"),
      "account": RecordShapes.accountJSON(1), "contact": contact, "created_at": .string(UTCTime.timestamp(created)),
      "updated_at": .string(UTCTime.timestamp(created)),
    ])
  }

  /// The `/api/me` record (UserResource).
  static func user(seed: UInt64, me: JSONValue) -> JSONObject {
    var random = SplitMix64(seed: seed, stream: 4, index: 0)
    let stamp = JSONValue.string(UTCTime.timestamp(epoch - 86_400 * 31))
    return JSONObject([
      "id": .int(1), "uuid": .string(random.uuid()), "object": .string("user"), "first_name": .string("Sam"),
      "last_name": .string("Rivera"), "name": .string("Sam Rivera"), "email": .string("sam@example.com"),
      "me_contact": me, "timezone": .string("Europe/Paris"),
      "currency": .object(
        JSONObject([
          "id": .int(2), "object": .string("currency"), "iso": .string("USD"), "name": .string("US Dollar"),
          "symbol": .string("$"),
        ])),
      "locale": .string("en"), "is_policy_compliant": .bool(true), "account": RecordShapes.accountJSON(1),
      "created_at": stamp, "updated_at": stamp,
    ])
  }
}
