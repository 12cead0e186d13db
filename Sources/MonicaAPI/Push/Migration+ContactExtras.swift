import Foundation
import MonicaKit

/// What the migration of a contact's own routes (work, food, introduction), of gifts' photos and
/// of the user's own contact keeps across lines.
///
/// Each follow-up is sent right after the create that makes it possible, before the next map
/// line: when the record whose create it follows is not the map's last, it was sent; when it is,
/// one read says whether it was (`finishExtras`). A follow-up that waits for a record later in the
/// stream (an introducer, a gift's photo) is sent right after that record's create, and checked
/// the same way; so a killed run neither loses nor repeats one, and a re-run writes nothing.
struct ExtrasState {
  /// The contacts and photos the stream holds, as `contact\t<id>`, read while spooling.
  var inStream: Set<String> = []
  /// The contacts and photos met so far in this run.
  var seen: Set<String> = []
  /// Contacts (source ids) whose introduction waits for its introducer, with that introduction,
  /// by the introducer's id.
  var introductionsWaiting: [Int: [(contact: Int, introduction: ContactExtras.Introduction)]] = [:]
  /// Gifts (source ids) whose photo comes later in the stream, by the photo's id.
  var giftsWaiting: [Int: [Int]] = [:]
  /// The target user's `me_contact` id (`.some(nil)`: none), read once when needed.
  var targetMe: Int??

  /// Takes note of a line of the stream while it is spooled.
  mutating func prescan(_ bytes: [UInt8]) {
    guard Self.contains(bytes, #""contact""#) || Self.contains(bytes, #""photo""#),
      case .object(let record)? = try? JSONValue(parsing: bytes), let object = record["object"]?.stringValue,
      object == "contact" || object == "photo", let id = record["id"]?.intValue
    else { return }
    inStream.insert("\(object)\t\(id)")
  }

  /// Whether `object` #`id` is still to come in the stream.
  func comesLater(_ object: String, _ id: Int) -> Bool {
    inStream.contains("\(object)\t\(id)") && !seen.contains("\(object)\t\(id)")
  }

  private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
    }
    return false
  }
}

extension Migration {
  /// What a line says that later lines need: marks contacts and photos met, and notes the
  /// introductions and gift photos that must wait for a record further down the stream.
  func noticeExtras(_ record: JSONObject, object: String, id: Int) {
    switch object {
    case "contact":
      extras.seen.insert("contact\t\(id)")
      if let introduction = ContactExtras.introduction(record, today: today),
        let introducer = introduction.introducer, extras.comesLater("contact", introducer)
      {
        extras.introductionsWaiting[introducer, default: []].append((id, introduction))
      }
    case "photo":
      extras.seen.insert("photo\t\(id)")
    case "gift":
      for photo in Self.photoIDs(of: record) where extras.comesLater("photo", photo) {
        extras.giftsWaiting[photo, default: []].append(id)
      }
    default:
      break
    }
  }

  /// After a contact's create: its work, food and introduction, the user's own contact, then the
  /// introductions that waited for this contact.
  func contactCreated(_ record: JSONObject, source: Int, target: Int) async throws(MonicaError) {
    try await sendExtras(of: record, source: source, target: target, current: nil)
    for waiting in extras.introductionsWaiting[source] ?? [] {
      guard let contact = map.target(of: "contact", source: waiting.contact) else { continue }
      try await sendIntroduction(waiting.introduction, target: contact, current: nil)
    }
  }

  /// After a gift's create: its photos that are on the target already.
  func giftCreated(_ record: JSONObject, target: Int) async throws(MonicaError) {
    for photo in Self.photoIDs(of: record) where !extras.comesLater("photo", photo) {
      // A photo not on the target is said by `losses(of:_:)`.
      guard let copy = map.target(of: "photo", source: photo) else { continue }
      try await attach(photo: copy, to: target)
    }
  }

  /// After a photo's upload: the gifts created before it that hold it.
  func photoCreated(source: Int, target: Int) async throws(MonicaError) {
    for gift in extras.giftsWaiting[source] ?? [] {
      guard let copy = map.target(of: "gift", source: gift) else { continue }
      try await attach(photo: target, to: copy)
    }
  }

  /// The map's last record met again (or adopted): sends only the follow-ups its target lacks.
  /// A contact's own are checked against `current` (read by the caller); those of others that
  /// waited for this record cost one read each.
  func finishExtras(_ object: String, _ record: JSONObject, source: Int, target: Int, current: JSONObject?)
    async throws(MonicaError)
  {
    switch object {
    case "contact":
      guard let current else { return }
      try await sendExtras(of: record, source: source, target: target, current: current)
      for waiting in extras.introductionsWaiting[source] ?? [] {
        guard let contact = map.target(of: "contact", source: waiting.contact) else { continue }
        try await sendIntroduction(waiting.introduction, target: contact, current: try await readContact(contact))
      }
    case "gift":
      let attached: Set<Int>
      if let current { attached = Set(Self.photoIDs(of: current)) } else { attached = try await photosOf(gift: target) }
      for photo in Self.photoIDs(of: record) where !extras.comesLater("photo", photo) {
        if let copy = map.target(of: "photo", source: photo), !attached.contains(copy) {
          try await attach(photo: copy, to: target)
        }
      }
    case "photo":
      for gift in extras.giftsWaiting[source] ?? [] {
        guard let copy = map.target(of: "gift", source: gift) else { continue }
        if try await !photosOf(gift: copy).contains(target) { try await attach(photo: target, to: copy) }
      }
    default:
      break
    }
  }

