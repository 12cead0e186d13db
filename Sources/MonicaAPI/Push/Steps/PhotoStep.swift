import MonicaKit

/// Photos: uploaded with their bytes (from the record's `dataUrl`), then made their contact's
/// avatar when it was on the source, and given to the gifts created before them that hold them.
enum PhotoStep: MigrationStep {
  static func notice(_ line: MigrationLine, in migration: Migration) {
    migration.extras.meet(.photo, line.id)
  }

  static func create(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    let (record, id, place) = (line.record, line.id, line.place)
    let sourceContact = try contact(of: line)
    let contact = try migration.contactTarget(sourceContact, from: "photo #\(id)", place: place)
    let (dataURL, file) = try bytes(of: line)
    let filename = record["original_filename"]?.stringValue ?? line.kind.object
    let body = MultipartBody(
      fields: [("contact_id", String(contact))], fileField: line.kind.object, filename: filename,
      mimeType: file.mimeType,
      bytes: file.bytes)
    let (target, bytes) = try await migration.upload(line.kind, source: id, contact: contact, body: body) { candidate in
      JSONValue.object(candidate).value(at: .contactID)?.intValue == contact
        && candidate["original_filename"]?.stringValue == filename && candidate["dataUrl"]?.stringValue == dataURL
    }
    try await avatar(of: sourceContact, contact: contact, photo: target, link: record["link"], in: migration)
    for gift in migration.extras.giftsWaiting[id] ?? [] {
      guard let copy = migration.map.target(of: .gift, source: gift) else { continue }
      try await migration.attach(photo: target, to: copy)
    }
    migration.report.created(RecordKind.photo.object, losing: [])
    try migration.output.writeLine(bytes)
  }

  static func plan(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    try migration.plannedContact(try contact(of: line), from: "photo #\(line.id)", place: line.place)
    _ = try bytes(of: line)
    try await migration.planned(line)
  }

  /// The gifts that waited for this photo and lack it.
  static func finish(_ line: MigrationLine, target: Int, current: JSONObject?, in migration: Migration)
    async throws(MonicaError)
  {
    for gift in migration.extras.giftsWaiting[line.id] ?? [] {
      guard let copy = migration.map.target(of: .gift, source: gift) else { continue }
      if try await !migration.photosOf(gift: copy).contains(target) {
        try await migration.attach(photo: target, to: copy)
      }
    }
  }

  /// The photo's contact on the source, or the line's error.
  private static func contact(of line: MigrationLine) throws(MonicaError) -> Int {
    guard let contact = JSONValue.object(line.record).value(at: .contactID)?.intValue else {
      throw .malformedInput(
        source: line.place.source, line: line.place.number, reason: "photo #\(line.id) has no contact.id")
    }
    return contact
  }

  /// The photo's data URL and the bytes it holds, or the line's error.
  private static func bytes(of line: MigrationLine) throws(MonicaError)
    -> (dataURL: String, file: (mimeType: String, bytes: [UInt8]))
  {
    guard let dataURL = line.record["dataUrl"]?.stringValue, let file = MultipartBody.decode(dataURL: dataURL) else {
      throw .malformedInput(
        source: line.place.source, line: line.place.number,
        reason: "photo #\(line.id) has no dataUrl with its bytes (a base64 data: URL), so it cannot be uploaded")
    }
    return (dataURL, file)
  }

  /// Makes the photo `photo` the avatar of the target's `contact` when the source's contact had
  /// the photo at `link` as its avatar.
  private static func avatar(of sourceContact: Int, contact: Int, photo: Int, link: JSONValue?, in migration: Migration)
    async throws(MonicaError)
  {
    guard let link = link?.stringValue, migration.extras.avatarPhotos[sourceContact] == link else { return }
    let body = JSONObject([
      "source": .string(RecordKind.AvatarSource.photo.rawValue), "photo_id": .int(photo),
    ])
    try await migration.putAvatar(contact: contact, body: body)
  }
}
