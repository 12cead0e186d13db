import Foundation
import MonicaKit

extension MonicaClient {
  /// Why a 401 is likely: the token's own `exp`, when it is past, names the day it expired (a
  /// Passport token carries it, readable without the server); else the server's plain refusal.
  static func refusal(of token: String, now: Date = Date()) -> String {
    guard let expiry = TokenClaims(token: token).expiresAt, expiry < now else {
      return "the token was rejected or has expired"
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return "the token expired on \(formatter.string(from: expiry))"
  }
}
