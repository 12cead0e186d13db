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
/// Every record carries its image as base64 (Photo.php:30): a record is read in place, and each
/// found image goes to a nameless temporary file until it is saved, so the found photos are not
/// held in memory beside the page.
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
      var walker = PageWalker(client: client, path: "/photos", query: [], what: "photos")
      // One page at a time: the walk stops as soon as every link was seen, and a page asked for
      // in parallel would be spent for nothing.
      walker.concurrency = 1
      do {
        var handOver = false
        _ = try await walker.walk(pageSize: 100, lowered: { _, _ in }) { (page) throws(MonicaError) -> Bool in
          take(page.envelope, wanted: &remaining, into: &found)
          if page.number == 1 && remaining.count < page.lastPage - 1 { handOver = true }
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
      let walker = PageWalker(
        client: client, path: "/contacts/\(contactID)/photos", query: [], what: "photos of contact #\(contactID)")
      do {
        _ = try await walker.walk(pageSize: 100, lowered: { _, _ in }) { (page) throws(MonicaError) -> Bool in
          take(page.envelope, wanted: &remaining, into: &found)
          return !remaining.isEmpty
        }
        if found[link] == nil { found[link] = .failure(Self.notFound) }
      } catch {
        found[link] = .failure(Self.failure(error))
      }
    }
    return found
  }

  /// Takes the wanted photos of one page: their `dataUrl` decoded, checked and cached.
  private func take(
    _ envelope: PageEnvelope, wanted: inout Set<String>, into found: inout [String: Result<KeptImage, SourceFailure>]
  ) {
    envelope.forEachRecord { bytes in
      guard let link = PageEnvelope.topLevelString("link", in: bytes), wanted.contains(link) else { return true }
      // Only the members used, read from the page in place: a 10 MB photo's record is neither
      // copied nor parsed whole, and its `dataUrl` string is gone before the image is stored.
      let id = PageEnvelope.topLevelValue("id", in: bytes)
      let updatedAt = PageEnvelope.topLevelString("updated_at", in: bytes)
      let decoded = Self.image(
        of: JSONObject(["id": id ?? .null, "dataUrl": PageEnvelope.topLevelValue("dataUrl", in: bytes) ?? .null]))
      wanted.remove(link)
      found[link] = decoded.map { image in
        if let id = id?.intValue, let updatedAt {
          cache?.storePhoto(image.bytes, id: id, updatedAt: updatedAt, link: link)
        }
        return KeptImage.keeping(image)
      }
      return true
    }
  }

  /// The checked image of a photo record's `dataUrl`.
  package static func image(of photo: JSONObject, from: String = "network") -> Result<FetchedImage, SourceFailure> {
    let id = photo["id"]?.intValue.map { "photo #\($0)" } ?? "the photo"
    guard let text = photo["dataUrl"]?.stringValue else {
      return .failure(SourceFailure(reason: "\(id) has no dataUrl", error: .invalidData("\(id): no dataUrl")))
    }
    switch DataURL.decode(text) {
    case .failure(let failure):
      return .failure(SourceFailure(reason: failure.reason, error: .invalidData("\(id): \(failure.reason)")))
    case .success(let bytes):
      switch ImageKind.verify(bytes, contentType: nil) {
      case .success(let kind): return .success(FetchedImage(bytes: bytes, kind: kind, from: from))
      case .failure(let refusal):
        return .failure(SourceFailure(reason: refusal.reason, error: .invalidData("\(id): \(refusal.reason)")))
      }
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
      switch file.contents(count) {
      case .success(let data): return .success(FetchedImage(bytes: Array(data), kind: kind, from: "network"))
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
