import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One stored entry, opened: its time and metadata at once, its parts one at a time.
///
/// Opening reads the whole file once and authenticates every segment before anything is handed
/// out (so a damaged or altered entry is refused before a page of it is shown), keeping only the
/// head and the trailer; `nextPart()` then reads the parts again from the same open file, which
/// writers never change in place (they replace it by a rename). Memory holds one part at a time.
package final class CacheEntryReader {
  /// When the entry was stored.
  package let storedAt: Date
  /// Its metadata, in the order stored.
  package let metadata: [(name: String, value: String)]
  /// How many parts it has.
  package let partCount: Int
  /// Whether it is complete (a listing read to its last page when it was stored).
  package let isComplete: Bool

  private let file: SegmentFile
  private let context: [UInt8]
  private let keys: CacheKeys
  private var nextIndex = 1

  /// Opens and checks the file at `path` for `context`; a reason when it cannot be used.
  static func open(
    _ path: String, context: [UInt8], keys: CacheKeys, entryLimit: Int
  ) -> Result<CacheEntryReader, Refusal> {
    let fileLimit = Self.fileLimit(entryLimit)
    let file: SegmentFile
    switch SegmentFile.open(path, limit: fileLimit) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let opened): file = opened
    }
    guard file.readExactly(CacheEntryFile.header.count) == CacheEntryFile.header else {
      return .failure(.damaged(file.identity))
    }
    var index: UInt32 = 0
    var head: (storedAt: Date, metadata: [(name: String, value: String)])?
    var parts = 0
    var total = 0
    while true {
      guard let (kind, sealed) = file.readSegment() else { return .failure(.damaged(file.identity)) }
      guard let plaintext = CacheEntryFile.open(sealed[...], kind: kind, index: index, context: context, keys: keys)
      else { return .failure(.damaged(file.identity)) }
      switch (kind, index) {
      case (.head, 0):
        head = CacheEntry.readHead(plaintext)
        guard head != nil else { return .failure(.damaged(file.identity)) }
      case (.part, 1...):
        parts += 1
        total += plaintext.count
        guard total <= entryLimit, parts <= CacheEntryFile.partCountLimit else {
          return .failure(.damaged(file.identity))
        }
      case (.trailer, 1...):
        guard let head, let trailer = CacheEntryFile.readTrailer(plaintext), trailer.parts == parts,
          file.atEnd, file.rewind(to: CacheEntryFile.header.count)
        else { return .failure(.damaged(file.identity)) }
        // The head is read again by nextPart()'s first call: skip it now.
        guard file.readSegment() != nil else { return .failure(.damaged(file.identity)) }
        return .success(
          CacheEntryReader(
            head: head, parts: parts, complete: trailer.complete, file: file, context: context, keys: keys))
      default:
        return .failure(.damaged(file.identity))
      }
      index += 1
    }
  }

  private init(
    head: (storedAt: Date, metadata: [(name: String, value: String)]), parts: Int, complete: Bool,
    file: SegmentFile, context: [UInt8], keys: CacheKeys
  ) {
    storedAt = head.storedAt
    metadata = head.metadata
    partCount = parts
    isComplete = complete
    self.file = file
    self.context = context
    self.keys = keys
  }

  /// The value of a metadata name.
  package subscript(name: String) -> String? { metadata.first { $0.name == name }?.value }

  /// Seconds since the entry was stored (see `CacheEntry.age`).
  package func age(at now: Date = Date()) -> TimeInterval { CacheEntry(storedAt: storedAt, body: []).age(at: now) }

  /// Whether the entry is at most `ttl` seconds old.
  package func isFresh(within ttl: TimeInterval, at now: Date = Date()) -> Bool { age(at: now) <= ttl }

  /// The next part, `nil` after the last; fails only when the file was changed in place since it
  /// was opened (no writer of this toolset does that).
  package func nextPart() throws(MonicaError) -> [UInt8]? {
    guard nextIndex <= partCount else { return nil }
    guard let (kind, sealed) = file.readSegment(), kind == .part,
      let plaintext = CacheEntryFile.open(
        sealed[...], kind: .part, index: UInt32(nextIndex), context: context, keys: keys)
    else { throw .notPermitted("\(file.path): the cache entry was altered while it was read") }
    nextIndex += 1
    return plaintext
  }

  /// Why an entry file was not used.
  enum Refusal: Error, Equatable {
    /// No such file.
    case absent
    /// Not a regular private file of this user, or too large: not read.
    case refused(String)
    /// Read, and it does not open; the file that was read.
    case damaged(FileIdentity?)
  }

  /// The largest file an entry of at most `entryLimit` body bytes may be: a head, a trailer,
  /// at most `CacheEntryFile.partCountLimit` parts and their segments.
  static func fileLimit(_ entryLimit: Int) -> Int {
    CacheEntryFile.header.count + (CacheEntryFile.partCountLimit + 2) * CacheEntryFile.segmentOverhead
      + CacheEntry.metadataLimit + min(entryLimit, Int.max / 2)
  }
}

/// A file read segment by segment, every length bounded before anything is allocated for it.
final class SegmentFile {
  let path: String
  /// Which file was opened.
  let identity: FileIdentity
  private let descriptor: Int32
  private let size: Int
  private var offset = 0

  private init(path: String, descriptor: Int32, info: stat) {
    self.path = path
    self.descriptor = descriptor
    identity = FileIdentity(info)
    size = Int(info.st_size)
  }

  deinit { close(descriptor) }

  /// Opens `path` with `SecureFiles.openBounded`.
  static func open(_ path: String, limit: Int) -> Result<SegmentFile, CacheEntryReader.Refusal> {
    switch SecureFiles.openBounded(path, limit: limit) {
    case .absent: return .failure(.absent)
    case .refused(let reason): return .failure(.refused(reason))
    case .opened(let descriptor, let info): return .success(SegmentFile(path: path, descriptor: descriptor, info: info))
    }
  }

  /// Whether every byte has been read.
  var atEnd: Bool { offset == size }

  /// Goes back to `position`.
  func rewind(to position: Int) -> Bool {
    guard lseek(descriptor, off_t(position), SEEK_SET) == off_t(position) else { return false }
    offset = position
    return true
  }

  /// The next segment's kind and its nonce, ciphertext and tag; `nil` when the file does not
  /// hold a whole one there.
  func readSegment() -> (CacheEntryFile.Kind, [UInt8])? {
    guard let prefix = readExactly(5), let kind = CacheEntryFile.Kind(rawValue: prefix[0]) else { return nil }
    let length = Int(prefix[1..<5].reduce(0) { $0 << 8 | UInt32($1) })
    guard length <= CacheEntryFile.partLimit + CacheEntry.metadataLimit + 16 else { return nil }
    guard let sealed = readExactly(12 + length + 16) else { return nil }
    return (kind, sealed)
  }

  /// Exactly `count` bytes, or `nil` when the file ends before.
  func readExactly(_ count: Int) -> [UInt8]? {
    guard count >= 0, count <= size - offset else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let read = bytes.withUnsafeMutableBytes { raw in
        Glibc.read(descriptor, raw.baseAddress.map { $0 + done }, count - done)
      }
      if read < 0 && errno == EINTR { continue }
      guard read > 0 else { return nil }
      done += read
    }
    offset += count
    return bytes
  }
}
