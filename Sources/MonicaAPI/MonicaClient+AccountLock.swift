import MonicaKit

extension MonicaClient {
  /// Takes the account lock (`AccountLock`) of the account this client's token writes to: one
  /// `GET /api/me` for its `account.id` (User.php:36-37), then the lock, waited for when another
  /// run holds it (`waiting` hears it once). Held until released or the process ends.
  package func lockAccount(environment: ToolEnvironment, waiting: (String) -> Void) async throws(MonicaError)
    -> AccountLock
  {
    try await lockAccount(try await accountID(), environment: environment, waiting: waiting)
  }

  /// The id of the account this client's token writes to: one `GET /api/me` (`account.id`,
  /// app/Http/Resources/Account/User/User.php:36-37). A caller that writes many times (the MCP
  /// server) asks once and keeps it.
  package func accountID() async throws(MonicaError) -> Int {
    let path = RecordKind.user.path
    let response = try await get(path, what: "the signed-in user")
    guard let account = (try? JSONValue(parsing: response.body))?["data"]?["account"]?["id"]?.intValue else {
      throw .protocolViolation(request: "GET /api\(path)", detail: "the answer names no account.id")
    }
    return account
  }

  /// Takes the account lock of `account` (this client's, from `accountID()`), waited for when
  /// another run holds it (`waiting` hears it once); no request.
  package func lockAccount(_ account: Int, environment: ToolEnvironment, waiting: (String) -> Void)
    async throws(MonicaError) -> AccountLock
  {
    let lockPath = try AccountLock.path(instance: credentials.instance, account: account, environment: environment)
    var told = false
    while true {
      if let lock = try AccountLock(trying: lockPath) { return lock }
      if !told {
        waiting("another run is writing to \(credentials.instance) (account \(account)); waiting for it to finish")
        told = true
      }
      // Waited for between tries, not in flock(2): a blocked pool thread would stop the other
      // in-process run, the one holding the lock (two runs of one process: tests, the MCP server).
      do {
        try await Task.sleep(for: .milliseconds(50))
      } catch {
        throw .temporary(
          request: "the account's lock", reason: "cancelled while another run was writing to the account")
      }
    }
  }
}
