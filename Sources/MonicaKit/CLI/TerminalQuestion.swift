#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A yes/no question on the controlling terminal, for confirmations that must not read standard
/// input (it carries the records).
package enum TerminalQuestion {
  /// Whether the process has a controlling terminal to ask on.
  package static var isAvailable: Bool {
    let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
    guard tty >= 0 else { return false }
    close(tty)
    return true
  }

  /// Asks `question` followed by ` [y/N] `; true only for `y` or `yes`, `nil` without a terminal.
  package static func confirm(_ question: String) -> Bool? {
    SecretReader.askVisibly(question + " [y/N] ").map { ["y", "yes"].contains($0.trimmingWhiteSpace.lowercased()) }
  }
}
