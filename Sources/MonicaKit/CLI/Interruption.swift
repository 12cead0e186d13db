import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C (SIGINT) during a run that writes to Monica: the run says what it already wrote and how
/// to finish, as a stop by an error does, then ends with status 130 (128 + SIGINT, as a shell
/// reports a Ctrl-C). Every write a tool journals is on disk by the time it is answered (map and
/// journal lines are synced as they are appended), so the run resumes as after a kill; what is
/// left to do is to say so. One mechanism for every writer (`monica-push`, `monica-merge`): the
/// handler is installed by `Interruption.stop(saying:)` (MonicaAPI, which links Dispatch).
///
/// The handler runs on a thread of its own while the run goes on, so what it reads must be under
/// a lock; and it must not end the process half-way through a line on stdout, so `LineOutput`
/// writes its lines inside `whole(_:)`, and the handler ends the process with `exit()`, which
/// waits for them.
package enum Interruption {
  /// Held while whole lines are written, and by `exit()` from the end on.
  private static let writing = Mutex(())

  /// The status a run ended by SIGINT exits with: 128 + 2.
  package static let status: Int32 = 130

  /// Runs `body`, which writes whole lines, so that SIGINT does not end the process before it has
  /// written them all.
  package static func whole<T: Sendable>(_ body: () -> T) -> T {
    writing.withLock { _ in body() }
  }

  /// Ends the process with `status`, once no line is being written.
  package static func exit() -> Never {
    writing.withLock { _ in _exit(status) }
  }
}
