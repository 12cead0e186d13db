import Foundation
import MonicaKit

/// `monica-avatar set`: `PUT /api/contacts/{id}/avatar` and the updated contact on stdout.
///
/// Monica's ApiAvatarController (app/Http/Controllers/Api/Contact/ApiAvatarController.php:22-40)
/// answers a validation failure (a bad source, a missing or unknown photo_id, an archived
/// contact) with 422 and error code 32, and an unknown contact with 404 code 31: both reach the
/// exit table (65, 66) with Monica's own message. The PUT sets the same source however often it
/// runs, so it is retried like a read.
package struct AvatarSetter {
  /// The sources Monica's UpdateAvatar service accepts (app/Services/Contact/Avatar/UpdateAvatar.php:23).
  package static let sources = RecordKind.AvatarSource.allCases.map(\.rawValue)

  /// The contact.
  package let contactID: Int
  /// One of `sources`.
  package let source: String
  /// The photo, for the `photo` source.
  package let photoID: Int?
  /// The instance, the profile and the client policy.
  package let connection: Connection

  package init(contactID: Int, source: String, photoID: Int?, connection: Connection) {
    (self.contactID, self.source, self.photoID, self.connection) = (contactID, source, photoID, connection)
  }

  /// Sends the PUT and prints the contact Monica answers with.
  package func run(output: LineOutput) async throws(MonicaError) {
    let client = try connection.client()
    var body = JSONObject(["source": .string(source)])
    if let photoID { body["photo_id"] = .int(photoID) }
    let request = WriteRequest(.update, RecordKind.path(ofContact: contactID, .avatar), body: body)
    let response = try await client.send(request)
    let target = "PUT " + client.describe(request.path, [])
    if response.status == 404 {
      throw .notFound("contact #\(contactID): \(MonicaClient.errorMessages(response.body).joined(separator: "; "))")
    }
    try client.check(response, path: request.path, what: "contact #\(contactID)")
    let (bytes, _) = try LineWrite.record(in: response, request: target)
    try output.finishing { () throws(MonicaError) in try output.writeLine(bytes) }
  }
}
