import Foundation

/// `monica-sandbox --exit-with-parent`: a sandbox started by a test or a script goes when its
/// parent goes, killed or not, so that a test run ended by a time-out leaves no server behind.
package enum ParentWatch {
  /// Sends this process SIGTERM (a graceful stop) once its parent is gone: the parent's pid is
  /// looked at five times a second, which sees the parent's end however it came (SIGKILL
  /// included), where PR_SET_PDEATHSIG would follow the parent's thread that started it.
  package static func stopWhenParentEnds() {
    let parent = getppid()
    Thread.detachNewThread {
      while getppid() == parent { usleep(200_000) }
      kill(getpid(), SIGTERM)
    }
  }
}
