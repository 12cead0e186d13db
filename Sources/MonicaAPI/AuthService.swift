import Foundation
import MonicaKit

/// What `monica-auth` does, with its terminal and output given to it.
package struct AuthService: Sendable {
  /// The environment (XDG dirs, MONICA_*, terminals).
  package let environment: ToolEnvironment
  /// How tokens and passphrases are found.
  package let resolver: CredentialResolver
  /// The environment, `--passphrase-fd`, the client policy and what carries the requests.
  package let connection: Connection

  package init(connection: Connection) {
    self.connection = connection
    environment = connection.environment
    resolver = CredentialResolver(
      environment: connection.environment, passphraseDescriptor: connection.passphraseDescriptor)
  }

  // MARK: login

  /// What `login` was asked to do.
  package struct LoginRequest: Sendable {
    package var url: String?
    package var profile: String?
    package var tokenFromStdin = false
    package var usePassphrase = false
    package var allowHTTP = false
    package init() {}
  }

  /// Checks the token against the instance and saves it encrypted; nothing is saved unless the
  /// instance is a Monica 4.x API that accepts the token.
  package func login(_ request: LoginRequest) async throws(MonicaError) -> String {
    let profile = request.profile ?? environment["MONICA_PROFILE"] ?? "default"
    try CredentialStore.validate(profile: profile)
    let instance = try InstanceURL(try instanceText(request), allowHTTP: request.allowHTTP)
    let token = try readToken(fromStdin: request.tokenFromStdin)
    let client = connection.client(for: Credentials(instance: instance, token: token, profile: profile))
    try await verifyMonica4(client)
    _ = try await client.get(RecordKind.contact.path, query: [("limit", "1")], what: RecordKind.contact.name)
    let me = try await client.get(RecordKind.user.path, what: "the \(RecordKind.user.singular)")
    guard let user = (try? JSONValue(parsing: me.body))?["data"] else {
      throw .protocolViolation(request: "/api/me", detail: "the response has no user record")
    }
    let passphrase = request.usePassphrase ? try resolver.passphrase(for: profile, confirm: true) : nil
    if request.usePassphrase, passphrase?.isEmpty ?? true { throw .usage("empty passphrase") }
    let name = [user["first_name"]?.stringValue, user["last_name"]?.stringValue].compactMap { $0 }
      .filter { !$0.isEmpty }.joined(separator: " ")
    let payload = CredentialFile.Payload(
      token: token, userName: name, userEmail: user["email"]?.stringValue ?? "", userID: user["id"]?.intValue)
    let store = resolver.store
    try store.save(payload, profile: profile, instance: instance, passphrase: passphrase)
    // The first login becomes the default, and so does any login while the default is gone.
    let current = try store.defaultProfile()
    if current == nil || !store.profiles().contains(current ?? "") { try store.setDefault(profile) }
    // The URL was typed, the name and address come from the server: outside text, quoted with
    // its control characters escaped so that it cannot steer the terminal.
    let who = Self.user(name: name, email: payload.userEmail)
    return "signed in to \(instance.description.escapingControlCharacters) as \(who) (profile \(profile))"
  }

  /// A user as `Name <email>`, either alone when the other is unknown, `(unknown)` when both
  /// are; control characters escaped.
  package static func user(name: String, email: String) -> String {
    let name = name.escapingControlCharacters
    let email = email.escapingControlCharacters
    switch (name.isEmpty, email.isEmpty) {
    case (false, false): return "\(name) <\(email)>"
    case (false, true): return name
    case (true, false): return "<\(email)>"
    case (true, true): return "(unknown)"
    }
  }

  private func instanceText(_ request: LoginRequest) throws(MonicaError) -> String {
    if let url = request.url { return url }
    guard environment.stdinIsTerminal, !request.tokenFromStdin else {
      throw .usage("--url is required when standard input is not a terminal")
    }
    let answer = SecretReader.askVisibly("Monica instance URL [\(InstanceURL.cloud)]: ") ?? ""
    return answer.trimmingCharacters(in: .whitespaces).isEmpty ? InstanceURL.cloud : answer
  }

  private func readToken(fromStdin: Bool) throws(MonicaError) -> String {
    let text: String
    if fromStdin {
      text = SecretReader.readAll(0)
    } else {
      guard environment.stdinIsTerminal, let typed = SecretReader.askOnTerminal("API token (Settings > API): ") else {
        throw .usage("no terminal to ask for the token: pipe it in with --token-stdin")
      }
      text = typed
    }
    let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty else { throw .usage("empty token") }
    guard !token.contains(where: \.isWhitespace) else { throw .usage("the token must be one line without spaces") }
    return token
  }

  /// Refuses anything but a Monica 4.x API, saying what was found instead.
  private func verifyMonica4(_ client: MonicaClient) async throws(MonicaError) {
    let root = try await client.exchange("GET", "")
    let instance = client.credentials.instance
    if root.status == 401 {
      throw .notPermitted("\(instance.api): the token was rejected; nothing was saved")
    }
    let contentType = root.headers["content-type"] ?? ""
    let json = try? JSONValue(parsing: root.body)
    if root.status == 200, json?["success"]?["message"]?.stringValue == "Welcome to Monica" { return }
    if root.status == 404 {
      let vaults = try? await client.exchange("GET", "/vaults")
      if let vaults, [200, 401].contains(vaults.status), (try? JSONValue(parsing: vaults.body)) != nil {
        throw .unavailable(
          request: instance.api,
          detail:
            "this is a Monica 5 instance (its API has /api/vaults, not /api/contacts); the toolset speaks the Monica 4.x API"
        )
      }
    }
    let found: String
    if (300...399).contains(root.status) {
      found = "a redirect to \(root.headers["location"] ?? "nowhere")"
    } else if json == nil {
      found =
        contentType.contains("html")
        ? "an HTML page (HTTP \(root.status))" : "a response that is not JSON (HTTP \(root.status))"
    } else {
      found = "JSON without Monica's welcome (HTTP \(root.status))"
    }
    throw .unavailable(request: instance.api, detail: "not a Monica 4.x API: GET /api answered with \(found)")
  }

  // MARK: status

  /// What `status` found out.
  package struct Status: Sendable {
    package var profile: String?
    package var instance: String
    package var userName: String
    package var userEmail: String
    package var expiresAt: Date?
    package var daysLeft: Int?
    /// "accepted", "rejected" or "unreachable".
    package var server: String
    package var serverDetail: String?
    /// Why the server could not be reached, as the client said it.
    package var serverFailure: MonicaError?
    /// The credentials' cache directory and what it holds.
    package var cachePath = ""
    package var cache = CacheUsage()

    /// The outcome as the exit table has it.
    package var failure: MonicaError? {
      if let daysLeft, daysLeft < 0 {
        return .notPermitted("the token expired on \(Self.day(expiresAt)); run monica-auth login")
      }
      switch server {
      case "rejected": return .notPermitted("the instance rejects the token; run monica-auth login")
      case "unreachable":
        return serverFailure ?? .unavailable(request: instance, detail: serverDetail ?? "cannot connect")
      default: return nil
      }
    }

    /// A warning for a token that expires within 30 days.
    package var warning: String? {
      guard let daysLeft, daysLeft >= 0, daysLeft < 30 else { return nil }
      return
        "warning: the token expires in \(daysLeft) day\(daysLeft == 1 ? "" : "s") (\(Self.day(expiresAt))); create a new one in Settings > API"
    }

    /// Lines for a person.
    package var lines: [String] {
      let expiry: String
      if let daysLeft {
        expiry =
          daysLeft < 0 ? "expired on \(Self.day(expiresAt))" : "expires \(Self.day(expiresAt)) (in \(daysLeft) days)"
      } else {
        expiry = "no expiry date in the token"
      }
      return [
        "profile:  \(profile ?? "(from MONICA_URL and MONICA_TOKEN)")",
        "instance: \(instance)",
        "user:     \(AuthService.user(name: userName, email: userEmail))",
        "token:    \(expiry)",
        "server:   \(server == "accepted" ? "accepts the token" : server == "rejected" ? "rejects the token" : "unreachable: \(serverDetail ?? "")")",
        "cache:    \(cache.description) (\(cachePath))",
      ]
    }

    /// One JSON object for scripts.
    package var json: JSONValue {
      .object(
        JSONObject([
          "profile": .string(profile),
          "instance": .string(instance),
          "user": .object(JSONObject(["name": .string(userName), "email": .string(userEmail)])),
          "token_expires_at": .string(expiresAt.map { ISO8601DateFormatter().string(from: $0) }),
          "token_days_left": daysLeft.map(JSONValue.int) ?? .null,
          "server": .string(server),
          "usable": .bool(failure == nil),
          "cache": .object(
            JSONObject([
              "path": .string(cachePath), "entries": .int(cache.entries), "bytes": .int(Int(cache.bytes)),
            ])),
        ]))
    }

    private static func day(_ date: Date?) -> String {
      guard let date else { return "?" }
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withFullDate]
      return formatter.string(from: date)
    }
  }

  /// The profile's instance, user, token expiry, and whether the server accepts the token now.
  package func status(profile explicit: String?) async throws(MonicaError) -> Status {
    let credentials = try resolver.resolve(profile: explicit)
    var status = Status(
      profile: credentials.profile, instance: credentials.instance.instance, userName: "", userEmail: "",
      expiresAt: nil, daysLeft: nil, server: "unreachable")
    if let profile = credentials.profile {
      let saved = try resolver.load(profile: profile).payload
      status.userName = saved.userName
      status.userEmail = saved.userEmail
    }
    let cache = CacheDirectory(for: credentials, store: resolver.store)
    (status.cachePath, status.cache) = (cache.path, cache.usage())
    let claims = TokenClaims(token: credentials.token)
    status.expiresAt = claims.expiresAt
    status.daysLeft = claims.daysLeft()
    let client = connection.adjusting { $0.retries = 0 }.client(for: credentials)
    do {
      let me = try await client.get(RecordKind.user.path, what: "the \(RecordKind.user.singular)")
      status.server = "accepted"
      if let user = (try? JSONValue(parsing: me.body))?["data"] {
        status.userName = [user["first_name"]?.stringValue, user["last_name"]?.stringValue].compactMap { $0 }
          .filter { !$0.isEmpty }.joined(separator: " ")
        status.userEmail = user["email"]?.stringValue ?? status.userEmail
      }
    } catch .notPermitted {
      status.server = "rejected"
    } catch {
      status.server = "unreachable"
      status.serverDetail = error.message
      status.serverFailure = error
    }
    return status
  }

  // MARK: logout, token, list

  /// Deletes a profile's credentials and everything cached for it; says what became of the
  /// default profile, so that the next command never reaches another instance unannounced.
  package func logout(profile explicit: String?) throws(MonicaError) -> String {
    let store = resolver.store
    guard let profile = try resolver.profileName(explicit) else {
      guard store.profiles().isEmpty else { throw resolver.noProfile() }
      throw .configuration("not logged in: there is no profile to log out of")
    }
    let instance = (try? store.instance(of: profile))?.instance
    guard let after = try store.delete(profile: profile) else {
      throw .configuration("unknown profile \(profile) (monica-auth list shows the profiles)")
    }
    let done =
      "logged out of profile \(profile)\(instance.map { " (\($0.escapingControlCharacters))" } ?? ""): "
      + "its credentials, key and cache are deleted"
    switch after {
    case .unchanged:
      return done
    case .chose(let next):
      return done + "; profile \(next), the only one left, is the default now"
    case .none:
      let left = store.profiles()
      guard !left.isEmpty else { return done + "; no profile is left" }
      return done + "; there is no default profile now: choose one with monica-auth switch PROFILE (profiles: "
        + left.joined(separator: ", ") + ")"
    }
  }

  /// Makes a saved profile the default, the one every tool uses without `--profile`.
  package func switchProfile(_ profile: String) throws(MonicaError) -> String {
    try CredentialStore.validate(profile: profile)
    let store = resolver.store
    let saved = store.profiles()
    guard saved.contains(profile), let instance = try store.instance(of: profile)?.instance else {
      let known = saved.isEmpty ? "none: run monica-auth login" : saved.joined(separator: ", ")
      throw .configuration("unknown profile \(profile) (profiles: \(known))")
    }
    try store.setDefault(profile)
    var done = "profile \(profile) (\(instance.escapingControlCharacters)) is the default now"
    if let override = environment["MONICA_PROFILE"], override != profile {
      done += "; MONICA_PROFILE=\(override) still overrides it where it is set"
    }
    if environment["MONICA_URL"] != nil { done += "; MONICA_URL still overrides every profile where it is set" }
    return done
  }

  /// Empties the cache of a profile, or of the environment's token when MONICA_URL is set, or
  /// every cache with `all`; says what was removed.
  package func clearCache(profile explicit: String?, all: Bool) throws(MonicaError) -> String {
    let store = resolver.store
    guard !all else {
      if explicit != nil { throw .usage("--all and --profile cannot be combined") }
      let everything = CacheDirectory(root: store.cacheDirectory)
      let before = everything.usage()
      // Each profile's under its lock, then what is left: the environment credentials' caches
      // and those of profiles no longer saved.
      for profile in store.profiles() { try CacheDirectory(profile: profile, store: store).clear() }
      try everything.clear()
      return Self.cleared("every cache", before, everything.path)
    }
    let directory: CacheDirectory
    let owner: String
    if resolver.usesEnvironment {
      directory = CacheDirectory(for: try resolver.resolve(profile: explicit), store: store)
      owner = "MONICA_URL and MONICA_TOKEN"
    } else {
      guard let profile = try resolver.profileName(explicit) else {
        guard store.profiles().isEmpty else { throw resolver.noProfile() }
        throw .configuration("not logged in: there is no profile whose cache to clear")
      }
      guard store.profiles().contains(profile) else {
        throw .configuration("unknown profile \(profile) (monica-auth list shows the profiles)")
      }
      directory = CacheDirectory(profile: profile, store: store)
      owner = "profile \(profile)"
    }
    let before = directory.usage()
    try directory.clear()
    return Self.cleared("the cache of \(owner)", before, directory.path)
  }

  /// What `cache clear` removed: how many entries and bytes, from where.
  static func cleared(_ what: String, _ before: CacheUsage, _ path: String) -> String {
    guard before.entries > 0 || before.bytes > 0 else { return "\(what) was already empty (\(path))" }
    return "removed \(what): \(before.description) (\(path))"
  }

  /// The token, for another program.
  package func token(profile explicit: String?) throws(MonicaError) -> String {
    try resolver.resolve(profile: explicit).token
  }

  /// One line per profile, the default marked with `*`; the JSON form with `json`.
  package func list(json: Bool) throws(MonicaError) -> [String] {
    let store = resolver.store
    let fallback = try store.defaultProfile()
    return try store.profiles().map { (name) throws(MonicaError) -> String in
      let info = try store.instance(of: name)
      let mode: String
      switch info?.mode {
      case .passphrase?: mode = "passphrase"
      default: mode = "key-file"
      }
      if json {
        return JSONWriter.plain.string(
          .object(
            JSONObject([
              "profile": .string(name), "instance": .string(info?.instance ?? ""), "default": .bool(name == fallback),
              "key": .string(mode),
            ])))
      }
      return "\(name == fallback ? "*" : " ") \(name)\t\(info?.instance ?? "")\t\(mode)"
    }
  }
}
