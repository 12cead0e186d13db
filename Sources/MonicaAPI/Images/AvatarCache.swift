import Foundation
import MonicaKit

/// The profile's image cache, `$XDG_CACHE_HOME/monica/avatars/<profile>/` (0700, entries 0600;
/// `.env-<digits>` for MONICA_URL with MONICA_TOKEN), one of its encrypted caches
/// (`CacheDirectory.separateKinds`): `monica-auth logout` and `cache clear` remove it with the
/// rest, and two profiles never share an entry (each profile's entries are named and sealed with
/// its own keys, in its own directory).
///
/// Three kinds of entries:
/// - images fetched from a URL (`image URL`), with their validators and max-age;
/// - photos' bytes, by the photo's id and `updated_at` (`photo ID UPDATED_AT`), and beside them
///   what each link was last seen to be (`photo-link LINK`: the id and `updated_at`, no body).
///   A contact's record gives only the link, and Monica cannot update a photo in place (its
///   routes have no PUT /api/photos, routes/api.php:136; the link names the stored file,
///   Photo.php:68-75), so a known link is used with no request until `--refresh` reads the photo
///   again; a photo read with another `updated_at` is a new entry;
/// - a data-URL avatar's decoded bytes (`data-url ID URL`: the contact's id and the URL, whose
///   keyed digest names the file), so that a second run says `from: "cache"` and stores nothing:
///   a changed avatar is another URL, thus another entry.
package struct AvatarCache: Sendable {
  /// The kind of cache, and the directory under `$XDG_CACHE_HOME/monica`.
  package static let namespace = "avatars"
  /// How long an image stays fresh when the server says nothing: 24 hours.
  package static let defaultLifetime: TimeInterval = 86_400

  let entries: EncryptedCache
  let instance: String

  /// The cache of `credentials`; `nil` (with a warning) when its directories cannot be used.
  package init?(credentials: Credentials, store: CredentialStore, warn: (String) -> Void) {
    let section = ProfileCache(credentials: credentials, store: store)
      .section(Self.namespace, entryLimit: BodyLimits.image)
    do { try section.checkDirectories() } catch {
      warn("cache: \(error.message ?? "unusable"); going on without it")
      return nil
    }
    entries = section
    instance = credentials.instance.instance
  }

  /// The key of an image fetched from `url`.
  func imageKey(_ url: String) -> CacheKey { key("image " + url) }

  /// The key of the bytes of photo `id` as it was at `updatedAt`.
  func photoKey(id: Int, updatedAt: String) -> CacheKey { key("photo \(id) \(updatedAt)") }

  /// The key of what the photo of `link` was last seen to be.
  func linkKey(_ link: String) -> CacheKey { key("photo-link " + link) }

  /// The key of contact `contactID`'s data-URL avatar `url`.
  func dataURLKey(contactID: Int, url: String) -> CacheKey { key("data-url \(contactID) " + url) }

  private func key(_ resource: String) -> CacheKey { CacheKey(instance: instance, resource: resource) }

  /// The bytes of the photo last seen at `link`, with no request.
  func photo(link: String) -> FetchedImage? {
    guard case .found(let seen) = entries.read(linkKey(link)), let id = seen["photo-id"].flatMap(Int.init),
      let updatedAt = seen["updated-at"], let cached = image(photoKey(id: id, updatedAt: updatedAt))
    else { return nil }
    return FetchedImage(bytes: cached.entry.body, kind: cached.kind, from: "cache")
  }

  /// Keeps a photo's bytes under its id and `updated_at` (unless that version is kept already)
  /// and points `link` at them.
  func storePhoto(_ bytes: [UInt8], id: Int, updatedAt: String, link: String) {
    let key = photoKey(id: id, updatedAt: updatedAt)
    if !holds(key, bytes) { store(CacheEntry(body: bytes), for: key) }
    let seen = CacheEntry(metadata: [("photo-id", String(id)), ("updated-at", updatedAt)], body: [])
    if case .found(let entry) = entries.read(linkKey(link)), entry["photo-id"] == String(id),
      entry["updated-at"] == updatedAt
    {
      return
    }
    store(seen, for: linkKey(link))
  }

  /// Whether the entry of `key` holds exactly `bytes`, compared a part at a time (read whole, a
  /// kept 10 MB photo took another 10 MB beside the one just decoded).
  func holds(_ key: CacheKey, _ bytes: [UInt8]) -> Bool {
    guard case .found(let reader) = entries.open(key) else { return false }
    var offset = 0
    do {
      while let part = try reader.nextPart() {
        guard part.count <= bytes.count - offset, bytes[offset..<(offset + part.count)].elementsEqual(part) else {
          return false
        }
        offset += part.count
      }
    } catch {
      return false
    }
    return offset == bytes.count
  }

  /// The entry of `key` when it holds an image of a known kind.
  func image(_ key: CacheKey) -> (entry: CacheEntry, kind: ImageKind)? {
    guard case .found(let entry) = entries.read(key), let kind = ImageKind.sniff(entry.body) else { return nil }
    return (entry, kind)
  }

  /// Stores an entry; a failure to store is not the run's failure (the image is saved anyway).
  /// The body is sealed a part of `part` bytes at a time: sealed whole, a 10 MB image took a
  /// second 10 MB for its ciphertext.
  func store(_ entry: CacheEntry, for key: CacheKey) {
    guard entry.body.count <= BodyLimits.image,
      let writer = try? entries.writer(for: key, storedAt: entry.storedAt, metadata: entry.metadata)
    else { return }
    var offset = 0
    repeat {
      let end = min(offset + Self.part, entry.body.count)
      guard (try? writer.append(Array(entry.body[offset..<end]))) == true else { return }
      offset = end
    } while offset < entry.body.count
    _ = try? writer.commit(complete: true)
  }

  /// The bytes of an image sealed at once.
  static let part = 1 << 20
}

/// What an answer's `Cache-Control` allows.
package struct CacheLifetime: Sendable, Equatable {
  /// Seconds the answer stays fresh.
  package var maxAge: TimeInterval
  /// `no-store`: not to be kept at all.
  package var noStore = false

  /// The lifetime from the headers: `max-age`, `no-cache` (0: revalidate every time), else the
  /// default of 24 hours.
  package init(headers: [String: String]) {
    maxAge = AvatarCache.defaultLifetime
    guard let value = headers["cache-control"]?.lowercased() else { return }
    for directive in value.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      switch parts.first {
      case "no-store": noStore = true
      case "no-cache": maxAge = 0
      case "max-age":
        if parts.count == 2, let seconds = Double(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))),
          seconds.isFinite, seconds >= 0
        {
          maxAge = min(seconds, 10 * 365 * 86_400)
        }
      default: break
      }
    }
  }
}
