import MonicaKit

/// What the steps of contacts, photos and gifts keep across lines about the writes that follow a
/// create (the follow-ups): a contact's parts (`RecordKind.ContactPart`: work, food, introduction,
/// avatar), gifts' photos and the user's own contact.
///
/// Each follow-up is sent right after the create that makes it possible, before the next map
/// line: when the record whose create it follows is not the map's last, it was sent; when it is,
/// one read says whether it was (the step's `finish`). A follow-up that waits for a record later
/// in the stream (an introducer, a gift's photo, a contact's avatar photo) is sent right after
/// that record's create, and checked the same way; so a killed run neither loses nor repeats
/// one, and a re-run writes nothing.
struct FollowUpState {
  /// The kinds whose records a follow-up may wait for.
  static let awaited: [RecordKind] = [.contact, .photo]
  /// The contacts and photos the stream holds, as `contact\t<id>`, read while spooling.
  var inStream: Set<String> = []
  /// The contacts and photos met so far in this run.
  var seen: Set<String> = []
  /// Contacts (source ids) whose introduction waits for its introducer, with that introduction,
  /// by the introducer's id.
  var introductionsWaiting: [Int: [(contact: Int, introduction: RecordKind.ContactPart.Introduction)]] = [:]
  /// Gifts (source ids) whose photo comes later in the stream, by the photo's id.
  var giftsWaiting: [Int: [Int]] = [:]
  /// Contacts whose avatar is one of their photos: the photo's `link` on the source, by the
  /// contact's source id, so that the avatar is set when that photo has been created.
  var avatarPhotos: [Int: String] = [:]
  /// The target user's `me_contact` id (`.some(nil)`: none), read once when needed.
  var targetMe: Int??

  /// Takes note of a line of the stream while it is spooled.
  mutating func prescan(_ bytes: [UInt8]) {
    guard Self.awaited.contains(where: { Self.contains(bytes, "\"\($0.object)\"") }),
      case .object(let record)? = try? JSONValue(parsing: bytes), let object = record["object"]?.stringValue,
      let kind = RecordKind.named(object), Self.awaited.contains(kind), let id = record["id"]?.intValue
    else { return }
    inStream.insert(Migration.key(object, id))
  }

  /// Marks `kind` #`id` as met.
  mutating func meet(_ kind: RecordKind, _ id: Int) { seen.insert(Migration.key(kind.object, id)) }

  /// Whether `kind` #`id` is still to come in the stream.
  func comesLater(_ kind: RecordKind, _ id: Int) -> Bool {
    let key = Migration.key(kind.object, id)
    return inStream.contains(key) && !seen.contains(key)
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
