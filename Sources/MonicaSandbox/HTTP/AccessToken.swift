import Foundation
import MonicaKit

/// The sandbox's one API token, shaped like a Passport personal access token.
package struct AccessToken: Sendable, Equatable {
  /// The bearer token text.
  package let text: String
  /// The `exp` claim, when the token is a JWT that has one.
  package let expiresAt: Int?

  /// A token read from a file or given by a caller; a JWT's `exp` is honoured.
  package init(text: String) {
    self.text = text
    expiresAt = Self.expiry(ofJWT: text)
  }

  /// A fresh random JWT that expires `days` after `now` (negative for an already expired one).
  package static func generate(expiresInDays days: Int, now: Int) -> AccessToken {
    var random = SystemRandomNumberGenerator()
    let header = #"{"typ":"JWT","alg":"RS256"}"#
    let jti = (0..<40).map { _ in String(format: "%02x", random.next() as UInt8) }.joined()
    let exp = now + days * 86_400
    let payload =
      #"{"aud":"1","jti":"\#(jti)","iat":\#(now),"nbf":\#(now),"exp":\#(exp),"sub":"1","scopes":[]}"#
    let signature = (0..<256).map { _ in random.next() as UInt8 }
    let text = [base64URL(Array(header.utf8)), base64URL(Array(payload.utf8)), base64URL(signature)]
      .joined(separator: ".")
    return AccessToken(text: text)
  }

  /// True when the token's `exp` has passed, as Passport rejects it.
  package func isExpired(now: Int) -> Bool { expiresAt.map { $0 <= now } ?? false }

  /// base64url without padding, as JWTs use.
  package static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  private static func expiry(ofJWT text: String) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while payload.count % 4 != 0 { payload += "=" }
    guard let data = Data(base64Encoded: payload),
      let claims = try? JSONValue(parsing: Array(data)),
      let exp = claims["exp"]?.doubleValue
    else { return nil }
    return Int(exp)
  }
}
