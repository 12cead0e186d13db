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
  package func resolve(_ wanted: [(contactID: Int, link: String)]) async
    -> [String: Result<FetchedImage, SourceFailure>]
  {
    var found: [String: Result<FetchedImage, SourceFailure>] = [:]
    var missing: [(contactID: Int, link: String)] = []
    for (contactID, link) in wanted where found[link] == nil && !missing.contains(where: { $0.link == link }) {
      if !refresh, let cached = cache?.photo(link: link) {
        found[link] = .success(cached)
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
    _ envelope: PageEnvelope, wanted: inout Set<String>, into found: inout [String: Result<FetchedImage, SourceFailure>]
  ) {
    envelope.forEachRecord { bytes in
      guard let link = PageEnvelope.topLevelString("link", in: bytes), wanted.contains(link),
        case .object(let photo)? = try? JSONValue(parsing: Array(bytes))
      else { return true }
      wanted.remove(link)
      found[link] = Self.image(of: photo).map { image in
        if let id = photo["id"]?.intValue, let updatedAt = photo["updated_at"]?.stringValue {
          cache?.storePhoto(image.bytes, id: id, updatedAt: updatedAt, link: link)
        }
        return image
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
