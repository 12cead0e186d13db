import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-fetch`'s progress line as a terminal shows it (the tool runs under `script`, a pty):
/// the kind, its own count and the running total, and notices on lines of their own.
@Suite struct FetchProgressTests {
  /// What a terminal would show of `command`'s stderr, each line as the last redraw left it
  /// (the text after its last erase), with the raw text for messages.
  func terminal(_ command: String, env: [String: String]) throws -> (lines: [String], raw: String) {
    let run = try sh("script -qfec \"$COMMAND\" /dev/null", env: env.merging(["COMMAND": command]) { $1 })
    #expect(run.status == 0, "\(run)")
    let lines = run.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map { line in
      String(line.components(separatedBy: "\r\u{1B}[K").last ?? "").trimmingCharacters(
        in: CharacterSet(charactersIn: "\r"))
    }
    return (lines, run.stdout)
  }

  @Test("--all shows each kind with its own count and the running total; a rate-limit wait stands on its own line")
  func allProgress() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0", "--fault", "429=3@2:/api/contacts"])
    let (lines, raw) = try terminal("monica-fetch --all --page-size 10 > /dev/null", env: sandbox.signedInEnv)
    let redraws = raw.components(separatedBy: "\r\u{1B}[K").map { $0.components(separatedBy: "\r").first ?? "" }
    // One listing that is the whole kind: its count of its total, then every record so far.
    let contacts = try #require(redraws.last { $0.hasPrefix("monica-fetch: contacts ") }, "\(raw)")
    #expect(
      contacts.range(
        of: #"^monica-fetch: contacts (\d+) of \1, \d+ records in all, page (\d+) of \2$"#, options: .regularExpression)
        != nil, "\(contacts)")
    let tags = try #require(redraws.first { $0.hasPrefix("monica-fetch: tags ") }, "\(raw)")
    #expect(
      tags.range(of: #"^monica-fetch: tags (\d+) of \1, \d+ records in all, page 1 of 1$"#, options: .regularExpression)
        != nil, "\(tags)")
    // A kind read per contact counts its own records, and names the part being read.
    #expect(
      redraws.contains { $0.hasPrefix("monica-fetch: relationships ") && $0.contains(" (relationships of contact #") },
      "\(raw)")
    // The 429's wait: on a line of its own, in the words of a rate limit, not of an error.
    let wait = try #require(lines.first { $0.contains("HTTP 429") }, "\(raw)")
    #expect(
      wait.hasPrefix(
        "monica-fetch: rate limit reached (HTTP 429, not an error): waiting 3 s for the instance's "
          + "request window to reopen (as its Retry-After asks), then sending /api/contacts?"), "\(wait)")
    #expect(!raw.contains("before retrying"))
    // The summary after the progress starts on a line of its own.
    #expect(
      lines.contains { $0.hasPrefix("monica-fetch: ") && $0.contains(" records of ") && $0.hasSuffix(" kinds") },
      "\(raw)")
  }

  @Test("off a terminal, or with --quiet, there is no progress at all")
  func noProgressOffTerminal() throws {
    let sandbox = try Sandbox.start(["--contacts", "30", "--rate-limit", "0"])
    let run = try sh("monica-fetch contacts --page-size 10 > /dev/null", env: sandbox.signedInEnv)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let (_, raw) = try terminal("monica-fetch contacts --quiet > /dev/null", env: sandbox.signedInEnv)
    #expect(!raw.contains("records"), "\(raw)")
  }
}
