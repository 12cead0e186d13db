import Foundation
import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Progress on stderr while a terminal watches it: records so far of `meta.total`, pages.
package final class FetchProgress {
  private let tool: String
  private let enabled: Bool
  private var lastDrawn = Date.distantPast
  private var drawn = false

  /// Progress for `tool`, shown only when `enabled` (stderr is a terminal and not `--quiet`).
  package init(tool: String, enabled: Bool) {
    self.tool = tool
    self.enabled = enabled
  }

  /// Redraws the line, at most ten times a second.
  package func update(records: Int, total: Int?, page: Int, lastPage: Int) {
    guard enabled, Date().timeIntervalSince(lastDrawn) >= 0.1 || page == lastPage else { return }
    lastDrawn = Date()
    drawn = true
    let of = total.map { " of \($0)" } ?? ""
    Self.write("\r\u{1B}[K\(tool): \(records)\(of) records, page \(page) of \(lastPage)")
  }

  /// Ends the progress line so that what follows starts on a line of its own.
  package func finish() {
    guard drawn else { return }
    drawn = false
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
