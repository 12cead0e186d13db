import Crypto
import Foundation

/// The encrypted credential store: one file per profile under `$XDG_CONFIG_HOME/monica/`, keys
/// under `$XDG_DATA_HOME/monica/`, the default profile's name in `…/monica/default-profile`.
///
/// Two processes may write one profile at once (parallel logins), and a write may fail half-way
/// (a full disk, a crash). So every change holds the profile's lock, and a key-file profile is
/// replaced in an order that never pairs a credential file with a key file that does not open
/// it: the key file may hold two keys, and the credential file's key check picks its own.
/// 1. the key file becomes old key + new key; 2. the credential file is replaced;
/// 3. the key file becomes the new key alone. Stopped after any step, the profile still opens.
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
  /// A profile's cache directory: one subdirectory per kind of cache (`responses`...); its
  /// images are in `avatars/<profile>` beside it (`CacheDirectory`).
  package func cachePath(_ profile: String) -> String { "\(cacheDirectory)/\(profile)" }
  /// A profile's lock file, held while its files change (exclusive) or are read (shared).
  package func lockPath(_ profile: String) -> String { "\(configDirectory)/.\(profile).lock" }
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
    // `$XDG_CACHE_HOME/monica/avatars/` holds every profile's images: a profile of that name
    // would share its cache directory with them.
    guard !CacheDirectory.separateKinds.contains(profile) else {
      throw .usage("\(profile): a reserved name ($XDG_CACHE_HOME/monica/\(profile) holds every profile's images)")
    }
  }

  /// The profile names with a credential file, sorted.
  package func profiles() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: configDirectory)) ?? []
    return names.filter { $0.hasSuffix(".credentials") && !$0.hasPrefix(".") }
      .map { String($0.dropLast(".credentials".count)) }.sorted()
  }

  /// The default profile's name, if one was set; a name that is not a profile name (edited by
  /// hand, or planted) is refused before it becomes part of a path.
  package func defaultProfile() throws(MonicaError) -> String? {
    guard let bytes = try SecureFiles.readPrivateFile(defaultPath) else { return nil }
    let name = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { return nil }
    do { try Self.validate(profile: name) } catch {
      throw .configuration("\(defaultPath) names \"\(name)\", which is not a profile name; run monica-auth default")
    }
    return name
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

  /// Encrypts and saves a profile's credentials under the profile's lock, in the order the type's
  /// comment gives: a failure or a crash at any point leaves the old profile or the new one.
  package func save(
    _ payload: CredentialFile.Payload, profile: String, instance: InstanceURL, passphrase: String?
  ) throws(MonicaError) {
    try SecureFiles.makePrivateDirectory(configDirectory)
    let lock = try ProfileLock(lockPath(profile), exclusive: true)
    defer { lock.release() }
    let key: SymmetricKey
    let mode: CredentialFile.KeyMode
    var keys: [[UInt8]] = []
    if let passphrase {
      let parameters = CredentialFile.ScryptParameters.fresh()
      key = try parameters.deriveKey(passphrase)
      mode = .passphrase(parameters)
    } else {
      key = SymmetricKey(size: .bits256)
      mode = .keyFile
      keys = [key.withUnsafeBytes { Array($0) }]
      try SecureFiles.makePrivateDirectory(dataDirectory)
      // 1. The key that opens today's file stays beside the new one until the new file is in place.
      let current = try currentKey(profile).map { [$0] } ?? []
      try SecureFiles.writeAtomically(Array((current + keys).joined()), to: keyPath(profile))
    }
    let file = try CredentialFile.seal(payload, profile: profile, instance: instance.instance, mode: mode, key: key)
    // 2. The new credential file.
    try SecureFiles.writeAtomically(file.bytes, to: credentialPath(profile))
    // 3. The old key goes (a failure here leaves a spare key, which opens nothing that exists);
    // a passphrase profile has no key file at all.
    if passphrase == nil {
      try? SecureFiles.writeAtomically(Array(keys.joined()), to: keyPath(profile))
    } else {
      try SecureFiles.remove(keyPath(profile))
    }
    // What was cached belongs to the old key and token: no key opens it any more.
    try? CacheDirectory(profile: profile, store: self).removeAll()
  }

  /// The key of the profile's present credential file, when it is a key-file profile whose key
  /// file opens it.
  private func currentKey(_ profile: String) throws(MonicaError) -> [UInt8]? {
    guard let bytes = try? SecureFiles.readPrivateFile(credentialPath(profile)),
      let file = CredentialFile(bytes: bytes),
      file.mode == .keyFile, let raw = try? SecureFiles.readPrivateFile(keyPath(profile))
    else { return nil }
    return Self.keys(in: raw).first { file.matches(SymmetricKey(data: $0)) }
  }

  /// The 32-byte keys a key file holds: one, or two while a login replaces the profile.
  private static func keys(in raw: [UInt8]) -> [[UInt8]] {
    guard !raw.isEmpty, raw.count % 32 == 0, raw.count <= 64 else { return [] }
    return stride(from: 0, to: raw.count, by: 32).map { Array(raw[$0..<$0 + 32]) }
  }

  /// A profile as `load` found it.
  package struct LoadedProfile: Sendable {
    /// The instance the profile was saved for (authenticated with the file).
    package let instance: InstanceURL
    /// The token and user.
    package let payload: CredentialFile.Payload
    /// The key-file key that opened it; `nil` for a passphrase profile.
    package let keyFileKey: [UInt8]?
    /// The credential file that was read.
    package let file: FileIdentity?
  }

  /// Decrypts a profile under a shared lock (so a login in progress is never seen half-done);
  /// `passphrase` is asked for only when the profile needs one.
  package func load(
    profile: String, passphrase: () throws(MonicaError) -> String
  ) throws(MonicaError) -> LoadedProfile {
    let lock = ProfileLock(existing: lockPath(profile))
    defer { lock?.release() }
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
      let keys = Self.keys(in: raw)
      guard !keys.isEmpty else {
        throw .notPermitted("key file for profile \(profile) is damaged or was altered")
      }
      guard let match = keys.first(where: { file.matches(SymmetricKey(data: $0)) }) else {
        throw .notPermitted(
          "credential file for profile \(profile) is damaged or was altered (its key file does not match)")
      }
      key = SymmetricKey(data: match)
    case .passphrase(let parameters):
      key = try parameters.deriveKey(try passphrase())
      guard file.matches(key) else { throw .notPermitted("wrong passphrase for profile \(profile)") }
    }
    guard let payload = file.open(profile: profile, key: key) else {
      throw .notPermitted("credential file for profile \(profile) is damaged or was altered")
    }
    // The header is authenticated, so the instance is the one the user logged in to. The lock
    // keeps the file that was read in place while its identity is taken.
    return LoadedProfile(
      instance: try InstanceURL(file.instance, allowHTTP: true), payload: payload,
      keyFileKey: file.mode == .keyFile ? key.withUnsafeBytes { Array($0) } : nil,
      file: FileIdentity.of(credentialPath(profile)))
  }

  /// What `delete` did to the default profile.
  package enum DefaultAfterDelete: Sendable, Equatable {
    /// The deleted profile was not the default; the default is unchanged.
    case unchanged
    /// The one profile left is the default now: the deleted one was the default, or there was
    /// none.
    case chose(String)
    /// The deleted profile was the default; several (or no) profiles are left, and none is the
    /// default, so that no command reaches another instance without being told which.
    case none
  }

  /// Deletes a profile's credentials, key and cache; `nil` when there was nothing to delete,
  /// else what became of the default profile.
  package func delete(profile: String) throws(MonicaError) -> DefaultAfterDelete? {
    let lock = ProfileLock(existing: lockPath(profile), exclusive: true)
    defer { lock?.release() }
    let existed = FileManager.default.fileExists(atPath: credentialPath(profile))
    try SecureFiles.remove(credentialPath(profile))
    try SecureFiles.remove(keyPath(profile))
    // Its own directory and its `avatars/<profile>/`: the lock is held already.
    try? CacheDirectory(profile: profile, store: self).removeAll()
    let current = try? defaultProfile()
    if current == profile { try SecureFiles.remove(defaultPath) }
    guard existed else { return nil }
    let left = profiles()
    // Only an unambiguous successor is chosen, and the caller says so: when the default goes
    // and one profile is left, and when one is left of several that had no default (an earlier
    // logout of the default left none), since that one is the only instance a tool can mean.
    // No default, the one deleted, or one that is not left: the profile left is the one meant.
    if left.count == 1, current.map(left.contains) != true {
      try setDefault(left[0])
      return .chose(left[0])
    }
    return current == profile ? DefaultAfterDelete.none : .unchanged
  }

  private func damaged(_ profile: String, _ bytes: [UInt8]) -> MonicaError {
    if let version = CredentialFile.version(of: bytes), version != 1 {
      return .notPermitted(
        "credential file for profile \(profile) has format version \(version), which this toolset cannot read")
    }
    return .notPermitted("credential file for profile \(profile) is damaged or was altered")
  }
}
