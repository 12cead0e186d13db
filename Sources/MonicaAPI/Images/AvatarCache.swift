import Foundation
import MonicaKit

/// The profile's image cache: `avatars/` in its encrypted cache directory
/// (`$XDG_CACHE_HOME/monica/<profile>/avatars/`), so that `monica-auth logout` and
/// `cache clear` remove it with the rest and two profiles never share an entry (each profile's
/// entries are named and sealed with its own keys).
///
/// Two kinds of entries: images fetched from a URL (`image URL`), with their validators and
/// max-age, and photos' bytes (`photo LINK`), with the photo's id and `updated_at`; Monica
/// cannot update a photo (there is no PUT /api/photos), so a link names the same bytes for good.
package struct AvatarCache: Sendable {
  /// The subdirectory of the profile's cache.
  package static let namespace = "avatars"
  /// How long an image stays fresh when the server says nothing: 24 hours.
  package static let defaultLifetime: TimeInterval = 86_400

  let entries: EncryptedCache
  let instance: String

  /// The cache of `credentials`; `nil` (with a warning) when its directories cannot be used.
  package init?(credentials: Credentials, store: CredentialStore, warn: (String) -> Void) {
    let section = ProfileCache(credentials: credentials, store: store)
      .section(Self.namespace, entryLimit: ImageKind.byteLimit)
    do { try section.checkDirectories() } catch {
      warn("cache: \(error.message ?? "unusable"); going on without it")
      return nil
    }
    entries = section
    instance = credentials.instance.instance
  }

  /// The key of an image fetched from `url`.
  func imageKey(_ url: String) -> CacheKey { CacheKey(instance: instance, resource: "image " + url) }

  /// The key of the photo whose link is `link`.
  func photoKey(_ link: String) -> CacheKey { CacheKey(instance: instance, resource: "photo " + link) }

  /// The entry of `key` when it holds an image of a known kind.
  func image(_ key: CacheKey) -> (entry: CacheEntry, kind: ImageKind)? {
    guard case .found(let entry) = entries.read(key), let kind = ImageKind.sniff(entry.body) else { return nil }
    return (entry, kind)
  }

  /// Stores an entry; a failure to store is not the run's failure (the image is saved anyway).
  func store(_ entry: CacheEntry, for key: CacheKey) {
    _ = try? entries.store(entry, for: key)
  }
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
