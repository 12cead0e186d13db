import MonicaKit

/// Gifts: created by their write mapping, then given their photos (`PUT /gifts/{gift}/photo/{photo}`,
/// `RecordKind.giftPhotoPath`) that are on the target; a photo that comes later in the stream is
/// given by `PhotoStep` when it is created.
enum GiftStep: MigrationStep {
  static func notice(_ line: MigrationLine, in migration: Migration) {
    for photo in RecordKind.giftPhotoIDs(of: line.record) where migration.extras.comesLater(.photo, photo) {
      migration.extras.giftsWaiting[photo, default: []].append(line.id)
    }
  }

  /// After a gift's create: its photos that are on the target already.
  static func created(_ line: MigrationLine, target: Int, in migration: Migration) async throws(MonicaError) {
    for photo in RecordKind.giftPhotoIDs(of: line.record) where !migration.extras.comesLater(.photo, photo) {
      // A photo not on the target is said by `losses(of:_:)`.
      guard let copy = migration.map.target(of: .photo, source: photo) else { continue }
      try await migration.attach(photo: copy, to: target)
    }
  }

  /// The photos the target's gift lacks (read once unless the caller has read it).
  static func finish(_ line: MigrationLine, target: Int, current: JSONObject?, in migration: Migration)
    async throws(MonicaError)
  {
    let attached: Set<Int>
    if let current {
      attached = Set(RecordKind.giftPhotoIDs(of: current))
    } else {
      attached = try await migration.photosOf(gift: target)
    }
    for photo in RecordKind.giftPhotoIDs(of: line.record) where !migration.extras.comesLater(.photo, photo) {
      if let copy = migration.map.target(of: .photo, source: photo), !attached.contains(copy) {
        try await migration.attach(photo: copy, to: target)
      }
    }
  }

  static func losses(_ record: JSONObject, in migration: Migration) async throws(MonicaError) -> [String] {
    RecordKind.giftPhotoIDs(of: record).filter { photo in
      !migration.isOnTarget(RecordKind.photo.object, photo) && !migration.extras.comesLater(.photo, photo)
    }.map { _ in "photos of gifts whose photo is not on the target (not in the stream, or not created)" }
  }

  /// The gifts whose photo was never created.
  static func endOfStream(in migration: Migration) {
    for (photo, gifts) in migration.extras.giftsWaiting where !migration.isOnTarget(RecordKind.photo.object, photo) {
      for _ in gifts { migration.report.lost(RecordKind.gift.object, "photos of gifts whose photo was not created") }
    }
  }
}

extension Migration {
  /// Gives the target's `gift` its `photo` (routes/api.php:105; AssociatePhotoToGift.php:31-45).
  func attach(photo: Int, to gift: Int) async throws(MonicaError) {
    try await send(WriteRequest(.update, RecordKind.giftPhotoPath(gift: gift, photo: photo)), what: "gift #\(gift)")
  }

  /// The photo ids of the target's gift `id`.
  func photosOf(gift id: Int) async throws(MonicaError) -> Set<Int> {
    let path = RecordKind.gift.path(of: id)
    let response = try await client.get(path, what: "gift #\(id)")
    let gift = try LineWrite.record(in: response, request: "GET /api\(path)").1
    return Set(RecordKind.giftPhotoIDs(of: gift))
  }
}
