import Foundation
import MonicaKit

/// Documents: uploaded with their bytes, downloaded from their `link` (the Document resource has
/// no data URL, app/Http/Resources/Document/Document.php:22-40): a public link gives them; the
/// default private one (config/filesystems.php:94) is the session-only `/store/` route
/// (routes/web.php:41,50), which answers a 302 to the login page: the document is then listed
/// as not carried, with why. The token is never sent with the download: a public link needs
/// none and the `/store/` route takes none.
enum DocumentStep: MigrationStep {
  static func create(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    let (record, id, kind, place) = (line.record, line.id, line.kind, line.place)
    let contact = try migration.contactTarget(try sourceContact(of: line), from: "\(kind.object) #\(id)", place: place)
    let filename = record["original_filename"]?.stringValue ?? kind.object
    let bytes: [UInt8]
    switch await migration.download(record) {
    case .success(let downloaded): bytes = downloaded
    case .failure(let refusal):
      migration.warn("\(kind.object) #\(id) (\(filename.escapingControlCharacters)): not carried: \(refusal.reason)")
      migration.report.notCarried(kind.object, because: refusal.reason)
      return
    }
    let size = bytes.count
    let body = MultipartBody(
      fields: [("contact_id", String(contact))], fileField: kind.object, filename: filename,
      mimeType: record["mime_type"]?.stringValue ?? "application/octet-stream", bytes: bytes)
    let (_, answer) = try await migration.upload(kind, source: id, contact: contact, body: body) { candidate in
      JSONValue.object(candidate).value(at: .contactID)?.intValue == contact
        && candidate["original_filename"]?.stringValue == filename && candidate["filesize"]?.intValue == size
    }
    migration.report.created(kind.object, losing: MigrationLosses.of(kind.object, record))
    try migration.output.writeLine(answer)
  }

  /// The contact in the map or the plan, and the link downloaded (its bytes read and dropped).
  static func plan(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    try migration.plannedContact(
      try sourceContact(of: line), from: "\(line.kind.object) #\(line.id)", place: line.place)
    if case .failure(let refusal) = await migration.download(line.record) {
      return migration.report.notCarried(line.kind.object, because: refusal.reason)
    }
    try await migration.planned(line)
  }

  /// The document's contact on the source, or the line's error.
  private static func sourceContact(of line: MigrationLine) throws(MonicaError) -> Int {
    guard let contact = JSONValue.object(line.record).value(at: .contactID)?.intValue else {
      throw .malformedInput(
        source: line.place.source, line: line.place.number, reason: "\(line.kind.object) #\(line.id) has no contact.id")
    }
    return contact
  }
}

/// A document's bytes, from its link.
extension Migration {
  /// Why a document's bytes could not be had.
  struct DocumentRefusal: Error {
    let reason: String
  }

  /// The bytes at the document's link: a plain GET with no credentials and no redirect followed,
  /// at most 10 MiB (Monica's default `max_upload_size`, config/monica.php:199), as long as the
  /// record's `filesize` says.
  func download(_ record: JSONObject) async -> Result<[UInt8], DocumentRefusal> {
    guard let link = record["link"]?.stringValue, let url = URL(string: link),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
    else { return .failure(DocumentRefusal(reason: "it has no http(s) link to download it from")) }
    let transport = ImageTransport(timeout: client.policy.timeout, limit: BodyLimits.image)
    switch await transport.get(url, headers: ["Accept": "*/*"]) {
    case .tooLarge:
      return .failure(DocumentRefusal(reason: "its download is larger than 10 MiB"))
    case .tooSlow:
      return .failure(DocumentRefusal(reason: "its download did not end in time"))
    case .failed(let failure):
      let why =
        switch failure {
        case .timedOut: "no answer in time"
        case .cannotConnect(let detail), .dropped(let detail), .tooLarge(let detail): detail.escapingControlCharacters
        }
      return .failure(DocumentRefusal(reason: "its link could not be downloaded: \(why)"))
    case .answered(let response) where (300..<400).contains(response.status):
      guard response.headers["location"]?.hasSuffix("/login") == true else {
        return .failure(DocumentRefusal(reason: "its link answers a redirect (HTTP \(response.status)), not followed"))
      }
      return .failure(
        DocumentRefusal(
          reason: "its link answers a redirect (to the login page): documents are private by default "
            + "(config/filesystems.php:94), and their /store/ route opens only in a signed-in browser "
            + "(routes/web.php:41,50); FILESYSTEM_DEFAULT_VISIBILITY=public on the old instance makes them public"))
    case .answered(let response) where response.status != 200:
      return .failure(DocumentRefusal(reason: "its link answered HTTP \(response.status)"))
    case .answered(let response):
      let bytes = [UInt8](response.body)
      if let size = record["filesize"]?.intValue, size != bytes.count {
        return .failure(
          DocumentRefusal(reason: "its download is not the document (a size other than the record's filesize)"))
      }
      return .success(bytes)
    }
  }
}
