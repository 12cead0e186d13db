import MonicaKit

extension SeedData {
  /// Gives some gifts a photo of their contact, as GiftResource prints it (Gift.php:37: the
  /// PhotoResource of each).
  static func attachingPhotos(_ gifts: RecordTable, _ photos: RecordTable, seed: UInt64) -> RecordTable {
    var byContact: [Int: JSONObject] = [:]
    for photo in photos.all {
      if let contact = photo["contact"]?["id"]?.intValue, byContact[contact] == nil { byContact[contact] = photo }
    }
    var result = gifts
    for var gift in gifts.all {
      guard let id = gift["id"]?.intValue, let contact = gift["contact"]?["id"]?.intValue,
        let photo = byContact[contact]
      else { continue }
      var random = SplitMix64(seed: seed, stream: 22, index: UInt64(id))
      guard random.chance(80) else { continue }
      gift["photos"] = .array([.object(photo)])
      result.put(id, gift)
    }
    return result
  }
}
