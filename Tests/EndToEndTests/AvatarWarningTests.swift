import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// A failed avatar's warning names the host the image was asked of.
@Suite struct AvatarWarningTests {
  @Test("an unreachable gravatar host is named in the warning")
  func warningNamesHost() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "5"])
    let line =
      #"{"id":10,"object":"contact","initials":"AB","information":{"avatar":{"url":"http://127.0.0.1:1/avatar/x","#
      + ##""source":"gravatar","default_avatar_color":"#709512"}}}"##
    let run = try sh(
      "monica-avatar save --dir faces", env: sandbox.signedInEnv, stdin: line + "\n", directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stderr.hasPrefix("monica-avatar: warning: contact 10: gravatar from 127.0.0.1: network error: ")
        && run.stderr.hasSuffix("; saved the initials instead\n"), "\(run)")
  }
}
