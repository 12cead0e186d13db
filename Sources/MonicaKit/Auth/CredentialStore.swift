import Crypto
import Foundation

/// The encrypted credential store: one file per profile under `$XDG_CONFIG_HOME/monica/`, keys
/// under `$XDG_DATA_HOME/monica/`, the default profile's name in `…/monica/default-profile`.
package struct CredentialStore: Sendable {
  /// `$XDG_CONFIG_HOME/monica`.
  package let configDirectory: String
  /// `$XDG_DATA_HOME/monica`, where key files live, apart from the credentials.
  package let dataDirectory: String
  /// `$XDG_CACHE_HOME/monica`, where tools may cache per profile.
  package let cacheDirectory: String

  package init(environment: ToolEnvironment) {
    configDirectory = environment.configHome + "/monica"
    dataDirectory = environment.dataHome + "/monica"
    cacheDirectory = environment.cacheHome + "/monica"
  }

  /// A profile's credential file.
  package func credentialPath(_ profile: String) -> String { "\(configDirectory)/\(profile).credentials" }
  /// A profile's key file (key-file mode).
  package func keyPath(_ profile: String) -> String { "\(dataDirectory)/\(profile).key" }
  /// A profile's cache directory.
  package func cachePath(_ profile: String) -> String { "\(cacheDirectory)/\(profile)" }
  private var defaultPath: String { configDirectory + "/default-profile" }

  /// Checks a profile name: letters, digits, `.`, `_`, `-`; it becomes a file name.
  package static func validate(profile: String) throws(MonicaError) {
    let allowed = profile.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "._-".unicodeScalars.contains($0)
    }
    guard allowed, !profile.isEmpty, profile.count <= 64, !profile.hasPrefix(".") else {
      throw .usage("\(profile): not a profile name (letters, digits, '.', '_' and '-', at most 64)")
    }
  }

  /// The profile names with a credential file, sorted.
  package func profiles() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: configDirectory)) ?? []
    return names.filter { $0.hasSuffix(".credentials") && !$0.hasPrefix(".") }
      .map { String($0.dropLast(".credentials".count)) }.sorted()
  }

  /// The default profile's name, if one was set.
  package func defaultProfile() throws(MonicaError) -> String? {
    guard let bytes = try SecureFiles.readPrivateFile(defaultPath) else { return nil }
    let name = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return name.isEmpty ? nil : name
  }

  /// Makes `profile` the default.
  package func setDefault(_ profile: String) throws(MonicaError) {
    try SecureFiles.makePrivateDirectory(configDirectory)
    try SecureFiles.writeAtomically(Array((profile + "\n").utf8), to: defaultPath)
  }

  /// The instance a profile points at, read without its key; `nil` for an unknown profile.
  package func instance(of profile: String) throws(MonicaError) -> (instance: String, mode: CredentialFile.KeyMode)? {
    guard let bytes = try SecureFiles.readPrivateFile(credentialPath(profile)) else { return nil }
    guard let file = CredentialFile(bytes: bytes) else { throw damaged(profile, bytes) }
    return (file.instance, file.mode)
  }

  /// Encrypts and saves a profile's credentials; the key file (key-file mode) is written first,
  /// so a crash never leaves a credential file without its key.
  package func save(
    _ payload: CredentialFile.Payload, profile: String, instance: InstanceURL, passphrase: String?
  ) throws(MonicaError) {
    try SecureFiles.makePrivateDirectory(configDirectory)
    let key: SymmetricKey
    let mode: CredentialFile.KeyMode
    if let passphrase {
      let parameters = CredentialFile.ScryptParameters.fresh()
      key = try parameters.deriveKey(passphrase)
      mode = .passphrase(parameters)
    } else {
      key = SymmetricKey(size: .bits256)
      mode = .keyFile
      try SecureFiles.makePrivateDirectory(dataDirectory)
      try SecureFiles.writeAtomically(key.withUnsafeBytes { Array($0) }, to: keyPath(profile))
    }
    let file = try CredentialFile.seal(payload, profile: profile, instance: instance.instance, mode: mode, key: key)
    try SecureFiles.writeAtomically(file.bytes, to: credentialPath(profile))
    // A passphrase profile has no key file: remove one left by an earlier key-file login.
    if passphrase != nil { try SecureFiles.remove(keyPath(profile)) }
  }

  /// Decrypts a profile; `passphrase` is asked for only when the profile needs one.
  package func load(
    profile: String, passphrase: () throws(MonicaError) -> String
  ) throws(MonicaError) -> (instance: InstanceURL, payload: CredentialFile.Payload) {
    guard let bytes = try SecureFiles.readPrivateFile(credentialPath(profile)) else {
      throw .configuration("unknown profile \(profile) (monica-auth list shows the profiles)")
    }
    guard let file = CredentialFile(bytes: bytes) else { throw damaged(profile, bytes) }
    let key: SymmetricKey
    switch file.mode {
    case .keyFile:
      guard let raw = try SecureFiles.readPrivateFile(keyPath(profile)) else {
        throw .notPermitted(
          "key file for profile \(profile) is missing (\(keyPath(profile))); run monica-auth login again")
      }
      guard raw.count == 32 else { throw .notPermitted("key file for profile \(profile) is damaged or was altered") }
      key = SymmetricKey(data: raw)
      guard file.matches(key) else {
        throw .notPermitted(
          "credential file for profile \(profile) is damaged or was altered (its key file does not match)")
      }
    case .passphrase(let parameters):
      key = try parameters.deriveKey(try passphrase())
      guard file.matches(key) else { throw .notPermitted("wrong passphrase for profile \(profile)") }
    }
    guard let payload = file.open(profile: profile, key: key) else {
      throw .notPermitted("credential file for profile \(profile) is damaged or was altered")
    }
    // The header is authenticated, so the instance is the one the user logged in to.
    return (try InstanceURL(file.instance, allowHTTP: true), payload)
  }

  /// Deletes a profile's credentials, key and cache; false when there was nothing to delete.
  package func delete(profile: String) throws(MonicaError) -> Bool {
    let existed = FileManager.default.fileExists(atPath: credentialPath(profile))
    try SecureFiles.remove(credentialPath(profile))
    try SecureFiles.remove(keyPath(profile))
    try? FileManager.default.removeItem(atPath: cachePath(profile))
    if (try? defaultProfile()) == profile {
      try SecureFiles.remove(defaultPath)
      if let next = profiles().first { try setDefault(next) }
    }
    return existed
  }

  private func damaged(_ profile: String, _ bytes: [UInt8]) -> MonicaError {
    if let version = CredentialFile.version(of: bytes), version != 1 {
      return .notPermitted(
        "credential file for profile \(profile) has format version \(version), which this toolset cannot read")
    }
    return .notPermitted("credential file for profile \(profile) is damaged or was altered")
  }
}
