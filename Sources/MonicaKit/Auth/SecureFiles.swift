import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files that hold secrets: private directories, owner-only files, atomic replacement, and the
/// same refusal ssh gives to files others can read.
package enum SecureFiles {
  /// The directory part of `path`: `""` for a name alone, `/` for `/name`, trailing slashes
  /// ignored. NSString's `deletingLastPathComponent` traps on a one-character relative path
  /// ("a") in this Foundation, and a directory or file name is the user's to choose.
  package static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    var parent = trimmed[..<slash]
    while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
    return String(parent)
  }

  /// Creates `path` and its missing parents; the last component is made 0700.
  package static func makePrivateDirectory(_ path: String) throws(MonicaError) {
    var info = stat()
    if stat(path, &info) == 0 {
      try checkPrivate(path, info: info, isDirectory: true)
      return
    }
    let above = parent(of: path)
    if !above.isEmpty, above != path {
      do { try FileManager.default.createDirectory(atPath: above, withIntermediateDirectories: true) } catch {
        throw .configuration("\(above): cannot create the directory: \(error.localizedDescription)")
      }
    }
    if mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw .configuration("\(path): cannot create the directory: \(reason(errno))")
    }
    chmod(path, 0o700)
  }

  /// Writes `bytes` to `path` with mode 0600 (or `mode`, less the umask) so that a crash leaves
  /// the old file or the new one: a temporary file in the same directory, fsync, rename, fsync of
  /// the directory. A failure removes the temporary file. Without `durable` the fsyncs are left
  /// out: readers still never see half a file, but a power cut may lose the newest version (for
  /// files that can be made again, where an fsync each costs more than the rest of the write).
  package static func writeAtomically(
    _ bytes: [UInt8], to path: String, mode: mode_t = 0o600, durable: Bool = true
  ) throws(MonicaError) {
    // A name alone is in the working directory, not in `/`.
    let directory = parent(of: path).isEmpty ? "." : parent(of: path)
    let temporary =
      directory + "/." + (path as NSString).lastPathComponent + ".tmp-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
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
    try checkPrivate(parent(of: path), isDirectory: true)
    try checkPrivate(path, info: info, isDirectory: false)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .configuration("\(path): cannot read the file")
    }
    return Array(data)
  }

  /// What `openBounded` found.
  package enum BoundedFile {
    /// There is no file.
    case absent
    /// Not opened: not a regular file of this user with mode 0600 or stricter, or larger than
    /// allowed.
    case refused(String)
    /// The file, open for reading, and what fstat said of it; the caller closes it.
    case opened(descriptor: Int32, info: stat)
  }

  /// Opens a private file of at most `limit` bytes for reading, deciding on the open descriptor
  /// (no race between the check and the read): a link, a FIFO, another user's file, a file
  /// others can read or one larger than `limit` is not opened.
  package static func openBounded(_ path: String, limit: Int) -> BoundedFile {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .absent : .refused("cannot open: \(reason(errno))")
    }
    var info = stat()
    let refusal: String?
    if fstat(descriptor, &info) != 0 {
      refusal = "cannot read: \(reason(errno))"
    } else if info.st_mode & S_IFMT != S_IFREG {
      refusal = "not a regular file"
    } else if info.st_uid != getuid() {
      refusal = "owned by another user"
    } else if info.st_mode & 0o077 != 0 {
      refusal = "accessible by others"
    } else if info.st_size > limit {
      refusal = "larger than allowed"
    } else {
      refusal = nil
    }
    guard let refusal else { return .opened(descriptor: descriptor, info: info) }
    close(descriptor)
    return .refused(refusal)
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
