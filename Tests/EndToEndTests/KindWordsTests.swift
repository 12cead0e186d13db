import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Every tool takes a kind in both numbers and by its object name.
@Suite struct KindWordsTests {
  @Test("fetch, filter and push take journal, entry and entries alike; logs and auditlog alike")
  func everyToolBothNumbers() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "20"])
    let env = sandbox.signedInEnv
    let journal = try sh("monica-fetch journal | jq -r .id", env: env)
    #expect(journal.status == 0 && !journal.lines.isEmpty, "\(journal)")
    for word in ["entry", "entries"] {
      #expect(try sh("monica-fetch \(word) | jq -r .id", env: env).lines == journal.lines, "\(word)")
    }
    let logs = try sh("monica-fetch auditlog --max 2 | jq -r .object", env: env)
    #expect(logs.lines == ["auditlog", "auditlog"], "\(logs)")
    for word in ["journal", "entries", "entry"] {
      let kept = try sh(
        "(monica-fetch journal --max 2; monica-fetch notes --max 2) | monica-filter --object \(word) | jq -r .object",
        env: env)
      #expect(kept.status == 0 && kept.lines == ["entry", "entry"], "\(word): \(kept)")
    }
    let push = try sh(#"echo '{"id":1,"title":"T"}' | monica-push --dry-run --object journal"#, env: env)
    #expect(push.status == 0 && push.lines.first == "GET /api/journal/1", "\(push)")
    let unknown = try sh("monica-filter --object pdf </dev/null", env: env)
    #expect(unknown.status == 64)
  }
}
