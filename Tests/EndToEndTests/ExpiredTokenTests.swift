import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// A token past its own `exp` is reported with the day it expired, not as merely "rejected".
@Suite struct ExpiredTokenTests {
  @Test("a 401 for a token whose exp is past names the expiry date")
  func expiredTokenNamesTheDay() throws {
    let sandbox = try Sandbox.start(["--token-expires-in", "-3"])
    let run = try sh("monica-fetch contacts --max 1", env: sandbox.signedInEnv)
    #expect(run.status == 77, "\(run)")
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let day = formatter.string(from: Date().addingTimeInterval(-3 * 86_400))
    let dayBefore = formatter.string(from: Date().addingTimeInterval(-4 * 86_400))
    #expect(
      run.stderr.hasSuffix(": the token expired on \(day); run monica-auth login\n")
        || run.stderr.hasSuffix(": the token expired on \(dayBefore); run monica-auth login\n"), "\(run)")
    #expect(!run.stderr.contains(sandbox.token))
  }
}
