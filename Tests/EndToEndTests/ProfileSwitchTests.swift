import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Which profile is the default, and that no tool reaches another instance unannounced:
/// `monica-auth switch`, what `logout` says and leaves, the 78 naming the profiles, and what
/// `cache clear` says it removed.
@Suite struct ProfileSwitchTests {
  func login(_ sandbox: Sandbox, _ profile: String) throws -> ShellRun {
    try sh(
      "printf '%s\\n' \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin -q --profile \(profile)",
      env: sandbox.env)
  }

  @Test("switch makes a saved profile the default; an unknown one is 78 naming the profiles")
  func switchProfile() throws {
    let sandbox = try Sandbox.start()
    for profile in ["home", "work"] { #expect(try login(sandbox, profile).status == 0) }
    let run = try sh("monica-auth switch work", env: sandbox.env)
    #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
    #expect(run.stderr == "profile work (\(sandbox.url)) is the default now\n")
    #expect(try sh("monica-auth list", env: sandbox.env).lines.first?.hasPrefix("  home") == true)
    #expect(try sh("monica-auth status", env: sandbox.env).lines.first == "profile:  work")
    let unknown = try sh("monica-auth switch nope", env: sandbox.env)
    #expect(unknown.status == 78)
    #expect(unknown.stderr == "monica-auth: error: unknown profile nope (profiles: home, work)\n")
    let overridden = try sh("MONICA_PROFILE=home monica-auth switch work", env: sandbox.env)
    #expect(overridden.stderr.contains("MONICA_PROFILE=home still overrides it"), "\(overridden)")
  }

  @Test("logging out of the default with several left leaves none, says so, and tools then stop with 78")
  func logoutLeavesNoDefault() throws {
    let sandbox = try Sandbox.start()
    for profile in ["home", "work", "play"] { #expect(try login(sandbox, profile).status == 0) }
    let run = try sh("monica-auth logout", env: sandbox.env)
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stderr
        == "logged out of profile home (\(sandbox.url)): its credentials, key and cache are deleted; there is no "
        + "default profile now: choose one with monica-auth switch PROFILE (profiles: play, work)\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.config/monica/default-profile"))
    let before = sandbox.requests().count
    let fetch = try sh("monica-fetch contacts --max 1", env: sandbox.env)
    #expect(fetch.status == 78 && fetch.stdout.isEmpty)
    #expect(
      fetch.stderr
        == "monica-fetch: error: no default profile: choose one with --profile or monica-auth switch PROFILE "
        + "(profiles: play, work)\n")
    let push = try sh("echo '{\"object\":\"note\",\"id\":1,\"body\":\"x\"}' | monica-push", env: sandbox.env)
    #expect(push.status == 78 && push.stderr.contains("(profiles: play, work)"), "\(push)")
    // Nothing reached the instance for either.
    #expect(sandbox.requests().count == before)
    // Logging out of one of the two leaves one: it is the default now, and the logout says so.
    let second = try sh("monica-auth logout --profile play", env: sandbox.env)
    #expect(second.stderr.hasSuffix("; profile work, the only one left, is the default now\n"), "\(second)")
    #expect(try sh("monica-auth list", env: sandbox.env).lines == ["* work\t\(sandbox.url)\tkey-file"])
  }

  @Test("logging out of the default with one left makes that one the default, and says which")
  func logoutChoosesTheOneLeft() throws {
    let sandbox = try Sandbox.start()
    for profile in ["home", "work"] { #expect(try login(sandbox, profile).status == 0) }
    let run = try sh("monica-auth logout", env: sandbox.env)
    #expect(run.stderr.hasSuffix("; profile work, the only one left, is the default now\n"), "\(run)")
    #expect(try sh("monica-auth list", env: sandbox.env).lines == ["* work\t\(sandbox.url)\tkey-file"])
    // Logging out of another profile leaves the default alone, and says only what it did.
    #expect(try login(sandbox, "play").status == 0)
    let other = try sh("monica-auth logout --profile play", env: sandbox.env)
    #expect(
      other.stderr == "logged out of profile play (\(sandbox.url)): its credentials, key and cache are deleted\n")
  }

  @Test("cache clear says what it removed, and that an empty cache was empty, also off a terminal")
  func cacheClearSays() throws {
    let sandbox = try Sandbox.start()
    #expect(try login(sandbox, "home").status == 0)
    #expect(try sh("monica-fetch contacts --cache --max 3", env: sandbox.env).status == 0)
    let cache = sandbox.home + "/.cache/monica/home"
    let run = try sh("monica-auth cache clear", env: sandbox.env)
    #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
    #expect(run.stderr.hasPrefix("removed the cache of profile home: 1 entry, "), "\(run)")
    #expect(run.stderr.hasSuffix(" (\(cache))\n"), "\(run)")
    let again = try sh("monica-auth cache clear", env: sandbox.env)
    #expect(again.stderr == "the cache of profile home was already empty (\(cache))\n", "\(again)")
  }
}
