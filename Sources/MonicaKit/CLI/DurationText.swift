/// Durations as people type and read them: `90s`, `30m`, `12h`, `7d`, `2w`.
package enum DurationText {
  /// The seconds of `30m`-style text (a non-negative number and one of s, m, h, d, w), or `nil`.
  package static func seconds(_ text: String) -> Double? {
    guard let unit = text.last, let count = Double(text.dropLast()), count >= 0, count.isFinite else { return nil }
    switch unit {
    case "s": return count
    case "m": return count * 60
    case "h": return count * 3_600
    case "d": return count * 86_400
    case "w": return count * 604_800
    default: return nil
    }
  }

  /// An age, rounded down to its largest unit: "12 s", "5 min", "3 h", "4 days".
  package static func age(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "an unknown time" }
    let whole = Int(min(max(seconds, 0), 1e12))
    switch whole {
    case ..<60: return "\(whole) s"
    case ..<3_600: return "\(whole / 60) min"
    case ..<172_800: return "\(whole / 3_600) h"
    default: return "\(whole / 86_400) days"
    }
  }
}
