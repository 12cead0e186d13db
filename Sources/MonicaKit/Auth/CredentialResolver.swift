import Foundation

/// The one path by which every tool learns its instance and token: MONICA_URL with MONICA_TOKEN
/// or MONICA_TOKEN_FILE first (CI, containers: no store needed), else a profile of the store
/// (`--profile`, MONICA_PROFILE, or the default one).
package struct CredentialResolver: Sendable {
  /// The environment the tool runs in.
  package let environment: ToolEnvironment
  /// A descriptor to read a passphrase from (`--passphrase-fd`), if given.
  package var passphraseDescriptor: Int32?

  package init(environment: ToolEnvironment, passphraseDescriptor: Int32? = nil) {
    self.environment = environment
    self.passphraseDescriptor = passphraseDescriptor
  }

  /// The store in this environment.
  package var store: CredentialStore { CredentialStore(environment: environment) }

  /// True when MONICA_URL overrides the store.
  package var usesEnvironment: Bool { environment["MONICA_URL"] != nil }

  /// The profile a tool should use: the explicit one, MONICA_PROFILE, or the store's default.
  package func profileName(_ explicit: String?) throws(MonicaError) -> String? {
    if let name = explicit ?? environment["MONICA_PROFILE"] {
      try CredentialStore.validate(profile: name)
      return name
    }
    return try store.defaultProfile()
  }

  /// The credentials for `profile` (or the environment's).
  package func resolve(profile explicit: String? = nil) throws(MonicaError) -> Credentials {
    if let url = environment["MONICA_URL"] {
      // The rule monica-auth login applies: plain http only to this machine, unless asked for.
      let allowHTTP = environment["MONICA_ALLOW_HTTP"] == "1"
      let instance: InstanceURL
      do { instance = try InstanceURL(url, allowHTTP: allowHTTP) } catch {
        guard url.lowercased().hasPrefix("http:") else { throw error }
        throw .usage(
          "MONICA_URL \(url): plain http would send the token unencrypted; use https "
            + "(or set MONICA_ALLOW_HTTP=1 if you must)")
      }
      return Credentials(instance: instance, token: try environmentToken(), profile: nil)
    }
    guard let profile = try profileName(explicit) else { throw noProfile() }
    let loaded = try store.load(profile: profile) { () throws(MonicaError) in try passphrase(for: profile) }
    return Credentials(
      instance: loaded.instance, token: loaded.payload.token, profile: profile, keyFileKey: loaded.keyFileKey,
      savedFile: loaded.file)
  }

  /// The error when no profile is named and none is the default: not logged in at all, or
  /// logged in to several with none chosen (after a logout of the default), naming them.
  package func noProfile() -> MonicaError {
    let saved = store.profiles()
    guard !saved.isEmpty else {
      return .configuration("not logged in: run monica-auth login (or set MONICA_URL and MONICA_TOKEN)")
    }
    return .configuration(
      "no default profile: choose one with --profile or monica-auth switch PROFILE (profiles: "
        + saved.joined(separator: ", ") + ")")
  }

  /// The saved user of a profile (for `status` when the server cannot be asked).
  package func load(profile: String) throws(MonicaError) -> CredentialStore.LoadedProfile {
    try store.load(profile: profile) { () throws(MonicaError) in try passphrase(for: profile) }
  }

  /// The token from MONICA_TOKEN or the file MONICA_TOKEN_FILE names.
  private func environmentToken() throws(MonicaError) -> String {
    if let token = environment["MONICA_TOKEN"] {
      return token.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    if let path = environment["MONICA_TOKEN_FILE"] {
      // A token file that is not there is a missing input file (66), as everywhere.
      guard let data = FileManager.default.contents(atPath: path) else {
        let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : systemErrorText(ENOENT)
        throw .notFound("MONICA_TOKEN_FILE \(path): \(reason)")
      }
      let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      guard !token.isEmpty else { throw .configuration("MONICA_TOKEN_FILE \(path): the file is empty") }
      return token
    }
    throw .configuration("MONICA_URL is set but neither MONICA_TOKEN nor MONICA_TOKEN_FILE is")
  }

  /// The passphrase of a protected profile: MONICA_PASSPHRASE, `--passphrase-fd`, or the terminal.
  package func passphrase(for profile: String, confirm: Bool = false) throws(MonicaError) -> String {
    if let passphrase = environment.variables["MONICA_PASSPHRASE"] { return passphrase }
    if let descriptor = passphraseDescriptor {
      guard let line = SecretReader.readLine(descriptor) else {
        throw .usage("--passphrase-fd \(descriptor): nothing to read")
      }
      return line
    }
    guard environment.stdinIsTerminal, let first = SecretReader.askOnTerminal("Passphrase for profile \(profile): ")
    else {
      throw .notPermitted(
        "profile \(profile) is protected by a passphrase: set MONICA_PASSPHRASE or use a terminal")
    }
    if confirm {
      guard SecretReader.askOnTerminal("Passphrase again: ") == first else {
        throw .usage("the passphrases do not match")
      }
    }
    return first
  }
}
