import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-fetch --all` and `--upcoming` on the command line. What `--all` fetches, in which order
/// and in how many requests is AccountWalkTests' (MonicaAPITests), in-process; `--upcoming`'s
/// answers are FetcherTests'.
@Suite struct AccountTests {
  @Test("--all takes no kind and no listing options; --upcoming goes with reminders")
  func usage() throws {
    let home = try TemporaryHome()
    for arguments in ["--all contacts", "--all --max 3", "--all --query x", "--all --page 2"] {
      let run = try sh("monica-fetch \(arguments)", env: home.env)
      #expect(run.status == 64 && run.stderr.contains("--all"), "\(arguments): \(run)")
    }
    // --upcoming is the reminders' alone.
    let wrong = try sh("monica-fetch notes --upcoming 1", env: home.env)
    #expect(wrong.status == 64 && wrong.stderr.contains("--upcoming"), "\(wrong)")
  }
}
