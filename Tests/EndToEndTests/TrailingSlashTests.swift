import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// The `trailingslash` fault: Apache-hosted instances answer a path ending in `/` with a 301 to the
/// path without it (Monica's public/.htaccess:25-29), which HTTP clients follow as a GET, so a
/// POST to `/api/contacts/` would list contacts instead of creating one. The tools never send one.
@Suite("trailing slashes")
struct TrailingSlashTests {
  @Test("the fault answers a path ending in / with a 301 to the path without it, query kept")
  func fault() throws {
    let sandbox = try Sandbox.start(["--contacts", "3", "--fault", "trailingslash@*1"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      auth=(-H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json')
      curl -s -o /dev/null -w '%{http_code} %{redirect_url}\\n' -X POST "${auth[@]}" "$SANDBOX_API/contacts/?page=2"
      curl -s -o /dev/null -w '%{http_code}\\n' "${auth[@]}" "$SANDBOX_API/contacts"
      curl -s -L -X POST --post301 -o /dev/null -w '%{http_code}\\n' "${auth[@]}" "$SANDBOX_API/notes/"
      curl -s -L -o /dev/null -w '%{http_code} %{num_redirects}\\n' "${auth[@]}" -d '{}' "$SANDBOX_API/tags/"
      """, env: sandbox.env)
    #expect(
      run.lines == ["301 \(sandbox.api)/contacts?page=2", "200", "422", "200 1"],
      "a POST followed after the 301 without --post301 is a GET: a list, 200, where a create was meant")
  }

  @Test("no tool sends a path ending in /, so none meets the 301")
  func toolsNeverSendOne() throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--fault", "trailingslash@*1"])
    defer { sandbox.stop() }
    let env = sandbox.signedInEnv.merging(["MONICA_BACKOFF_MS": "10", "MONICA_TIMEOUT_MS": "5000"]) { $1 }
    let run = try sh(
      """
      set -e
      monica-fetch contacts > contacts.ndjson
      id=$(head -n 1 contacts.ndjson | jq -r .id)
      for kind in notes tags activities genders; do monica-fetch "$kind" > /dev/null; done
      monica-fetch contacts "$id" --with-fields > /dev/null
      note=$(printf '{"object":"note","contact_id":%s,"body":"slash"}\\n' "$id" | monica-push | jq -r .id)
      printf '{"object":"note","id":%s,"contact_id":%s,"body":"slash again"}\\n' "$note" "$id" | monica-push > /dev/null
      printf '{"object":"note","id":%s}\\n' "$note" | monica-push --delete --yes > /dev/null
      printf '{"object":"tag","name":"slash"}\\n' | monica-push > /dev/null
      monica-avatar set --contact "$id" --source adorable > /dev/null
      echo done
      """, env: env, directory: sandbox.temporary.root)
    #expect(run.status == 0 && run.lines.last == "done", "\(run)")
    let paths = sandbox.requests().compactMap { $0["path"]?.stringValue }
    #expect(paths.count >= 8)
    #expect(paths.filter { $0.count > 1 && $0.hasSuffix("/") }.isEmpty)
    let redirected = sandbox.requests().filter { $0["status"]?.intValue == 301 }
    #expect(redirected.isEmpty)
  }
}
