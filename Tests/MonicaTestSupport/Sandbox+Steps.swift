import Foundation
import MonicaKit

extension Sandbox {
  /// `METHOD path` of every request the sandbox logged that was not a GET.
  package func writes() -> [String] {
    requests().compactMap { request in
      guard let method = request["method"]?.stringValue, method != "GET" else { return nil }
      return "\(method) \(request["path"]?.stringValue ?? "")"
    }
  }
}

/// Logs in to `sandbox` with the token on stdin; extra arguments go to `login`.
package func login(_ sandbox: Sandbox, _ arguments: String = "", env: [String: String]? = nil) throws -> ShellRun {
  try sh(
    "printf '%s\\n' \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin \(arguments)",
    env: env ?? sandbox.env)
}
