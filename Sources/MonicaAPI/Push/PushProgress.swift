import Foundation
import MonicaKit

/// How far a `monica-push` run got, said when it stops before its end: by an error (a 422, a 5xx,
/// a time-out) or by Ctrl-C, with how to finish. Shared with the handler of SIGINT, which runs on
/// another thread (`Interruption`): every member is read and written under a lock.
package final class PushProgress: @unchecked Sendable {
  private let lock = NSLock()
  /// The lines whose writes all went through (a migration: the lines carried, or found on the
  /// target by the map).
  private var done = 0
  /// The place of the line being written, where a run that stops has stopped.
  private var place: String?
  /// Whether the run is a migration (`--create --map`), which counts lines done, not written.
  private var migrating = false
  /// The migration's map, which makes a second run resume where this one stopped; `nil` for a
  /// dry run, which wrote nothing.
  private var map: String?

  package init() {}

  /// The run is a migration journaled in `map` (`nil`: a dry run's plan).
  func migrating(map path: String?) {
    lock.withLock {
      migrating = true
      map = path
    }
  }

  /// The line at `place` is being written.
  func writing(_ place: String) { lock.withLock { self.place = place } }

  /// The line being written is done.
  func lineDone() { lock.withLock { done += 1 } }

  /// What the run leaves done when it stops now, with how to finish; `nil` when nothing was
  /// written and there is nothing to resume (the same input is simply run again).
  ///
  /// `3 lines written, stopped at stdin:4`; with a map, `120 lines done, stopped at stdin:121:
  /// run the same command again to finish (map.tsv holds every record created, which is not
  /// sent again)`.
  var stopped: String? {
    lock.withLock {
      guard let place else { return nil }
      if migrating {
        let said = "\(done) line\(done == 1 ? "" : "s") done, stopped at \(place)"
        guard let map else { return said }
        return said + ": run the same command again to finish (\(map) holds every record created, which is "
          + "not sent again)"
      }
      guard done > 0 else { return nil }
      return "\(done) line\(done == 1 ? "" : "s") written, stopped at \(place)"
    }
  }

  /// What Ctrl-C says: what `stopped` says, or that nothing was written; a line stopped half-way
  /// without a map is named, since only its remaining lines are to be pushed again.
  var interrupted: String {
    let said = stopped
    return lock.withLock {
      guard let said else { return "interrupted: nothing was written" }
      if !migrating, let place {
        return "interrupted: \(said) (it may be written in part): push the lines from \(place) on to finish"
      }
      return "interrupted: \(said)"
    }
  }

  /// From now on, Ctrl-C says how far the run got (`interrupted`) and ends it with status 130.
  package func stopOnInterrupt(tool: String) {
    Interruption.stop { [self] in StandardError.line("\(tool): \(interrupted)") }
  }
}
