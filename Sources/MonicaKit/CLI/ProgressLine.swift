import Synchronization

/// Whether a progress line, redrawn in place with a carriage return, is on the terminal now.
/// A diagnostic written while one is must not be glued to its end: `StandardError.line` clears
/// the progress line first, so the diagnostic stands on a line of its own and the progress is
/// drawn again below it at its next update.
package enum ProgressLine {
  private static let showing = Mutex(false)

  /// A redraw left a line without its newline on stderr.
  package static func drawn() { showing.withLock { $0 = true } }

  /// Whether a progress line shows now.
  package static var isShowing: Bool { showing.withLock { $0 } }

  /// The progress line ended with a newline, or was cleared.
  package static func ended() { showing.withLock { $0 = false } }

  /// What to write before a diagnostic: the erase of the progress line, once, when one shows.
  static func takeClearing() -> String {
    showing.withLock { showing in
      defer { showing = false }
      return showing ? "\r\u{1B}[K" : ""
    }
  }
}
