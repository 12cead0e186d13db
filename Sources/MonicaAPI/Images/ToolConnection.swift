import MonicaKit

/// What a tool that talks to Monica is given (its environment, `--profile`, the client policy
/// and `--passphrase-fd`) and the one way from them to a client of the instance.
package struct ToolConnection {
  /// The environment (credentials, terminals, cache directory).
  package let environment: ToolEnvironment
  /// `--profile`.
  package let profile: String?
  /// Retries, time-outs and `--verbose`.
  package let policy: ClientPolicy
  /// `--passphrase-fd`, for a passphrase profile in a script.
  package let passphraseDescriptor: Int32?

  package init(environment: ToolEnvironment, profile: String?, policy: ClientPolicy, passphraseDescriptor: Int32?) {
    self.environment = environment
    self.profile = profile
    self.policy = policy
    self.passphraseDescriptor = passphraseDescriptor
  }

  /// The credentials of the profile (or of MONICA_URL and MONICA_TOKEN).
  package func credentials() throws(MonicaError) -> Credentials {
    try CredentialResolver(environment: environment, passphraseDescriptor: passphraseDescriptor).resolve(
      profile: profile)
  }

  /// The credentials when they come without asking anyone for a passphrase; `nil` otherwise
  /// (for what is better with them but needs none: the image cache of a run of data URLs).
  package func credentialsWithoutAsking() -> Credentials? {
    var quiet = environment
    quiet.stdinIsTerminal = false
    return try? CredentialResolver(environment: quiet, passphraseDescriptor: passphraseDescriptor).resolve(
      profile: profile)
  }
}

extension ConnectionOptions {
  /// The connection these options, `environment` and `--passphrase-fd` describe.
  package func connection(_ environment: ToolEnvironment, tool: String, unlock: PassphraseOptions) -> ToolConnection {
    ToolConnection(
      environment: environment, profile: profile, policy: policy(environment, tool: tool),
      passphraseDescriptor: unlock.descriptor)
  }
}
