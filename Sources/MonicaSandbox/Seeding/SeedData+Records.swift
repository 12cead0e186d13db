import Foundation
import MonicaKit

/// The JSON of the seeded reference records that writes use too (activity types) and of the user.
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
