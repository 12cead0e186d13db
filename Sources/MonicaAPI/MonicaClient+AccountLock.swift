import MonicaKit

extension MonicaClient {
  /// Takes the account lock (`AccountLock`) of the account this client's token writes to: one
  /// `GET /api/me` for its `account.id` (User.php:36-37), then the lock, waited for when another
  /// run holds it (`waiting` hears it once). Held until released or the process ends.
  package func lockAccount(environment: ToolEnvironment, waiting: (String) -> Void) async throws(MonicaError)
    -> AccountLock
  {
    let path = RecordKind.user.path
    let response = try await get(path, what: "the signed-in user")
    guard let account = (try? JSONValue(parsing: response.body))?["data"]?["account"]?["id"]?.intValue else {
      throw .protocolViolation(request: "GET /api\(path)", detail: "the answer names no account.id")
    }
    return try AccountLock(instance: credentials.instance, account: account, environment: environment, waiting: waiting)
  }
}
