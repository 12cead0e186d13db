import Foundation

/// The cache directory of one profile, or of the environment's token: where every kind of cache
/// (responses, images) keeps its entries, each kind in a subdirectory.
///
/// `$XDG_CACHE_HOME/monica/<profile>/<namespace>/` for a profile (removed by logout and by a new
/// login), `$XDG_CACHE_HOME/monica/.env-<16 hex digits>/<namespace>/` for MONICA_URL with
/// MONICA_TOKEN, the digits derived from the token. Directories are 0700, entries 0600.
///
/// The kinds of `separateKinds` live the other way round, `$XDG_CACHE_HOME/monica/<kind>/<owner>/`
/// (issue 11 puts images in `avatars/<profile>/`, so that every face of every profile is in one
/// tree a user can find and size); they are still the profile's: cleared, counted and removed
/// with its directory. So a kind's name cannot be a profile's (`CredentialStore.validate`).
package struct CacheDirectory: Sendable {
  /// The kinds kept in `$XDG_CACHE_HOME/monica/<kind>/<owner>/` rather than in the owner's
  /// directory.
  package static let separateKinds: Set<String> = ["avatars"]
  /// The directory.
  package let path: String
  /// `$XDG_CACHE_HOME/monica`, its parent.
  package let root: String
  /// The profile's lock file, for a profile: clearing takes it exclusively, writes shared.
  package let lockPath: String?
  /// Whether this is the whole of `$XDG_CACHE_HOME/monica` (every kind is inside it).
  private let isEverything: Bool

  /// The cache directory of `credentials` (no key is needed to find it).
  package init(for credentials: Credentials, store: CredentialStore) {
    if let profile = credentials.profile {
      self.init(profile: profile, store: store)
    } else {
      self.init(
        root: store.cacheDirectory,
        path: store.cacheDirectory + "/" + CacheKeys.environmentDirectoryName(token: credentials.token), lockPath: nil)
    }
  }

  /// The cache directory of a profile, by name alone.
  package init(profile: String, store: CredentialStore) {
    self.init(root: store.cacheDirectory, path: store.cachePath(profile), lockPath: store.lockPath(profile))
  }

  /// The whole of `$XDG_CACHE_HOME/monica` (`root`), every profile's cache and the
  /// environment's, for `monica-auth cache clear --all`.
  package init(root: String) {
    self.init(root: SecureFiles.parent(of: root), path: root, lockPath: nil, everything: true)
  }

  private init(root: String, path: String, lockPath: String?, everything: Bool = false) {
    self.root = root
    self.path = path
    self.lockPath = lockPath
    isEverything = everything
  }

  /// The directories of one kind of cache, outermost first, the kind's own last:
  /// `[root, <owner>, <owner>/<kind>]`, or `[root, <kind>, <kind>/<owner>]` for a separate kind.
  package func directories(of namespace: String) -> [String] {
    guard Self.separateKinds.contains(namespace), !isEverything else { return [root, path, path + "/" + namespace] }
    let kind = root + "/" + namespace
    return [root, kind, kind + "/" + (path as NSString).lastPathComponent]
  }

  /// Every directory that holds this owner's entries: its own and one per separate kind.
  package var allPaths: [String] {
    isEverything ? [path] : [path] + Self.separateKinds.sorted().compactMap { directories(of: $0).last }
  }

  /// What the directories hold: entries (files not hidden) and bytes (every file).
  package func usage() -> CacheUsage {
    var usage = CacheUsage()
    for directory in allPaths {
      guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
      for case let name as String in walker {
        var info = stat()
        guard lstat(directory + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        usage.bytes += Int64(info.st_size)
        if !(name as NSString).lastPathComponent.hasPrefix(".") { usage.entries += 1 }
      }
    }
    return usage
  }

  /// Removes the directories and everything in them, holding the profile's lock so that no
  /// entry of a parallel run lands in them half-way; absent directories are fine.
  package func clear() throws(MonicaError) {
    let lock = lockPath.flatMap { ProfileLock(existing: $0, exclusive: true) }
    defer { lock?.release() }
    try removeAll()
  }

  /// Removes the directories with no lock, for a caller that holds the profile's lock already.
  package func removeAll() throws(MonicaError) {
    for directory in allPaths {
      var info = stat()
      guard lstat(directory, &info) == 0 else { continue }
      do { try FileManager.default.removeItem(atPath: directory) } catch {
        throw .configuration("\(directory): cannot remove the cache: \(error.localizedDescription)")
      }
    }
  }
}

/// How much a cache holds.
package struct CacheUsage: Sendable, Equatable {
  /// Entry files.
  package var entries = 0
  /// Bytes on disk, temporary files of writes under way included.
  package var bytes: Int64 = 0

  package init(entries: Int = 0, bytes: Int64 = 0) {
    self.entries = entries
    self.bytes = bytes
  }

  /// "empty", "1 entry, 812 bytes", "14 entries, 1.2 MB".
  package var description: String {
    guard entries > 0 || bytes > 0 else { return "empty" }
    let size: String
    switch bytes {
    case ..<1_000: size = "\(bytes) bytes"
    case ..<1_000_000: size = String(format: "%.1f kB", Double(bytes) / 1_000)
    case ..<1_000_000_000: size = String(format: "%.1f MB", Double(bytes) / 1_000_000)
    default: size = String(format: "%.1f GB", Double(bytes) / 1_000_000_000)
    }
    return "\(entries) entr\(entries == 1 ? "y" : "ies"), \(size)"
  }
}

/// A cache directory with the keys of the credentials it belongs to: the one way into the
/// encrypted caches of a profile.
package struct ProfileCache: Sendable {
  /// Where it lives.
  package let directory: CacheDirectory
  /// Bound into every entry: `profile NAME`, or `environment`.
  package let scope: String
  let keys: CacheKeys
  /// The profile's credential file when the keys were derived: entries are written only while
  /// it is still the profile's file, so a logout or a new login is never followed by an entry
  /// sealed with the old keys.
  private let owner: (credentials: String, file: FileIdentity)?

  /// The cache of `credentials`, with keys from the key-file key, else from the token.
  package init(credentials: Credentials, store: CredentialStore) {
    directory = CacheDirectory(for: credentials, store: store)
    if let profile = credentials.profile {
      scope = "profile " + profile
      owner = credentials.savedFile.map { (store.credentialPath(profile), $0) }
    } else {
      scope = "environment"
      owner = nil
    }
    let secret = credentials.keyFileKey ?? Array(credentials.token.utf8)
    keys = CacheKeys(secret: secret, scope: scope)
  }

  /// The cache of one kind, `namespace` (lower-case letters), whose entries' bodies are at most
  /// `entryLimit` bytes.
  package func section(_ namespace: String, entryLimit: Int) -> EncryptedCache {
    EncryptedCache(profile: self, namespace: namespace, entryLimit: entryLimit)
  }

  /// Whether the profile's credential file is still the one the keys came from.
  var isCurrent: Bool { owner.map { FileIdentity.of($0.credentials) == $0.file } ?? true }

  /// Runs `write` under the profile's shared lock while its credential file is the one the keys
  /// came from; false (and nothing run) when the profile was logged out or logged in again.
  func whileCurrent(_ write: () throws(MonicaError) -> Void) throws(MonicaError) -> Bool {
    guard let owner else {
      try write()
      return true
    }
    let lock = directory.lockPath.flatMap { ProfileLock(existing: $0) }
    defer { lock?.release() }
    guard FileIdentity.of(owner.credentials) == owner.file else { return false }
    try write()
    return true
  }
}