  /// At the end of the stream: what waited for a record that was never created.
  func reportWaitingExtras() {
    for (introducer, contacts) in extras.introductionsWaiting where !isOnTarget("contact", introducer) {
      for _ in contacts {
        report.lost("contact", "how-you-met of contacts whose introducer was not created (not sent)")
      }
    }
    for (photo, gifts) in extras.giftsWaiting where !isOnTarget("photo", photo) {
      for _ in gifts { report.lost("gift", "photos of gifts whose photo was not created") }
    }
  }

  // MARK: - Contacts

  /// Sends what the target's contact lacks of the record's work, food, introduction and is_me;
  /// with no `current`, the contact was just made and lacks all of it.
  private func sendExtras(of record: JSONObject, source: Int, target: Int, current: JSONObject?)
    async throws(MonicaError)
  {
    let routes: [(String, (JSONObject) -> JSONObject?)] = [
      ("work", ContactExtras.work), ("food", ContactExtras.food),
    ]
    for (route, body) in routes {
      guard let wanted = body(record), current.map({ body($0) != wanted }) ?? true else { continue }
      let request = WriteRequest(.update, "/contacts/\(target)/\(route)", body: wanted)
      try await send(request, what: "contact #\(target)")
    }
    if let introduction = ContactExtras.introduction(record, today: today) {
      try await sendIntroduction(introduction, target: target, current: current)
    }
    if record["is_me"] == .bool(true), current?["is_me"] != .bool(true) { try await makeMe(target) }
  }

  /// Sends a contact's introduction, its introducer translated through the map; nothing when it
  /// waits for an introducer further down the stream, or when `current` has it already.
  private func sendIntroduction(_ introduction: ContactExtras.Introduction, target: Int, current: JSONObject?)
    async throws(MonicaError)
  {
    // What the introduction cannot carry is said by `losses(of:_:)`, on every run.
    var introducer: Int?
    if let source = introduction.introducer {
      if let copy = map.target(of: "contact", source: source) {
        introducer = copy
      } else if extras.comesLater("contact", source) {
        return
      }
    }
    let wanted = introduction.body(introducer: introducer)
    if let current {
      let have = ContactExtras.introduction(current, today: today)
      if have?.body(introducer: have?.introducer) == wanted { return }
    }
    let request = WriteRequest(.update, "/contacts/\(target)/introduction", body: wanted)
    try await send(request, what: "contact #\(target)")
  }

  /// Makes the target's contact the user's own (`POST /me/contact`, routes/api.php:23;
  /// SetMeContact.php:31-52) when the target's user has none; otherwise that one is kept.
  private func makeMe(_ target: Int) async throws(MonicaError) {
    if extras.targetMe == nil {
      let response = try await client.get("/me", what: "the signed-in user")
      let user = try LineWrite.record(in: response, request: "GET /api/me").1
      extras.targetMe = .some(user["me_contact"]?["id"]?.intValue)
    }
    switch extras.targetMe {
    case .some(.none):
      let body = JSONObject(["contact_id": .int(target)])
      try await send(WriteRequest(.create, "/me/contact", body: body), what: "contact #\(target)")
      extras.targetMe = .some(target)
    default:
      // The target's user keeps its own contact: said by `losses(of:_:)`.
      return
    }
  }

  /// The target's contact `id`, as `GET /contacts/{id}` gives it.
  private func readContact(_ id: Int) async throws(MonicaError) -> JSONObject {
    let response = try await client.get("/contacts/\(id)", what: "contact #\(id)")
    return try LineWrite.record(in: response, request: "GET /api/contacts/\(id)").1
  }

  // MARK: - Gifts

  /// `PUT /gifts/{gift}/photo/{photo}` (routes/api.php:105; AssociatePhotoToGift.php:31-45).
  private func attach(photo: Int, to gift: Int) async throws(MonicaError) {
    try await send(WriteRequest(.update, "/gifts/\(gift)/photo/\(photo)"), what: "gift #\(gift)")
  }

  /// The photo ids of the target's gift `id`.
  private func photosOf(gift id: Int) async throws(MonicaError) -> Set<Int> {
    let response = try await client.get("/gifts/\(id)", what: "gift #\(id)")
    let gift = try LineWrite.record(in: response, request: "GET /api/gifts/\(id)").1
    return Set(Self.photoIDs(of: gift))
  }

  /// The ids of a gift's photos.
  static func photoIDs(of gift: JSONObject) -> [Int] {
    (gift["photos"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
  }
}
