import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// monica-sandbox's routes setting and clearing the user's own contact, as Monica v4.1.2 does.
@Suite struct SandboxMeContactTests: SandboxRouteCalls {
  @Test("POST and DELETE /me/contact set and clear the user's own contact and every is_me")
  func meContact() throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let lines = try Self.answers(
      sandbox,
      [
        "call POST /me/contact '{}'", #"call POST /me/contact '{"contact_id":99}'"#,
        #"call POST /me/contact '{"contact_id":3}'"#,
      ])
    #expect(lines[0] == Self.invalid("The contact id field is required."))
    #expect(lines[1] == Self.invalid("The selected contact id is invalid."))
    #expect(lines[2] == #"200 ["true"]"#)
    let env = sandbox.signedInEnv
    var me = try records(sh("monica-fetch me", env: env).stdout).first
    #expect(me?["me_contact"]?["id"] == .int(3) && me?["me_contact"]?["is_me"] == .bool(true))
    var contacts = try records(sh("monica-fetch contacts", env: env).stdout)
    #expect(contacts.filter { $0["is_me"] == .bool(true) }.compactMap { $0["id"]?.intValue } == [3])
    let cleared = try Self.answers(sandbox, ["call DELETE /me/contact ''"])
    #expect(cleared == [#"200 ["true"]"#])
    me = try records(sh("monica-fetch me", env: env).stdout).first
    #expect(me?["me_contact"] == .null)
    contacts = try records(sh("monica-fetch contacts", env: env).stdout)
    #expect(!contacts.contains { $0["is_me"] == .bool(true) })
  }
}
