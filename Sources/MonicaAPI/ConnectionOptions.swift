import ArgumentParser
import Foundation
import MonicaKit

/// The options of every tool that talks to Monica, defined once.
package struct ConnectionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("The profile to use (default: $MONICA_PROFILE, else the default profile).", valueName: "NAME"),
    completion: .custom { _, _, _ in
      CredentialStore(environment: .current(ProcessInfo.processInfo.environment)).profiles()
    })
  package var profile: String?

  @Flag(
    name: .shortAndLong,
    help: "One stderr line per request: method, path, status, time, rate limit left. Never the token.")
  package var verbose = false

  package init() {}

  /// The client policy for this environment, with `--verbose` reporting to stderr and long
  /// waits announced there.
  package func policy(_ environment: ToolEnvironment, tool: String) -> ClientPolicy {
    var policy = ClientPolicy(environment: environment)
    if verbose { policy.observer = { StandardError.line("\(tool): \($0.line)") } }
    policy.notice = { StandardError.line("\(tool): \($0)") }
    return policy
  }
}

/// `--passphrase-fd`, for every command that may have to unlock a passphrase profile.
package struct PassphraseOptions: ParsableArguments {
  @Option(
    name: .customLong("passphrase-fd"),
    help: ArgumentHelp("Read a passphrase profile's passphrase from this file descriptor.", valueName: "FD"))
  package var descriptor: Int32?

  package init() {}
}
