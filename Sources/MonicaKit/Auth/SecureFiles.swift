import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files that hold secrets: private directories, owner-only files, atomic replacement, and the
/// same refusal ssh gives to files others can read.
package enum SecureFiles {
  /// Creates `path` and its missing parents; the last component is made 0700.
  package static func makePrivateDirectory(_ path: String) throws(MonicaError) {
    var info = stat()
    if stat(path, &info) == 0 {
      try checkPrivate(path, info: info, isDirectory: true)
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path {
      do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
        throw .configuration("\(parent): cannot create the directory: \(error.localizedDescription)")
      }
    }
    if mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw .configuration("\(path): cannot create the directory: \(reason(errno))")
    }
    chmod(path, 0o700)
  }

  /// Writes `bytes` to `path` with mode 0600 so that readers see the old file or the new one, never
  /// a part: a temporary file in the same directory, then rename. `durable` adds an fsync of the
  /// file before the rename and of the directory after it, so that a crash too leaves one or the
  /// other; a cache, whose damaged entries are discarded anyway, can do without.
  package static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(MonicaError) {
    let directory = (path as NSString).deletingLastPathComponent
    let temporary =
      directory + "/." + (path as NSString).lastPathComponent + ".tmp-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .configuration("\(temporary): cannot create: \(reason(errno))") }
    var failure: Int32 = 0
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == 0, durable, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw .configuration("\(path): cannot write: \(reason(failure))")
    }
    guard durable else { return }
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// Reads a secret file, refusing one that others can read or write; `nil` when it is absent.
  package static func readPrivateFile(_ path: String) throws(MonicaError) -> [UInt8]? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .configuration("\(path): cannot read: \(reason(errno))")
    }
    try checkPrivate((path as NSString).deletingLastPathComponent, isDirectory: true)
    try checkPrivate(path, info: info, isDirectory: false)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .configuration("\(path): cannot read the file")
    }
    return Array(data)
  }

  /// What `readBounded` found.
  package enum BoundedRead: Sendable {
    /// There is no file.
    case absent
    /// Not read: not a regular file of this user with mode 0600 or stricter, or larger than allowed.
    case refused(String)
    /// The whole file, and which file it was.
    case bytes([UInt8], FileIdentity)
  }

  /// Reads a private file of at most `limit` bytes, deciding on the open descriptor (no race
  /// between the check and the read): a link, a FIFO, another user's file, a file others can
  /// read or one larger than `limit` is not read at all.
  package static func readBounded(_ path: String, limit: Int) -> BoundedRead {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .absent : .refused("cannot open: \(reason(errno))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .refused("cannot read: \(reason(errno))") }
    guard info.st_mode & S_IFMT == S_IFREG else { return .refused("not a regular file") }
    guard info.st_uid == getuid() else { return .refused("belongs to another user") }
    guard info.st_mode & 0o077 == 0 else { return .refused("accessible by others") }
    guard info.st_size <= limit else { return .refused("larger than \(limit) bytes") }
    let size = Int(info.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    while offset < size {
      let count = bytes.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress.map { $0 + offset }, size - offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return .refused("cannot read: \(reason(errno))") }
      // A file that shrank while it was read is not the file that was checked.
      guard count > 0 else { return .refused("changed while it was read") }
      offset += count
    }
    return .bytes(bytes, FileIdentity(info))
  }

  /// Removes a file; an absent one is fine.
  package static func remove(_ path: String) throws(MonicaError) {
    if unlink(path) != 0 && errno != ENOENT { throw .configuration("\(path): cannot remove: \(reason(errno))") }
  }

  private static func checkPrivate(_ path: String, isDirectory: Bool) throws(MonicaError) {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    try checkPrivate(path, info: info, isDirectory: isDirectory)
  }

  private static func checkPrivate(_ path: String, info: stat, isDirectory: Bool) throws(MonicaError) {
    let mode = info.st_mode & 0o777
    if info.st_uid != getuid() {
      throw .notPermitted("\(path) belongs to another user; refusing to use it")
    }
    if mode & 0o077 != 0 {
      let wanted = isDirectory ? "700" : "600"
      throw .notPermitted(
        "\(path) is accessible by others (mode \(String(mode, radix: 8))); refusing to use it: run chmod \(wanted) \(path)"
      )
    }
  }

  private static func reason(_ code: Int32) -> String { systemErrorText(code) }
}

/// Which file a path named at some moment (device and inode): a file replaced by a rename is
/// another file, even with the same name and contents.
package struct FileIdentity: Sendable, Equatable {
  package let device: UInt64
  package let inode: UInt64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The file `path` names now, following no link; `nil` when there is none.
  package static func of(_ path: String) -> FileIdentity? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return FileIdentity(info)
  }
}
