import Foundation
import MonicaKit

extension PhotoDeleter {
  /// The photo record before it goes, for its contact and link; `nil` when it cannot be read
  /// (the DELETE then says why).
  static func photo(_ id: Int, client: MonicaClient) async throws(MonicaError) -> JSONObject? {
    let response: HTTPResponse
    do { response = try await client.get(RecordKind.photo.path(of: id), what: "photo #\(id)") } catch .notFound {
      return nil
    }
    return (try? JSONValue(parsing: response.body))?["data"]?.objectValue
  }

  /// Monica's API deletes a photo without touching the avatar that shows it
  /// (app/Http/Controllers/Api/Contact/ApiPhotoController.php:117-133; the database sets
  /// `avatar_photo_id` to null, 2019_12_17_024553_add_foreign_keys.php:646, and the contact then
  /// shows its default avatar, Contact.php:1174-1179), where its web page resets such an avatar to
  /// Adorable (app/Http/Controllers/Contacts/PhotosController.php:73-80). So the contact is read
  /// before the DELETE, while its avatar still shows the photo: its id when the avatar is this
  /// photo, `nil` otherwise.
  static func avatarContact(of photo: JSONObject, client: MonicaClient) async throws(MonicaError) -> Int? {
    guard let contact = photo["contact"]?["id"]?.intValue, let link = photo["link"]?.stringValue, !link.isEmpty else {
      return nil
    }
    let read = try await client.get(RecordKind.contact.path(of: contact), what: "contact #\(contact)")
    let avatar = (try? JSONValue(parsing: read.body))?["data"]?["information"]?["avatar"]
    guard avatar?["source"]?.stringValue == RecordKind.AvatarSource.photo.rawValue, avatar?["url"]?.stringValue == link
    else { return nil }
    return contact
  }

  /// After the DELETE of photo `id`, the avatar of `contact` that showed it is reset to Adorable,
  /// as Monica's web page does; the result says what was done.
  static func resetAvatar(after id: Int, contact: Int, client: MonicaClient) async throws(MonicaError) -> String {
    let request = WriteRequest(
      .update, RecordKind.path(ofContact: contact, .avatar),
      body: JSONObject(["source": .string(RecordKind.AvatarSource.adorable.rawValue)]))
    let response = try await client.send(request)
    try client.check(response, path: request.path, what: "contact #\(contact)")
    return "photo #\(id) was the avatar of contact #\(contact); its avatar is Adorable now, "
      + "as Monica's web page makes it when the photo goes"
  }
}
