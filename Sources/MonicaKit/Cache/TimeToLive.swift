/// How old a cached answer may be and still be used without asking: `--cache=TTL`,
/// `MONICA_CACHE=TTL`.
package struct TimeToLive: Sendable, Equatable, CustomStringConvertible {
  /// The age limit in seconds.
  package let seconds: Double
  /// The text it was given as, for help and messages.
  package let description: String

  /// `--cache` alone: five minutes, the seeds' TTL for the contact list.
  package static let standard = TimeToLive(seconds: 300, description: "5m")

  private init(seconds: Double, description: String) {
    self.seconds = seconds
    self.description = description
  }

  /// Parses a duration with its unit (`30s`, `5m`, `2h`, `1d`, `1w`; `0s` stores without
  /// replaying), at most ten years; `nil` otherwise, a bare number included, so that
  /// `--cache 12` leaves 12 to be the record id.
  package init?(_ text: String) {
    guard let seconds = DurationText.seconds(text), seconds <= 10 * 365 * 86_400 else { return nil }
    self.init(seconds: seconds, description: text)
  }
}
