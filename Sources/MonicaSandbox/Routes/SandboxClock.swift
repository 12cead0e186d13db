import Foundation
import Synchronization

/// The sandbox's now, for what it writes and computes: the real time, or the instant that
/// `POST /sandbox/clock` froze it at, as `Carbon::setTestNow` freezes Monica's (a fixture route).
package final class SandboxClock: Sendable {
  private let frozen = Mutex<Int?>(nil)

  package init() {}

  /// Seconds since 1970: the frozen instant, or the real time.
  package func now() -> Int { frozen.withLock { $0 } ?? Int(Date().timeIntervalSince1970) }

  /// Freezes the clock at `instant` (seconds since 1970), or lets it run again with nil.
  package func freeze(at instant: Int?) { frozen.withLock { $0 = instant } }
}

/// Monica's configuration where the sandbox follows it: Monica's defaults, which the fixture
/// route `POST /sandbox/config` changes as Monica's tests do with `config([...])`.
package final class SandboxSettings: Sendable {
  private let publicStatistics = Mutex(false)

  package init() {}

  /// `monica.allow_statistics_through_public_api_access` (config/monica.php:78, false by default).
  package var allowsPublicStatistics: Bool {
    get { publicStatistics.withLock { $0 } }
    set { publicStatistics.withLock { $0 = newValue } }
  }
}
