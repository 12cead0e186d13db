import Foundation
import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress on stderr while a terminal watches it: the kind being read, its records so far (of
/// its listing's `meta.total` when one listing is the whole kind), the run's running total when
/// several kinds are read (`--all`), the page. Diagnostics meanwhile go on lines of their own
/// (`ProgressLine`).
package final class FetchProgress {
  private let tool: String
  private let enabled: Bool
  private var lastDrawn = Date.distantPast

  /// Progress for `tool`, shown only when `enabled` (stderr is a terminal and not `--quiet`).
  package init(tool: String, enabled: Bool) {
    self.tool = tool
    self.enabled = enabled
  }

  /// What one redraw shows.
  package struct State: Sendable, Equatable {
    /// The kind (`notes`) or the listing (`the contacts of tag #3`) being read.
    package var label: String
    /// Its records written so far.
    package var count: Int
    /// How many the listing has (`meta.total`), when the listing is the whole of `label`.
    package var total: Int?
    /// Every record written in the run, when it reads several kinds.
    package var overall: Int?
    /// The listing's page and its last page; `part` names a listing that is only part of the kind.
    package var page: Int
    package var lastPage: Int
    package var part: String?

    package init(label: String, count: Int, total: Int?, overall: Int?, page: Int, lastPage: Int, part: String?) {
      (self.label, self.count, self.total, self.overall) = (label, count, total, overall)
      (self.page, self.lastPage, self.part) = (page, lastPage, part)
    }

    /// `contacts 120 of 958, 340 records in all, page 2 of 10`.
    package var text: String {
      var text = "\(label) \(count)\(total.map { " of \($0)" } ?? "")"
      if let overall { text += ", \(overall) records in all" }
      text += ", page \(page) of \(lastPage)"
      if let part { text += " (\(part))" }
      return text
    }
  }

  /// Redraws the line, at most ten times a second.
  package func update(_ state: State) {
    guard enabled, Date().timeIntervalSince(lastDrawn) >= 0.1 || state.page == state.lastPage else { return }
    lastDrawn = Date()
    Self.write("\r\u{1B}[K\(tool): \(state.text.escapingControlCharacters)")
    ProgressLine.drawn()
  }

  /// Ends the progress line so that what follows starts on a line of its own.
  package func finish() {
    guard ProgressLine.isShowing else { return }
    ProgressLine.ended()
    Self.write("\n")
  }

  /// A carriage-return redraw must not end in a newline, so this bypasses `StandardError.line`.
  static func write(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(2, base + offset, raw.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
