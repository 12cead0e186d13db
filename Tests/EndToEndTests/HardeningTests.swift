import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// The defects a hostile server and a careless user found, each reproduced as it was reported.
@Suite struct HardeningTests {
  func login(_ sandbox: Sandbox, env: [String: String]? = nil) throws -> ShellRun {
    try sh(
      "printf '%s\\n' \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin",
      env: env ?? sandbox.env)
  }

  @Test("parallel logins to one profile never leave it unusable")
  func parallelLogins() throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--rate-limit", "0"])
    for round in 1...10 {
      let run = try sh(
        """
        for i in $(seq 10); do
          printf '%s\\n' "$SANDBOX_TOKEN" | monica-auth login --url "$SANDBOX_URL" --token-stdin --profile p &
        done
        wait
        """, env: sandbox.env)
      #expect(run.status == 0, "round \(round): \(run)")
      let token = try sh("monica-auth token --profile p", env: sandbox.env)
      #expect(token.status == 0 && token.stdout == sandbox.token + "\n", "round \(round): \(token)")
      let key = FileManager.default.contents(atPath: sandbox.home + "/.local/share/monica/p.key")
      #expect(key?.count == 32, "round \(round)")
    }
  }

  @Test("a re-login that fails on a full disk leaves the working profile as it was")
  func fullDisk() throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--rate-limit", "0"])
    // The credentials on a 64 KiB tmpfs, filled after the first login; the key file elsewhere,
    // so the key is written and the credential file is the write that fails. `unshare -m` keeps
    // the mount private to this script and removes it when the script ends.
    let config = sandbox.home + "/.config"
    let run = try sh(
      """
      set -e
      mkdir -p "$XDG_CONFIG_HOME"
      unshare -m --propagation private bash -o pipefail -c '
        mount -t tmpfs -o size=64k,mode=0755 tmpfs "$XDG_CONFIG_HOME" || exit 90
        printf "%s\\n" "$SANDBOX_TOKEN" | monica-auth login --url "$SANDBOX_URL" --token-stdin --profile p
        before=$(md5sum "$XDG_CONFIG_HOME/monica/p.credentials")
        dd if=/dev/zero of="$XDG_CONFIG_HOME/fill" bs=4k 2>/dev/null || true
        printf "%s\\n" "$SANDBOX_TOKEN" | monica-auth login --url "$SANDBOX_URL" --token-stdin --profile p \\
          && echo "relogin: succeeded" || echo "relogin: status $?"
        [ "$before" = "$(md5sum "$XDG_CONFIG_HOME/monica/p.credentials")" ] && echo "credentials: unchanged"
        monica-auth token --profile p
        monica-fetch contacts --max 1 --profile p | wc -l
      '
      """, env: sandbox.env.merging(["XDG_CONFIG_HOME": config]) { $1 })
    #expect(run.status != 90, "tmpfs could not be mounted here: \(run)")
    #expect(run.status == 0, "\(run)")
    #expect(run.lines.first == "relogin: status 78", "\(run)")
    #expect(run.stderr.contains("no space left on device"), "\(run)")
    #expect(
      run.lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) } == [
        "credentials: unchanged", sandbox.token, "1",
      ])
  }

  @Test("network tools leave HOME as it was: no cache or cookie directories, a missing HOME stays missing")
  func homeUntouched() throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--rate-limit", "0"])
    let run = try sh(
      """
      monica-fetch contacts | wc -l
      monica-auth status >/dev/null
      find "$HOME" | wc -l
      rm -rf "$HOME"
      monica-fetch contacts --max 1 >/dev/null
      [ -e "$HOME" ] && echo "HOME was created" || echo "HOME still missing"
      """, env: sandbox.signedInEnv)
    #expect(run.lines.map { $0.trimmingCharacters(in: .whitespaces) } == ["5", "1", "HOME still missing"], "\(run)")
  }

  @Test("a plain-http MONICA_URL off this machine is refused unless MONICA_ALLOW_HTTP=1")
  func plainHTTPFromEnvironment() throws {
    let home = try TemporaryHome()
    // 0.0.0.0 is not loopback to the rule, yet a connection to it stays on this machine.
    let env = home.env.merging(["MONICA_URL": "http://0.0.0.0:1", "MONICA_TOKEN": "secret-token"]) { $1 }
    let refused = try sh("monica-fetch contacts", env: env)
    #expect(refused.status == 64 && refused.stderr.contains("MONICA_ALLOW_HTTP=1"), "\(refused)")
    #expect(!refused.stderr.contains("secret-token"))
    let allowed = try sh(
      "MONICA_TIMEOUT_MS=500 monica-fetch contacts --retries 0", env: env.merging(["MONICA_ALLOW_HTTP": "1"]) { $1 })
    #expect(allowed.status == 69 && allowed.stderr.contains("connection refused"), "\(allowed)")
  }

  @Test("outside text in messages has its control characters escaped")
  func escapedMessages() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      mkdir -p -m 700 "$XDG_CONFIG_HOME/monica"
      printf 'evil\\033[31mred\\n' > "$XDG_CONFIG_HOME/monica/default-profile"
      chmod 600 "$XDG_CONFIG_HOME/monica/default-profile"
      monica-fetch contacts
      """, env: home.env)
    #expect(run.status == 78, "\(run)")
    #expect(!run.stderr.contains("\u{1B}") && run.stderr.contains(#"evil\x1b[31mred"#), "\(run)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test("stdin that cannot be read is an error; a line without end is refused at 64 MiB")
  func unreadableInput() throws {
    let home = try TemporaryHome()
    let directory = try sh("monica-filter --where id=1 < /", env: home.env)
    #expect(directory.status == 66 && directory.stderr.contains("stdin: cannot read: is a directory"), "\(directory)")
    let endless = try sh("head -c 70000000 /dev/zero | tr '\\0' x | monica-format csv --fields id", env: home.env)
    #expect(endless.status == 65 && endless.stderr.contains("stdin:1: a line longer than 64 MiB"), "\(endless)")
  }
}
