/// Where a seeded account's urls point: the instance, its stored files and the gravatar
/// stand-in. Seeding with the urls the sandbox serves at spares a rewrite of every string of
/// the store at start.
package struct SeedURLs: Sendable {
  /// The instance, `http://127.0.0.1:PORT`: records' `url`s are under its `/api`.
  package var base: String
  /// Where stored files (photos, avatars, documents) are: `BASE/store`, the session-only route,
  /// or `BASE/storage`, an instance's public files (`--public-storage`).
  package var files: String
  /// The base of gravatar avatars' URLs (GravatarOrigin).
  package var gravatar: String
  /// Whether stored files are public (`--public-storage`): documents' links follow `files` too.
  package var publicStorage: Bool

  /// The urls of an instance at `base`; `gravatar` is the one in use unless given.
  package init(base: String, publicStorage: Bool = false, gravatar: String = GravatarOrigin.base) {
    self.base = base
    self.publicStorage = publicStorage
    files = base + (publicStorage ? "/storage" : "/store")
    self.gravatar = gravatar
  }
}
