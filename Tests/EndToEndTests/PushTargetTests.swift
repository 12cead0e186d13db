import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// A plain `monica-push --dry-run` and the delete question name the instance and profile they
/// would write to, and a delete names its records.
@Suite struct PushTargetTests {
  func login(_ sandbox: Sandbox, _ profile: String) throws -> ShellRun {
    try sh(
      "printf '%s\\n' \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin -q --profile \(profile)",
      env: sandbox.env)
  }

  @Test("--dry-run names the profile's instance on stderr, and a missing profile without failing")
  func dryRunNamesTheInstance() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "10"])
    let line = #"{"object":"note","id":4,"body":"x"}"# + "\n"
    let nobody = try sh("monica-push --dry-run", env: sandbox.env, stdin: line)
    #expect(nobody.status == 0 && nobody.lines.count == 2, "\(nobody)")
    #expect(
      nobody.stderr
        == "monica-push: dry run for no instance (not logged in: run monica-auth login (or set MONICA_URL and "
        + "MONICA_TOKEN)): nothing is sent\n")
    #expect(try login(sandbox, "home").status == 0)
    #expect(try login(sandbox, "work").status == 0)
    let run = try sh("monica-push --dry-run --profile work", env: sandbox.env, stdin: line)
    #expect(run.stderr == "monica-push: dry run for \(sandbox.url) (profile work): nothing is sent\n", "\(run)")
    let fallback = try sh("monica-push --dry-run", env: sandbox.env, stdin: line)
    #expect(fallback.stderr == "monica-push: dry run for \(sandbox.url) (profile home): nothing is sent\n")
    #expect(sandbox.requests(path: "/api/notes/4").isEmpty)
  }

  @Test("the delete question names the instance, the profile, the first five records by name and id, and the rest")
  func deleteQuestion() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "20"])
    #expect(try login(sandbox, "home").status == 0)
    let directory = sandbox.temporary.root
    let prepared = try sh("monica-fetch contacts --max 7 > seven.ndjson", env: sandbox.env, directory: directory)
    try #require(prepared.status == 0, "\(prepared)")
    let contacts = try records(try String(contentsOfFile: directory + "/seven.ndjson", encoding: .utf8))
    let named = contacts.prefix(5).map { contact in
      "contact #\(contact["id"]?.intValue ?? 0) \"\(contact["complete_name"]?.stringValue ?? "")\""
    }
    let declined = try sh(
      "printf 'n\\n' | script -qec 'monica-push --delete seven.ndjson' /dev/null", env: sandbox.env,
      directory: directory)
    let question =
      "monica-push: delete 7 records (7 contacts) on \(sandbox.url) (profile home): "
      + named.joined(separator: ", ") + " and 2 more? [y/N]"
    #expect(declined.status == 0 && declined.stdout.contains(question), "\(declined)\nexpected: \(question)")
    #expect(declined.stdout.contains("nothing was deleted"))
    #expect(sandbox.requests().allSatisfy { $0["method"]?.stringValue == "GET" })
  }
}
