import Foundation

/// One kind of cache of a profile (`responses`, later `avatars`): entries of bytes and a few
/// named values, stored under a key, sealed with AES-256-GCM, read back with the time they were
/// stored so that the caller decides what is fresh.
///
/// An entry is one file named by a keyed hash of its key (`CacheEntryFile`): a single body (an
/// image, a record) or parts stored as they arrive and read back one at a time (the pages of a
/// listing). Writes go to a temporary file renamed into place, so parallel writers of one entry
/// leave one whole entry. Reading checks the file's owner, mode and size on the open descriptor
/// before a byte is read, and authenticates the whole entry before a part is handed out; one
/// that does not open (damaged, altered, renamed, sealed with other keys) is removed and
/// reported, never returned. Plaintext exists only in memory.
package struct EncryptedCache: Sendable {
  /// The profile's cache.
  package let profile: ProfileCache
  /// The kind, also the subdirectory's name.
  package let namespace: String
  /// The most body bytes an entry holds (all its parts); larger ones are not stored.
  package let entryLimit: Int

  /// The subdirectory: `<owner>/<kind>`, or `<kind>/<owner>` for a separate kind (`avatars`).
  package var path: String { directories.last ?? namespace }

  /// The directories from `$XDG_CACHE_HOME/monica` down to `path`.
  private var directories: [String] { profile.directory.directories(of: namespace) }

  /// What a read found.
  package enum Lookup<Found> {
    /// No entry.
    case missing
    /// An entry that could not be used was removed, for this reason.
    case discarded(String)
    /// The entry.
    case found(Found)
  }

  /// The file of `key`.
  package func filePath(_ key: CacheKey) -> String { path + "/" + profile.keys.fileName(key, namespace: namespace) }

  /// Refuses directories that others can enter (as for credentials), and anything in their place
  /// that is not a directory; absent ones are fine.
  package func checkDirectories() throws(MonicaError) {
    for directory in directories {
      var info = stat()
      guard lstat(directory, &info) == 0 else { continue }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .notPermitted("\(directory) is not a directory; refusing to use it as a cache")
      }
      try SecureFiles.makePrivateDirectory(directory)
    }
  }

  /// Makes the directories, 0700; refuses existing ones that others can enter.
  func makeDirectories() throws(MonicaError) {
    for directory in directories { try SecureFiles.makePrivateDirectory(directory) }
  }

  /// The entry of `key`, opened and authenticated, to be read part by part.
  package func open(_ key: CacheKey) -> Lookup<CacheEntryReader> {
    let file = filePath(key)
    let context = CacheEntryFile.context(key: key, namespace: namespace, scope: profile.scope)
    switch CacheEntryReader.open(file, context: context, keys: profile.keys, entryLimit: entryLimit) {
    case .success(let reader):
      return .found(reader)
    case .failure(.absent):
      return .missing
    case .failure(.refused(let reason)):
      discard(file, ifStill: nil)
      return .discarded(reason)
    case .failure(.damaged(let identity)):
      discard(file, ifStill: identity)
      return .discarded("damaged or altered")
    }
  }

  /// The entry of `key` as one body (its parts joined), for entries stored whole.
  package func read(_ key: CacheKey) -> Lookup<CacheEntry> {
    switch open(key) {
    case .missing: return .missing
    case .discarded(let reason): return .discarded(reason)
    case .found(let reader):
      var body: [UInt8] = []
      do {
        while let part = try reader.nextPart() { body += part }
      } catch {
        return .discarded("altered while it was read")
      }
      return .found(CacheEntry(storedAt: reader.storedAt, metadata: reader.metadata, body: body))
    }
  }

  /// Starts storing an entry under `key`, part by part; it replaces the old one at `commit`.
  package func writer(
    for key: CacheKey, storedAt: Date = Date(), metadata: [(name: String, value: String)] = []
  ) throws(MonicaError) -> CacheEntryWriter {
    try CacheEntryWriter(cache: self, key: key, storedAt: storedAt, metadata: metadata)
  }

  /// Stores `entry` whole under `key`, replacing any entry there; false when it was not stored:
  /// a body over the limit, or a profile logged out or in again since its keys were made.
  @discardableResult
  package func store(_ entry: CacheEntry, for key: CacheKey) throws(MonicaError) -> Bool {
    guard entry.body.count <= min(entryLimit, CacheEntryFile.partLimit), CacheEntry.metadataIsValid(entry.metadata)
    else { return false }
    let writer: CacheEntryWriter
    do { writer = try self.writer(for: key, storedAt: entry.storedAt, metadata: entry.metadata) } catch {
      guard profile.isCurrent else { return false }
      throw error
    }
    guard try writer.append(entry.body) else { return false }
    return try writer.commit(complete: true)
  }

  /// Removes the entry of `key`, if any.
  package func remove(_ key: CacheKey) {
    unlink(filePath(key))
  }

  /// Removes temporary files of writes that never finished (a process killed half-way), an
  /// hour after they were last written.
  func sweepTemporaryFiles() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
    let cutoff = Date().timeIntervalSince1970 - 3_600
    for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
      var info = stat()
      let file = path + "/" + name
      if lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Double(info.st_mtim.tv_sec) < cutoff {
        unlink(file)
      }
    }
  }

  /// Removes a file found unusable, unless a writer has replaced it since (then it is someone's
  /// fresh entry); a directory in its place stays.
  private func discard(_ file: String, ifStill identity: FileIdentity?) {
    if let identity, FileIdentity.of(file) != identity { return }
    var info = stat()
    guard lstat(file, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return }
    unlink(file)
  }
}

extension EncryptedCache.Lookup: Equatable where Found: Equatable {}
