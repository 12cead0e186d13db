import Foundation
import MonicaKit

/// Finds the bytes of the photos that photo-source avatars show, with the fewest requests the
/// API allows. A contact's avatar URL is its photo's `link` (Contact.php:1174-1176 returns
/// `avatarPhoto->url()`, which PhotoResource also gives as `link`), and the link itself needs a
/// browser session (a Bearer token gets a 302 to the login page), so the bytes come from the
/// photo record's `dataUrl`:
/// - a link whose photo is cached (by its id and `updated_at`, `AvatarCache`) needs no request:
///   Monica cannot update a photo in place, so a link names the same bytes for good;
/// - one contact's photo: `GET /api/contacts/{id}/photos`;
/// - several: one walk of `GET /api/photos`, 100 per page, that stops as soon as every wanted
///   link was seen, and hands the rest to the per-contact route when fewer contacts remain
///   than pages do.
///
/// Every record carries its image as base64 (Photo.php:30), so a page of 100 may be up to the
/// 64 MiB API cap: a page is read where the transport spooled it, a megabyte at a time
/// (`PhotoPage`), never whole, and each found image goes to a nameless temporary file until it
/// is saved, so memory holds one image at a time whatever the pages hold.
package struct PhotoResolver: Sendable {
  let client: MonicaClient
  let cache: AvatarCache?
  let refresh: Bool

  package init(client: MonicaClient, cache: AvatarCache?, refresh: Bool) {
    self.client = client
    self.cache = cache
    self.refresh = refresh
  }

  /// The image of each wanted link (by link), or why there is none.
  func resolve(_ wanted: [(contactID: Int, link: String)]) async
    -> [String: Result<KeptImage, SourceFailure>]
  {
    var found: [String: Result<KeptImage, SourceFailure>] = [:]
    var missing: [(contactID: Int, link: String)] = []
    for (contactID, link) in wanted where found[link] == nil && !missing.contains(where: { $0.link == link }) {
      if !refresh, let cache, cache.photo(link: link) != nil {
        found[link] = .success(.cached(link, cache))
      } else {
        missing.append((contactID, link))
      }
    }
    var perContact = missing
    if missing.count > 1 {
      var remaining = Set(missing.map(\.link))
      do {
        // One page at a time: the walk stops as soon as every link was seen, and a page asked for
        // in parallel would be spent for nothing.
        var handOver = false
        try await walk(RecordKind.photo.path, what: RecordKind.photo.name) { page, members in
          take(page, members, wanted: &remaining, into: &found)
        } pageDone: { number, lastPage in
          if number == 1 && remaining.count < lastPage - 1 { handOver = true }
          return !remaining.isEmpty && !handOver
        }
        perContact = missing.filter { remaining.contains($0.link) && handOver }
        for link in remaining where !handOver { found[link] = .failure(Self.notFound) }
      } catch {
        for link in remaining { found[link] = .failure(Self.failure(error)) }
        perContact = []
      }
    }
    for (contactID, link) in perContact where found[link] == nil {
      var remaining: Set = [link]
      do {
        try await walk(RecordKind.photo.path(ofContact: contactID), what: "photos of contact #\(contactID)") {
          page, members in
          take(page, members, wanted: &remaining, into: &found)
        } pageDone: { _, _ in
          !remaining.isEmpty
        }
        if found[link] == nil { found[link] = .failure(Self.notFound) }
      } catch {
        found[link] = .failure(Self.failure(error))
      }
    }
    return found
  }

  /// The members of a photo record that are read.
  static let members: Set<String> = ["id", "link", "updated_at", "dataUrl"]

  /// Walks the listing at `path`, 100 a page (halved while the instance answers Monica's error
  /// 30), one page at a time, each read where the transport left it (`PhotoPage`): `record`
  /// gets each record's members, `pageDone` each page's number and `meta.last_page`, and says
  /// whether to go on.
  private func walk(
    _ path: String, what: String, record: (PhotoPage, PhotoPage.Members) -> Void,
    pageDone: (Int, Int) -> Bool
  ) async throws(MonicaError) {
    var (number, size) = (1, 100)
    while true {
      let query = [("page", String(number)), ("limit", String(size))]
      let response = try await client.getAllowingErrors(path, query: query, keepingLargeBody: true)
      if number == 1, response.status == 400, size > 1, MonicaClient.errorCode(response.prefix(1 << 16)) == 30 {
        size = max(size / 2, 1)
        continue
      }
      let lastPage: Int
      do throws(MonicaError) {
        try client.check(response, path: path, query: query, what: what)
        let page = PhotoPage(response: response, request: client.describe(path, query))
        lastPage = max(try page.scan(keys: Self.members) { record(page, $0) } ?? number, number)
      } catch {
        throw number > 1 ? error.onPage(number) : error
      }
      guard pageDone(number, lastPage), number < lastPage else { return }
      number += 1
    }
  }

  /// Takes a record of `page` when it is a wanted photo: its `dataUrl` decoded, checked and
  /// cached. Only the members used are read, each from where it lies: a 10 MB photo's record is
  /// never in memory whole, and its `dataUrl` goes straight into the decoded image.
  private func take(
    _ page: PhotoPage, _ members: PhotoPage.Members, wanted: inout Set<String>,
    into found: inout [String: Result<KeptImage, SourceFailure>]
  ) {
    guard let link = page.value(members["link"])?.stringValue, wanted.contains(link) else { return }
    let id = page.value(members["id"])?.intValue
    let updatedAt = page.value(members["updated_at"])?.stringValue
    let decoded = PhotoImage.decode(id: id, dataURL: members["dataUrl"], read: page.read)
    wanted.remove(link)
    found[link] = decoded.map { image in
      if let id, let updatedAt {
        cache?.storePhoto(image.bytes, id: id, updatedAt: updatedAt, link: link)
      }
      return KeptImage.keeping(image)
    }
  }

  private static let notFound = SourceFailure(
    reason: "no photo of the contact has the avatar's link (deleted?)",
    error: .notFound("the avatar's photo was not found"))

  private static func failure(_ error: MonicaError) -> SourceFailure {
    SourceFailure(reason: error.message ?? "failed", error: error)
  }
}

/// A photo found for an avatar, kept out of memory until it is saved.
enum KeptImage: Sendable {
  /// In a nameless temporary file: its length and kind.
  case spooled(SpoolFile, Int, ImageKind)
  /// In memory, where no temporary file could be made.
  case held(FetchedImage)
  /// In the avatar cache, under the link.
  case cached(String, AvatarCache)

  /// `image` moved to a temporary file when one can be made.
  static func keeping(_ image: FetchedImage) -> KeptImage {
    guard let file = SpoolFile.make(), file.append(image.bytes) == nil else { return .held(image) }
    return .spooled(file, image.bytes.count, image.kind)
  }

  /// The image read back, or why it cannot be.
  func image() -> Result<FetchedImage, SourceFailure> {
    switch self {
    case .held(let image): return .success(image)
    case .spooled(let file, let count, let kind):
      switch file.bytes(count) {
      case .success(let bytes): return .success(FetchedImage(bytes: bytes, kind: kind, from: "network"))
      case .failure(let failure):
        return .failure(SourceFailure(reason: failure.reason, error: .internalError(failure.reason)))
      }
    case .cached(let link, let cache):
      guard let image = cache.photo(link: link) else {
        let reason = "the cached photo could not be read back"
        return .failure(SourceFailure(reason: reason, error: .internalError(reason)))
      }
      return .success(image)
    }
  }
}
