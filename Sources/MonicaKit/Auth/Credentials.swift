/// Where a tool talks to and with which token; how the token was found is the resolver's business.
package struct Credentials: Sendable {
  /// The instance.
  package let instance: InstanceURL
  /// The Bearer token. Never print it, log it or put it in an error message.
  package let token: String
  /// The profile it came from, or `nil` for MONICA_URL/MONICA_TOKEN.
  package let profile: String?
  /// The key-file key that opened the profile (the cache's keys derive from it); `nil` for a
  /// passphrase profile and for the environment's credentials.
  package let keyFileKey: [UInt8]?
  /// The credential file the profile was read from, so that what belongs to it (its cache) is
  /// written only while it is still the profile's file.
  package let savedFile: FileIdentity?

  package init(
    instance: InstanceURL, token: String, profile: String?, keyFileKey: [UInt8]? = nil,
    savedFile: FileIdentity? = nil
  ) {
    self.instance = instance
    self.token = token
    self.profile = profile
    self.keyFileKey = keyFileKey
    self.savedFile = savedFile
  }
}
