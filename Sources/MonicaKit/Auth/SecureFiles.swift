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

  /// Writes `bytes` to `path` with mode 0600 so that a crash leaves the old file or the new one:
  /// a temporary file in the same directory, fsync, rename, fsync of the directory.
  package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(MonicaError) {
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
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw .configuration("\(path): cannot write: \(reason(failure))")
    }
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
