import Foundation

/// One kind of cache of a profile (`responses`, later `avatars`): bytes and a few named values
/// stored under a key, sealed with AES-256-GCM, read back with the time they were stored so that
/// the caller decides what is fresh.
///
/// Each entry is one file named by a keyed hash of its key, written atomically (a temporary file
/// and a rename), so parallel writers of one entry leave one whole entry, the last one. Reading
/// checks the file's owner, mode and size on the open descriptor before a byte is read, and an
/// entry that does not open (damaged, altered, renamed, sealed with other keys) is removed and
/// reported, never returned. Plaintext exists only in memory.
package struct EncryptedCache: Sendable {
  /// The profile's cache.
  package let profile: ProfileCache
  /// The kind, also the subdirectory's name.
  package let namespace: String
  /// The largest body stored; larger ones are not cached.
  package let entryLimit: Int

  /// The subdirectory.
  package var path: String { profile.directory.path + "/" + namespace }

  /// What a read found.
  package enum Lookup: Sendable, Equatable {
    /// No entry.
    case missing
    /// An entry that could not be used was removed, for this reason.
    case discarded(String)
    /// The entry.
    case found(CacheEntry)
  }

  /// The file of `key`.
  package func filePath(_ key: CacheKey) -> String { path + "/" + profile.keys.fileName(key, namespace: namespace) }

  /// Refuses directories that others can enter (as for credentials), and anything in their place
  /// that is not a directory of this user; absent ones are fine.
  package func checkDirectories() throws(MonicaError) {
    for directory in [profile.directory.root, profile.directory.path, path] {
      var info = stat()
      guard lstat(directory, &info) == 0 else { continue }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .notPermitted("\(directory) is not a directory; refusing to use it as a cache")
      }
      try SecureFiles.makePrivateDirectory(directory)
    }
  }

  /// The entry of `key`, if there is a whole, authentic one.
  package func read(_ key: CacheKey) -> Lookup {
    let file = filePath(key)
    let limit = entryLimit + CacheEntry.metadataLimit + CacheEntryFile.overhead + 16
    switch SecureFiles.readBounded(file, limit: limit) {
    case .absent:
      return .missing
    case .refused(let reason):
      discard(file, ifStill: nil)
      return .discarded(reason)
    case .bytes(let bytes, let identity):
      guard
        let entry = CacheEntryFile.open(
          bytes, key: key, namespace: namespace, scope: profile.scope, keys: profile.keys)
      else {
        discard(file, ifStill: identity)
        return .discarded("damaged or altered")
      }
      return .found(entry)
    }
  }

  /// Seals and stores `entry` under `key`, replacing any entry there; false when it was not
  /// stored: a body over the limit, or a profile logged out or in again since its keys were made.
  @discardableResult
  package func store(_ entry: CacheEntry, for key: CacheKey) throws(MonicaError) -> Bool {
    guard entry.body.count <= entryLimit, entry.metadataIsValid else { return false }
    let sealed = try CacheEntryFile.seal(
      entry, key: key, namespace: namespace, scope: profile.scope, keys: profile.keys)
    let file = filePath(key)
    return try profile.whileCurrent { () throws(MonicaError) in
      try SecureFiles.makePrivateDirectory(profile.directory.root)
      try SecureFiles.makePrivateDirectory(profile.directory.path)
      try SecureFiles.makePrivateDirectory(path)
      // A lost entry is fetched again and a torn one is discarded: no fsync per entry.
      try SecureFiles.writeAtomically(sealed, to: file, durable: false)
    }
  }

  /// Removes the entry of `key`, if any.
  package func remove(_ key: CacheKey) {
    unlink(filePath(key))
  }

  /// Removes a file that was found unusable, unless a writer has replaced it since (then the
  /// new file is someone's fresh entry).
  private func discard(_ file: String, ifStill identity: FileIdentity?) {
    if let identity, FileIdentity.of(file) != identity { return }
    var info = stat()
    guard lstat(file, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return }
    unlink(file)
  }
}
