import Foundation
import MonicaKit

/// The signed-in user.
extension SeedData {
  /// The `/api/me` record (UserResource).
  static func user(seed: UInt64, me: JSONValue) -> JSONObject {
    var random = SplitMix64(seed: seed, stream: 4, index: 0)
    let stamp = JSONValue.string(UTCTime.timestamp(epoch - 86_400 * 31))
    return UserResource.json(
      id: 1, uuid: random.uuid(), firstName: "Sam", lastName: "Rivera", email: "sam@example.com", me: me,
      timezone: "Europe/Paris", currency: CurrencyResource.json(id: 2, iso: "USD", name: "US Dollar", symbol: "$"),
      locale: "en", created: stamp)
  }
}
