import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `make install` into a temporary PREFIX: binaries, man pages that render without warnings,
/// and completions that bash really offers.
@Suite struct InstallTests {
  /// The repository's root, where the Makefile is.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// The tools the package builds: one folder each under Sources/.
  static var tools: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root + "/Sources")) ?? [])
      .filter { $0.hasPrefix("monica-") }.sorted()
  }

  @Test("make install puts binaries, man pages and completions where the shells look; uninstall removes them")
  func installAndUninstall() throws {
    let home = try TemporaryHome()
    let prefix = home.root + "/prefix"
    let install = try sh(
      "make -s -C \"$ROOT\" install-files PREFIX=\"$PREFIX\" BINSRC=\"$BINSRC\"",
      env: home.env.merging(["ROOT": Self.root, "PREFIX": prefix, "BINSRC": binDirectory]) { $1 })
    #expect(install.status == 0, "\(install)")
    #expect(Self.tools.count >= 6)
    for tool in Self.tools {
      for path in [
        "bin/\(tool)", "share/man/man1/\(tool).1", "share/bash-completion/completions/\(tool)",
        "share/zsh/site-functions/_\(tool)", "share/fish/vendor_completions.d/\(tool).fish",
      ] {
        #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(path)"), "missing \(path)")
      }
    }
    #expect(FileManager.default.fileExists(atPath: "\(prefix)/share/man/man7/monica.7"))

    let uninstall = try sh(
      "make -s -C \"$ROOT\" uninstall PREFIX=\"$PREFIX\"",
      env: home.env.merging(["ROOT": Self.root, "PREFIX": prefix]) { $1 })
    #expect(uninstall.status == 0, "\(uninstall)")
    let left = try sh("find \"$PREFIX\" -type f", env: home.env.merging(["PREFIX": prefix]) { $1 })
    #expect(left.stdout.isEmpty, "left behind: \(left.stdout)")
  }

  @Test("every installed page renders with man -l without a warning, and man -M finds it")
  func manPagesRender() throws {
    let home = try TemporaryHome()
    let prefix = home.root + "/prefix"
    let env = home.env.merging(["ROOT": Self.root, "PREFIX": prefix, "BINSRC": binDirectory, "MANWIDTH": "80"]) { $1 }
    #expect(try sh("make -s -C \"$ROOT\" install-files PREFIX=\"$PREFIX\" BINSRC=\"$BINSRC\"", env: env).status == 0)
    let pages = Self.tools.map { "\(prefix)/share/man/man1/\($0).1" } + ["\(prefix)/share/man/man7/monica.7"]
    for page in pages {
      let run = try sh(
        "man --warnings -l \"$PAGE\" 2>&1 >/dev/null; man -l \"$PAGE\" 2>/dev/null | wc -l",
        env: env.merging(["PAGE": page]) { $1 })
      #expect(run.status == 0)
      let lines = run.lines
      #expect(lines.count == 1, "warnings for \(page): \(run.stdout)")
      #expect((Int(lines.last ?? "") ?? 0) > 20, "\(page) renders to almost nothing")
    }
    let fetch = try sh(
      "man -M \"$PREFIX/share/man\" monica-fetch | grep -c -E 'EXAMPLES|ENVIRONMENT|EXIT STATUS|FILES'", env: env)
    #expect(fetch.lines == ["4"], "\(fetch)")
  }

  @Test("bash completion offers a tool's flags and its subcommands")
  func bashCompletion() throws {
    let home = try TemporaryHome()
    let prefix = home.root + "/prefix"
    let env = home.env.merging(["ROOT": Self.root, "PREFIX": prefix, "BINSRC": binDirectory]) { $1 }
    #expect(try sh("make -s -C \"$ROOT\" install-files PREFIX=\"$PREFIX\" BINSRC=\"$BINSRC\"", env: env).status == 0)
    func complete(_ tool: String, _ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let script = """
        PATH="$PREFIX/bin:$PATH"
        source "$PREFIX/share/bash-completion/completions/\(tool)"
        COMP_WORDS=(\(tool) \(quoted)); COMP_CWORD=\(words.count); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _\(tool) \(tool) '\(words.last ?? "")' '\(words.count > 1 ? words[words.count - 2] : tool)'
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      return try sh(script, env: env).lines
    }
    let fetchFlags = try complete("monica-fetch", ["--"])
    #expect(
      fetchFlags.contains("--max") && fetchFlags.contains("--contact") && fetchFlags.contains("--page-size"),
      "\(fetchFlags)")
    let resources = try complete("monica-fetch", [""])
    #expect(resources.contains("contacts") && resources.contains("notes"), "\(resources)")
    let auth = try complete("monica-auth", [""])
    #expect(Set(["login", "status", "logout", "token", "list"]).isSubset(of: Set(auth)), "\(auth)")
    let formats = try complete("monica-format", [""])
    #expect(formats.contains("vcard") && formats.contains("csv"), "\(formats)")
    let filterFlags = try complete("monica-filter", ["--d"])
    #expect(filterFlags.contains("--dead"), "\(filterFlags)")
  }

  /// What bash completion offers for `tool words...`, the last word being the one completed.
  func bashCompletions(
    _ tool: String, _ words: [String], env: [String: String], directory: String? = nil
  ) throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let script = """
      source <(\(tool) --generate-completion-script bash)
      COMP_WORDS=(\(tool) \(quoted)); COMP_CWORD=\(words.count); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
      _\(tool) \(tool) '\(words.last ?? "")' '\(words.count > 1 ? words[words.count - 2] : tool)'
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    return try sh(script, env: env, directory: directory).lines
  }

  @Test("options with a fixed or known set of values complete them; file arguments complete files")
  func valueCompletion() throws {
    let home = try TemporaryHome()
    try Data().write(to: URL(fileURLWithPath: home.home + "/backup.ndjson"))
    func complete(_ tool: String, _ words: [String]) throws -> [String] {
      try bashCompletions(tool, words, env: home.env, directory: home.home)
    }
    #expect(try complete("monica-filter", ["--status", ""]) == ["idea", "offered", "received"])
    let kinds = try complete("monica-filter", ["--object", ""])
    #expect(kinds.contains("contact") && kinds.contains("gift") && kinds.count == RecordKind.all.count, "\(kinds)")
    let dates = try complete("monica-filter", ["--date-field", "l"])
    #expect(dates == ["last_activity_together", "last_called"], "\(dates)")
    let fetchSort = try complete("monica-fetch", ["contacts", "--sort", "-u"])
    #expect(fetchSort == ["-updated_at"], "\(fetchSort)")
    #expect(try complete("monica-format", ["--sort", "a"]) == ["auto"])
    #expect(try complete("monica-format", ["--color", ""]) == ["auto", "always", "never"])
    let formats = try complete("monica-format", ["t"])
    #expect(formats == ["table", "tsv", "template"], "\(formats)")
    #expect(try complete("monica-filter", ["b"]) == ["backup.ndjson"])
    #expect(try complete("monica-format", ["csv", "b"]) == ["backup.ndjson"])
    #expect(try complete("monica-sandbox", ["--load", "b"]) == ["backup.ndjson"])
  }

  @Test("--tag completes tag names from the cached tag list, and from nothing before one is cached")
  func tagCompletion() throws {
    let sandbox = try Sandbox.start(["--contacts", "20", "--rate-limit", "0"])
    func complete(_ tool: String, _ words: [String]) throws -> [String] {
      try bashCompletions(tool, words, env: sandbox.signedInEnv).filter { !$0.isEmpty }
    }
    let requests = sandbox.requests().count
    #expect(try complete("monica-fetch", ["contacts", "--tag", "f"]).isEmpty)
    #expect(sandbox.requests().count == requests, "a completion sent a request")
    #expect(try sh("monica-fetch tags --cache >/dev/null", env: sandbox.signedInEnv).status == 0)
    #expect(try complete("monica-fetch", ["contacts", "--tag", "f"]) == ["family"])
    #expect(try complete("monica-filter", ["--tag", "w"]) == ["work"])
  }

  @Test("the committed completions are what the tools generate (make completions regenerates them)")
  func completionsUpToDate() throws {
    let home = try TemporaryHome()
    for tool in Self.tools {
      for (shell, file) in [("bash", "\(tool).bash"), ("zsh", "_\(tool)"), ("fish", "\(tool).fish")] {
        let generated = try sh("\(tool) --generate-completion-script \(shell)", env: home.env)
        let committed = FileManager.default.contents(atPath: "\(Self.root)/completions/\(file)")
        #expect(generated.output == committed, "completions/\(file) is out of date: run make completions")
      }
    }
  }

  @Test("profile names complete from the store")
  func profileCompletion() throws {
    let sandbox = try Sandbox.start()
    let login = try sh(
      "echo \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin --profile home",
      env: sandbox.env)
    #expect(login.status == 0, "\(login)")
    let script = """
      source <(monica-auth --generate-completion-script bash)
      COMP_WORDS=(monica-auth status --profile ''); COMP_CWORD=3; COMP_LINE="monica-auth status --profile "; COMP_POINT=${#COMP_LINE}
      _monica-auth monica-auth '' --profile
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try sh(script, env: sandbox.env)
    #expect(run.lines.contains("home"), "\(run)")
  }

  @Test(
    "make install builds nothing when the release binaries are newer than every source, and builds when one is older")
  func installWithoutRebuild() throws {
    let home = try TemporaryHome()
    let release = home.root + "/release"
    let log = home.root + "/swift.log"
    // A `swift` that shows the bin path and logs (and refuses) anything else, such as a build.
    let fake = home.root + "/swift"
    try """
    #!/bin/sh
    case "$*" in *--show-bin-path*) echo "\(release)"; exit 0;; esac
    echo "$*" >> "\(log)"; exit 1

    """.write(toFile: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    try FileManager.default.createDirectory(atPath: release, withIntermediateDirectories: true)
    for tool in Self.tools {
      try FileManager.default.createSymbolicLink(
        atPath: release + "/" + tool, withDestinationPath: binDirectory + "/" + tool)
    }
    let env = home.env.merging(["ROOT": Self.root, "PREFIX": home.root + "/prefix", "FAKE": fake]) { $1 }
    let current = try sh("make -s -C \"$ROOT\" install PREFIX=\"$PREFIX\" SWIFT=\"$FAKE\"", env: env)
    #expect(current.status == 0, "\(current)")
    #expect(current.stderr.contains("the release build in \(release) is current"), "\(current)")
    #expect(
      !FileManager.default.fileExists(atPath: log),
      "built: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    #expect(FileManager.default.isExecutableFile(atPath: home.root + "/prefix/bin/monica-fetch"))
    // A binary older than the sources: the release build is made first.
    let stale = try sh(
      "touch -h -d 2000-01-01 \"\(release)/monica-fetch\" && make -s -C \"$ROOT\" install PREFIX=\"$PREFIX\" SWIFT=\"$FAKE\"",
      env: env)
    #expect(stale.status != 0, "\(stale)")
    #expect((try? String(contentsOfFile: log, encoding: .utf8)) == "build -c release\n")
  }
}
