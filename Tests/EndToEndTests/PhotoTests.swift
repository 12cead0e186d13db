import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-photo delete`'s question on a real terminal. What save, upload and delete write, send
/// and refuse is PhotoSaverTests' and PhotoDeleterTests' (MonicaAPITests), in-process.
@Suite struct PhotoTests {
  func env(_ sandbox: Sandbox) -> [String: String] {
    sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "3000"]) { $1 }
  }

  @Test("delete asks on a terminal: n sends nothing, y deletes")
  func deleteOnATerminal() throws {
    let sandbox = try Sandbox.start(["--contacts", "10", "--rate-limit", "0"])
    let deletes = { sandbox.requests().filter { $0["method"]?.stringValue == "DELETE" }.count }
    let photo = try #require(
      try records(sh("monica-fetch photos --max 1", env: env(sandbox)).stdout).first?["id"]?.intValue)
    let no = try sh(
      typing([("delete 1 photo", "n")], log: "$TMPDIR/tty1")
        + " | script -qfec 'monica-photo delete \(photo)' \"$TMPDIR/tty1\"", env: env(sandbox))
    #expect(no.status == 0 && no.stdout.contains("delete 1 photo (#\(photo))?") && deletes() == 0, "\(no)")
    let ok = try sh(
      typing([("delete 1 photo", "y")], log: "$TMPDIR/tty2")
        + " | script -qfec 'monica-photo delete \(photo)' \"$TMPDIR/tty2\"", env: env(sandbox))
    #expect(ok.status == 0 && ok.stdout.contains(#"{"deleted":true,"id":\#(photo)}"#) && deletes() == 1, "\(ok)")
  }
}
