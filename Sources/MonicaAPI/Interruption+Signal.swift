import Foundation
import MonicaKit

extension Interruption {
  /// The signal source, kept for the process's life once installed.
  private final class Installed: @unchecked Sendable {
    let lock = NSLock()
    var source: (any DispatchSourceSignal)?
  }
  private static let installed = Installed()

  /// From now on, SIGINT calls `say` (on another thread: it tells stderr what was written and
  /// how to resume, and may clean up), then ends the process with status 130, never in the middle
  /// of a line being written to stdout. A second call replaces the first's handler.
  package static func stop(saying say: @escaping @Sendable () -> Void) {
    signal(SIGINT, SIG_IGN)
    let handler = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    handler.setEventHandler {
      say()
      exit()
    }
    handler.resume()
    installed.lock.withLock {
      installed.source?.cancel()
      installed.source = handler
    }
  }
}
