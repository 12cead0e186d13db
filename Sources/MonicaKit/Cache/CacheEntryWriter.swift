import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An entry being stored part by part (the pages of a listing as they arrive): sealed into a
/// temporary file beside its place, which `commit` renames over the entry, so readers see the
/// old entry or the new one whole, and parallel writers of one entry leave the last one whole.
/// Nothing is in place until `commit`; `abandon` (or dropping the writer) removes the file.
package final class CacheEntryWriter {
  private let cache: EncryptedCache
  private let path: String
  private let temporary: String
  private let context: [UInt8]
  private var descriptor: Int32
  private var parts = 0
  private var total = 0

  init(
    cache: EncryptedCache, key: CacheKey, storedAt: Date, metadata: [(name: String, value: String)]
  ) throws(MonicaError) {
    guard CacheEntry.metadataIsValid(metadata) else { throw .internalError("cache metadata over its limit") }
    self.cache = cache
    path = cache.filePath(key)
    context = CacheEntryFile.context(key: key, namespace: cache.namespace, scope: cache.profile.scope)
    temporary =
      SecureFiles.parent(of: path) + "/." + (path as NSString).lastPathComponent
      + ".tmp-\(UInt32.random(in: 0...UInt32.max))"
    descriptor = -1
    let head = try CacheEntryFile.seal(
      CacheEntry.head(storedAt: storedAt, metadata: metadata), kind: .head, index: 0, context: context,
      keys: cache.profile.keys)
    let temporary = self.temporary
    var opened: Int32 = -1
    // Directories are made only while the profile is the one the keys belong to: a writer never
    // recreates the cache of a profile logged out meanwhile.
    let current = try cache.profile.whileCurrent { () throws(MonicaError) in
      try cache.makeDirectories()
      opened = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard opened >= 0 else { throw .configuration("\(temporary): cannot create: \(systemErrorText(errno))") }
    }
    guard current else { throw .configuration("\(path): the profile changed; not stored") }
    descriptor = opened
    try write(CacheEntryFile.header + head)
  }

  deinit { abandon() }

  /// Adds a part; false (and the entry abandoned) when the entry would be larger than its cache
  /// allows.
  @discardableResult
  package func append(_ part: [UInt8]) throws(MonicaError) -> Bool {
    guard descriptor >= 0 else { return false }
    guard part.count <= CacheEntryFile.partLimit, total + part.count <= cache.entryLimit,
      parts < CacheEntryFile.partCountLimit
    else {
      abandon()
      return false
    }
    parts += 1
    total += part.count
    let sealed = try CacheEntryFile.seal(
      part, kind: .part, index: UInt32(parts), context: context, keys: cache.profile.keys)
    try write(sealed)
    return true
  }

  /// Seals the trailer and puts the entry in place; false when it was abandoned, or the profile
  /// was logged out or in again since the keys were made (then nothing is stored).
  @discardableResult
  package func commit(complete: Bool) throws(MonicaError) -> Bool {
    guard descriptor >= 0 else { return false }
    let trailer = try CacheEntryFile.seal(
      CacheEntryFile.trailer(parts: parts, complete: complete), kind: .trailer, index: UInt32(parts + 1),
      context: context, keys: cache.profile.keys)
    try write(trailer)
    close(descriptor)
    descriptor = -1
    let (temporary, path) = (self.temporary, self.path)
    // A lost entry is fetched again and a torn one discarded: no fsync.
    let placed = try cache.profile.whileCurrent { () throws(MonicaError) in
      guard rename(temporary, path) == 0 else {
        throw .configuration("\(path): cannot store: \(systemErrorText(errno))")
      }
    }
    if !placed { unlink(temporary) }
    cache.sweepTemporaryFiles()
    return placed
  }

  /// Drops the entry: its temporary file goes.
  package func abandon() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
    unlink(temporary)
  }

  private func write(_ bytes: [UInt8]) throws(MonicaError) {
    var failed: Int32 = 0
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failed = errno
          return
        }
        offset += written
      }
    }
    guard failed != 0 else { return }
    abandon()
    throw .configuration("\(path): cannot store: \(systemErrorText(failed))")
  }
}
