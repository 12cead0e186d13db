import MonicaKit

/// How a tool reaches its Monica instance, and the one way it gets a client of it.
///
/// A connection holds what every tool that talks to Monica is given: its environment (MONICA_*,
/// the XDG dirs its caches live under, terminals), `--profile`, the client policy (retries,
/// time-outs, `--verbose`), `--passphrase-fd`, and the transport that carries the requests
/// (the network unless a test hands it the in-memory sandbox). A tool's executable builds it
/// from its flags with `ConnectionOptions.connection(_:tool:unlock:)`; the library entry point
/// takes it and calls `client()` once per run:
///
/// ```swift
/// let connection = options.connection(environment, tool: "monica-remind", unlock: unlock)
/// let client = try connection.client()      // credentials resolved, a passphrase asked once
/// let page = try await client.get("/reminders", what: "reminders")
/// ```
///
/// One client per run: the client holds the rate-limit pacer, so every request of the run
/// shares one view of the instance's limit. Caches are per profile, under `store`; warnings go
/// to `diagnostics` (standard error). Tests give the connection `SandboxTransport` and a
/// `ToolEnvironment` with MONICA_URL and MONICA_TOKEN of that sandbox (`InProcessRun` in the
/// test support), and run the same entry point in-process. Images from other origins
/// (gravatar) are fetched by `ImageFetcher` with a transport of its own, never with the token.
package struct Connection: Sendable {
  /// The environment (credentials, terminals, cache directory, the clock).
  package var environment: ToolEnvironment
  /// `--profile`.
  package var profile: String?
  /// Retries, time-outs, `--verbose` and wait notices.
  package var policy: ClientPolicy
  /// `--passphrase-fd`, for a passphrase profile in a script.
  package var passphraseDescriptor: Int32?
  /// What carries the requests: `nil` is the network (`HTTPTransport`, with `policy.timeout`).
  package var transport: (any ClientTransport)?
  /// Where the tool's warnings, notices and summaries go, one line each: standard error, or a
  /// test's list.
  package var diagnostics: @Sendable (String) -> Void

  package init(
    environment: ToolEnvironment, profile: String? = nil, policy: ClientPolicy = ClientPolicy(),
    passphraseDescriptor: Int32? = nil, transport: (any ClientTransport)? = nil,
    diagnostics: @escaping @Sendable (String) -> Void = { StandardError.line($0) }
  ) {
    self.environment = environment
    self.profile = profile
    self.policy = policy
    self.passphraseDescriptor = passphraseDescriptor
    self.transport = transport
    self.diagnostics = diagnostics
  }

  /// Where credentials and each profile's caches are kept.
  package var store: CredentialStore { CredentialStore(environment: environment) }

  /// The credentials of the profile (or of MONICA_URL and MONICA_TOKEN); a passphrase profile
  /// asks for its passphrase.
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

  /// A client of the profile's instance: the credentials resolved, then `client(for:)`.
  package func client() throws(MonicaError) -> MonicaClient {
    client(for: try credentials())
  }

  /// A client of `credentials`' instance with this connection's policy and transport (for a
  /// token not saved yet, as `monica-auth login` checks it, or credentials already resolved).
  package func client(for credentials: Credentials) -> MonicaClient {
    MonicaClient(credentials: credentials, policy: policy, transport: transport)
  }

  /// This connection with `change` made to its policy (a count of requests, no retries).
  package func adjusting(_ change: (inout ClientPolicy) -> Void) -> Connection {
    var copy = self
    change(&copy.policy)
    return copy
  }
}

extension ConnectionOptions {
  /// The connection these options, `environment` and `--passphrase-fd` describe; `retries`
  /// replaces the policy's (a tool's `--retries`), `quiet` drops its wait notices.
  package func connection(
    _ environment: ToolEnvironment, tool: String, unlock: PassphraseOptions? = nil, retries: Int? = nil,
    quiet: Bool = false
  ) -> Connection {
    var chosen = self.policy(environment, tool: tool)
    if let retries { chosen.retries = retries }
    if quiet { chosen.notice = nil }
    return Connection(
      environment: environment, profile: profile, policy: chosen, passphraseDescriptor: unlock?.descriptor)
  }
}
