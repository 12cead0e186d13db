import Crypto
import Foundation

/// What a run of monica-remind was asked for, from its flags; checked before the first request.
package struct RemindOptions: Sendable {
  /// Where each occurrence goes.
  package enum Delivery: Sendable, Equatable {
    /// One NDJSON line on standard output (the default).
    case standardOutput
    /// `--exec CMD`: `/bin/sh -c CMD` per occurrence, the line on its standard input.
    case command(String)
    /// `--mail ADDRESS`: a plain-text message through sendmail at `sendmail`.
    case mail(to: MailAddress, from: MailAddress?, sendmail: String)
  }

  /// `--today`: the day to act as if it were; `nil` for today in the user's time zone.
  package var today: CalendarDate?
  /// `--timezone`: the zone whose day is today, instead of the account's (`/api/me`).
  package var timeZone: String?
  /// `--before`: days before each occurrence to send a notice too.
  package var before: [Int] = []
  /// `--deceased`: deceased contacts' birthdays and remembrance days too.
  package var deceased = false
  /// `--catch-up`: how many days back a run delivers what fell due and was not delivered.
  package var catchUpDays = RemindOptions.standardCatchUp
  /// `--upcoming`: list the occurrences of the coming days and deliver nothing.
  package var upcomingDays: Int?
  /// `--dry-run`: print what would be delivered; deliver and record nothing.
  package var dryRun = false
  /// `--retry-in-doubt`: deliver again what a killed or stopped delivery left in doubt.
  package var retryInDoubt = false
  /// Where occurrences go.
  package var delivery = Delivery.standardOutput
  /// `--state`: the state file instead of the profile's.
  package var statePath: String?
  /// `--exec-timeout`: how long a `--exec` command or sendmail may run before it is stopped and
  /// its delivery left in doubt (it may have arrived: not repeated without `--retry-in-doubt`).
  package var commandTimeout = (seconds: 60.0, description: "60s")

  package init() {}

  /// The default `--catch-up`: a week.
  package static let standardCatchUp = 7
  /// The most days `--catch-up`, `--upcoming` and `--before` take: more is no reminder.
  package static let longestSpan = 3_660

  /// `--before 7,1`: whole days, comma-separated, each at most `longestSpan`.
  package static func days(before text: String) throws(MonicaError) -> [Int] {
    var days: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard let value = Int(trimmed), (0...longestSpan).contains(value), trimmed.utf8.allSatisfy({ $0 &- 48 < 10 })
      else {
        throw .usage("--before \(text): expected days before, comma-separated whole numbers (7,1) up to \(longestSpan)")
      }
      days.append(value)
    }
    return days
  }

  /// `--catch-up 7d`, `--upcoming 30d`: a number of days, `Nd` or `Nw` (or `N`, days).
  package static func span(_ text: String, option: String) throws(MonicaError) -> Int {
    let digits = text.last.map { $0 == "d" || $0 == "w" } == true ? String(text.dropLast()) : text
    let unit = text.hasSuffix("w") ? 7 : 1
    guard !digits.isEmpty, digits.utf8.count <= 5, digits.utf8.allSatisfy({ $0 &- 48 < 10 }), let count = Int(digits),
      count * unit <= longestSpan
    else { throw .usage("\(option) \(text): expected a number of days such as 7d or 2w, at most \(longestSpan)d") }
    return count * unit
  }

  /// `--exec-timeout 30s`: a duration with its unit, more than none.
  package static func timeout(_ text: String) throws(MonicaError) -> (seconds: Double, description: String) {
    guard let seconds = DurationText.seconds(text), seconds > 0, seconds <= 86_400 else {
      throw .usage("--exec-timeout \(text): expected a duration with its unit, up to a day: 30s, 5m, 1h")
    }
    return (seconds, text)
  }

  /// `--today 2026-11-27`.
  package static func day(_ text: String) throws(MonicaError) -> CalendarDate {
    guard text.utf8.count == 10, let day = CalendarDate(parsing: text) else {
      throw .usage("--today \(text): expected a day as YYYY-MM-DD")
    }
    return day
  }

  /// Refuses combinations that cannot be meant, before anything is read or sent.
  package func validate() throws(MonicaError) {
    if let timeZone, !LocalDay.isKnown(timeZone) {
      throw .usage("--timezone \(timeZone): not a time zone this system knows (such as Europe/Paris or UTC)")
    }
    if upcomingDays != nil {
      if delivery != .standardOutput {
        throw .usage("--upcoming lists occurrences and delivers nothing: drop --exec or --mail")
      }
      if dryRun || retryInDoubt {
        throw .usage("--upcoming delivers nothing: drop \(dryRun ? "--dry-run" : "--retry-in-doubt")")
      }
    }
    if case .command(let command) = delivery, command.trimmingCharacters(in: .whitespaces).isEmpty {
      throw .usage("--exec: expected a command")
    }
  }
}

extension RemindOptions {
  /// The profile's state file when `--state` is not given:
  /// `$XDG_STATE_HOME/monica/remind/<profile>.state`, or for MONICA_URL with MONICA_TOKEN
  /// `env-` and 16 hexadecimal digits of the instance URL's SHA-256 (a new token is the same
  /// account, and must not deliver again what the old one delivered).
  package static func stateFile(stateHome: String, profile: String?, instance: String) -> String {
    let name: String
    if let profile {
      name = profile
    } else {
      let digest = SHA256.hash(data: Array(instance.utf8))
      name = "env-" + CacheKeys.hex(digest.prefix(8))
    }
    return stateHome + "/monica/remind/" + name + ".state"
  }
}
