/// Where a tool talks to and with which token; how the token was found is the resolver's business.
package struct Credentials: Sendable {
  /// The instance.
  package let instance: InstanceURL
  /// The Bearer token. Never print it, log it or put it in an error message.
  package let token: String
  /// The profile it came from, or `nil` for MONICA_URL/MONICA_TOKEN.
  package let profile: String?

  package init(instance: InstanceURL, token: String, profile: String?) {
    self.instance = instance
    self.token = token
    self.profile = profile
  }
}
