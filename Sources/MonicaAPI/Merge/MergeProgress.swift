import Foundation
import MonicaKit

/// How far a `monica-merge` run got: the groups merged, the group being merged and how many of
/// its steps are done, and the journal that resumes it. Said when the run stops before its end
/// (an error, a time-out, a 5xx, Ctrl-C), with how to finish it. Shared with the handler of
/// SIGINT, which runs on another thread: every member is read and written under a lock.
package final class MergeProgress: @unchecked Sendable {
  private let lock = NSLock()
  private var groups = 0
  private var merged: [Int] = []
  private var current: (place: String, keep: Int)?
  private var stepsDone = 0
  private var stepsPlanned = 0
  private var wroteAnything = false
  /// The journal's path, and whether the user gave it (`--journal`) or the run made it.
  private var journal: (path: String, given: Bool)?

  package init() {}

  /// The run's journal.
  func start(groups: Int, journal path: String, given: Bool) {
    lock.withLock {
      self.groups = groups
      journal = (path, given)
    }
  }

  /// A group's writes begin: `steps` of them, as the plan holds them.
  func begin(_ place: String, keep: Int, steps: Int) {
    lock.withLock {
      current = (place, keep)
      stepsDone = 0
      stepsPlanned = steps
    }
  }

  /// One step of the current group is done (sent now, or done by an earlier run).
  func stepDone() {
    lock.withLock {
      stepsDone += 1
      wroteAnything = true
    }
  }

  /// A write whose answer never came may have been done: the journal is needed to finish.
  func mayHaveWritten() { lock.withLock { wroteAnything = true } }

  /// More steps than first planned (the read-back's second and third plans).
  func plan(more steps: Int) { lock.withLock { stepsPlanned += steps } }

  /// The current group is merged.
  func groupDone() {
    lock.withLock {
      if let current { merged.append(current.keep) }
      current = nil
    }
  }

  /// Whether any step was done: a run stopped before one leaves nothing to resume.
  var hasWritten: Bool { lock.withLock { wroteAnything } }

  /// `stopped at stdin:3, merging into #12 (14 of 30 steps done); 2 of 5 groups merged before
  /// it: run the same command again to finish (the journal merge.journal makes that safe)`.
  package func stopped(by cause: String) -> String {
    lock.withLock {
      var text = "\(cause): "
      if let current {
        text +=
          "stopped at \(current.place), merging into #\(current.keep) (\(stepsDone) of \(stepsPlanned) steps done)"
      } else {
        text += "stopped between groups"
      }
      text += "; \(merged.count) of \(groups) group\(groups == 1 ? "" : "s") merged before"
      guard let journal, wroteAnything else { return text + "; nothing was written" }
      if journal.given {
        return text + ": run the same command again to finish (the journal \(journal.path) makes that safe)"
      }
      return text + ": run it again with --journal \(journal.path) to finish (that journal makes it safe)"
    }
  }

  /// Says how far the run got when SIGINT (Ctrl-C) comes, then ends the process with status 130
  /// (`Interruption`); every step done is in the journal already (each line is synced as it is
  /// appended), so the run resumes as after a kill.
  package func stopOnInterrupt(tool: String) {
    Interruption.stop { [self] in
      StandardError.line("\(tool): \(stopped(by: "interrupted"))")
      // A journal of the run's own that holds nothing goes, as at a normal end.
      if let journal = lock.withLock({ wroteAnything || journal?.given != false ? nil : journal }) {
        try? FileManager.default.removeItem(atPath: SecureFiles.parent(of: journal.path))
      }
    }
  }
}
