import Foundation
import Testing

@testable import MonicaKit

@Suite struct TokenClaimsTests {
  func jwt(_ payload: String) -> String {
    let encoded = Data(payload.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    return "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.\(encoded).c2ln"
  }

  @Test("exp is read from the JWT payload")
  func readsExpiry() {
    let claims = TokenClaims(token: jwt(#"{"aud":"1","exp":1893456000}"#))
    #expect(claims.expiresAt == Date(timeIntervalSince1970: 1_893_456_000))
    #expect(claims.daysLeft(now: Date(timeIntervalSince1970: 1_893_456_000 - 86_400 * 10 - 5)) == 10)
    #expect(claims.daysLeft(now: Date(timeIntervalSince1970: 1_893_456_000 + 60)) == -1)
  }

  @Test("a token that is not a JWT has no expiry", arguments: ["abc", "a.b", "a.!!!.c", ""])
  func notJWT(token: String) {
    #expect(TokenClaims(token: token).expiresAt == nil)
  }
}
