import Foundation

/// What a Passport token (a JWT) says about itself, read without verifying its signature: the
/// server is the judge of validity, this only tells the user when it will expire.
package struct TokenClaims: Sendable, Equatable {
  /// The `exp` claim.
  package let expiresAt: Date?

  /// The claims of `token`; empty when it is not a JWT.
  package init(token: String) {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let payload = Self.base64URLDecode(String(parts[1])),
      let json = try? JSONValue(parsing: payload), let exp = json["exp"]?.doubleValue
    else {
      expiresAt = nil
      return
    }
    expiresAt = Date(timeIntervalSince1970: exp)
  }

  /// Whole days from `now` until expiry (negative once past).
  package func daysLeft(now: Date = Date()) -> Int? {
    expiresAt.map { Int(($0.timeIntervalSince(now) / 86_400).rounded(.down)) }
  }

  static func base64URLDecode(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }
}
