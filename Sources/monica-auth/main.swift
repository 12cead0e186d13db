import ArgumentParser
import MonicaAPI
import MonicaKit

struct MonicaAuth: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-auth",
    abstract: "Sign in to Monica instances; the token is kept encrypted at rest.",
    discussion: Help.auth,
    version: toolsetVersion,
    subcommands: [Login.self, Status.self, Switch.self, Logout.self, Token.self, List.self, Cache.self])
}

struct Login: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "login", abstract: "Check a token against an instance and save it encrypted.")
  @OptionGroup var connection: ConnectionOptions
  @Option(
    help: ArgumentHelp(
      "The instance (https://app.monicahq.com is the cloud); asked for when omitted.", valueName: "URL"))
  var url: String?
  @Flag(help: "Read the token from standard input instead of the terminal.") var tokenStdin = false
  @Flag(help: "Protect the token with a passphrase (scrypt) instead of a key file.") var passphrase = false
  @OptionGroup var unlock: PassphraseOptions
  @Flag(help: "Allow plain http to a non-loopback host (the token travels unencrypted).") var allowHttp = false
  @Flag(name: .shortAndLong, help: "Say nothing on success.") var quiet = false

  func run() async throws {
    try await reportingFailures {
      let service = AuthService(connection: connection.connection(environment, tool: Self.toolName, unlock: unlock))
      var request = AuthService.LoginRequest()
      (request.url, request.profile, request.tokenFromStdin) = (url, connection.profile, tokenStdin)
      (request.usePassphrase, request.allowHTTP) = (passphrase || unlock.descriptor != nil, allowHttp)
      let done = try await service.login(request)
      if !quiet { StandardError.line(done) }
    }
  }
}

struct Status: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    abstract: "Show the profile, instance, user, token expiry, whether the server accepts the token, cache size.")
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions
  @Flag(help: "One JSON object instead of lines.") var json = false

  func run() async throws {
    try await reportingFailures {
      let service = AuthService(connection: connection.connection(environment, tool: Self.toolName, unlock: unlock))
      let status = try await service.status(profile: connection.profile)
      try LineOutput.standardOutput().writeEach(json ? [JSONWriter.plain.string(status.json)] : status.lines)
      if let warning = status.warning { StandardError.line("\(Self.toolName): \(warning)") }
      if let failure = status.failure { throw failure }
    }
  }
}

struct Switch: ParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    abstract: "Make a saved profile the default, the one every tool uses without --profile.")
  @Argument(help: ArgumentHelp("A profile monica-auth list shows.", valueName: "PROFILE")) var profile: String

  func run() throws {
    try reportingFailures {
      StandardError.line(try AuthService(connection: Connection(environment: environment)).switchProfile(profile))
    }
  }
}

struct Logout: ParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    abstract: "Delete a profile's credentials, key and cache; say which profile is the default after.")
  @OptionGroup var connection: ConnectionOptions

  func run() throws {
    try reportingFailures {
      StandardError.line(
        try AuthService(connection: Connection(environment: environment)).logout(profile: connection.profile))
    }
  }
}

struct Cache: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The encrypted caches of monica-fetch --cache and monica-avatar (monica-auth status shows their size).",
    subcommands: [Clear.self])
}

struct Clear: ParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    abstract: "Empty the profile's cache (with MONICA_URL set, that token's); --all: every cache.")
  @OptionGroup var connection: ConnectionOptions
  @Flag(help: "Every profile's cache and those of environment tokens.") var all = false

  func run() throws {
    try reportingFailures {
      let service = AuthService(connection: Connection(environment: environment))
      StandardError.line(try service.clearCache(profile: connection.profile, all: all))
    }
  }
}

struct Token: ParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    abstract: "Print the token for another program; the only command that prints it.")
  @OptionGroup var connection: ConnectionOptions
  @OptionGroup var unlock: PassphraseOptions

  func run() throws {
    try reportingFailures {
      let service = AuthService(
        connection: Connection(environment: environment, passphraseDescriptor: unlock.descriptor))
      let output = LineOutput.standardOutput()
      try output.writeLine(try service.token(profile: connection.profile))
      try output.flush()
    }
  }
}

struct List: ParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(abstract: "List the profiles; * marks the default.")
  @Flag(help: "One JSON object per profile.") var json = false

  func run() throws {
    try reportingFailures {
      try LineOutput.standardOutput().writeEach(
        try AuthService(connection: Connection(environment: environment)).list(json: json))
    }
  }
}

await MonicaAuth.launch()
