#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock on one profile (`flock(2)` on its lock file), so that parallel logins,
/// logouts and reads of one profile take turns. Released by `release()` or when the process ends.
package final class ProfileLock {
  private var descriptor: Int32

  /// Takes the lock, creating its file (0600) when needed; waits while another process holds it.
  package init(_ path: String, exclusive: Bool) throws(MonicaError) {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .configuration("\(path): cannot create the lock file: \(systemErrorText(errno))")
    }
    guard Self.lock(descriptor, exclusive: exclusive) else {
      let code = errno
      close(descriptor)
      throw .configuration("\(path): cannot lock: \(systemErrorText(code))")
    }
  }

  /// Takes the lock on an existing lock file (a reader creates nothing); `nil` when there is
  /// none, which means no writer of this version has touched the profile.
  package init?(existing path: String, exclusive: Bool = false) {
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    guard Self.lock(descriptor, exclusive: exclusive) else {
      close(descriptor)
      return nil
    }
  }

  /// Gives the lock back.
  package func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }

  private static func lock(_ descriptor: Int32, exclusive: Bool) -> Bool {
    while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
      if errno != EINTR { return false }
    }
    return true
  }
}
