import Crypto
import Foundation

/// One writer at a time on a Monica account: an advisory lock (`flock(2)`) on a file named for
/// the instance and the account, so that two runs that would both decide what to write there (two
/// merges, a cron run beside a terminal) take turns, whatever profile, journal or map each uses.
/// The key is the instance URL (scheme and host case-folded) and the account's id as `GET
/// /api/me` answers it (`account.id`, app/Http/Resources/Account/User/User.php:36-37), never the
/// profile name: two profiles on one account, and a run with MONICA_URL and MONICA_TOKEN, share
/// the one lock. The file is `$XDG_STATE_HOME/monica/locks/<SHA-256 of the key>.lock` (0600 in a
/// 0700 directory; it holds nothing, and is never removed, so that every process locks the same
/// inode).
///
/// A writer takes it before its first decision (before it reads what it plans from) and holds it
/// until its last write; `monica-merge` does. Writers that create or change records on an account
/// (`monica-push --create`, a restore, `monica-sync`, the MCP server's writes) take the same lock
/// through `MonicaClient.lockAccount(environment:waiting:)`, which tries `AccountLock(trying:)`
/// and waits between tries, and always before any map or journal lock (`IDMap.lockForRun`), so
/// that two writers never wait for each other's second lock.
///
/// Example:
/// ```swift
/// let lock = try await client.lockAccount(environment: environment) { StandardError.line("monica-merge: \($0)") }
/// defer { lock.release() }
/// ```
package final class AccountLock {
  /// The lock file.
  package let path: String
  private var descriptor: Int32

  /// The lock file of `account` on `instance`, its directories made (0700).
  package static func path(instance: InstanceURL, account: Int, environment: ToolEnvironment) throws(MonicaError)
    -> String
  {
    let directory = environment.stateHome + "/monica"
    try SecureFiles.makePrivateDirectory(directory)
    try SecureFiles.makePrivateDirectory(directory + "/locks")
    return directory + "/locks/" + Self.fileName(instance: instance, account: account)
  }

  /// Takes the lock on the file at `path` (created 0600 when missing) when it is free; `nil`
  /// when another process holds it. An async caller waits between tries without holding a
  /// thread (`MonicaClient.lockAccount`): runs in one process share the cooperative pool, two
  /// threads on two cores, and a blocked `flock` there stops the run that holds the lock.
  package init?(trying path: String) throws(MonicaError) {
    self.path = path
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      throw .configuration("\(path): cannot open the account's lock file: \(systemErrorText(errno))")
    }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      close(descriptor)
      descriptor = -1
      guard code == EWOULDBLOCK || code == EAGAIN else {
        throw .configuration("\(path): cannot lock: \(systemErrorText(code))")
      }
      return nil
    }
  }

  /// The lock file's name for `account` on `instance`: the SHA-256 of the key, in hex.
  package static func fileName(instance: InstanceURL, account: Int) -> String {
    identity(instance: instance, account: account) + ".lock"
  }

  /// The account's identity, what the lock file is named for: the SHA-256 of the instance
  /// (scheme and host case-folded) and the account's id, in hex. Whatever else is kept per
  /// account rather than per profile (the MCP server's journal) is named for it too.
  package static func identity(instance: InstanceURL, account: Int) -> String {
    var key = instance.instance
    if let components = URLComponents(string: key), let scheme = components.scheme, let host = components.host {
      // Scheme and host are case-insensitive; the path of a prefixed instance is kept as given.
      let port = components.port.map { ":\($0)" } ?? ""
      key = scheme.lowercased() + "://" + host.lowercased() + port + components.percentEncodedPath
    }
    let digest = SHA256.hash(data: Array("\(key)\n\(account)".utf8))
    return CacheKeys.hex(digest)
  }

  /// Gives the lock back; it is given back when the process ends too.
  package func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }
}
