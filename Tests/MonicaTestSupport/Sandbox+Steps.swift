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

  /// Waits until the request log satisfies `condition` (polled every 20 ms, at most `timeout`
  /// seconds), instead of a fixed wait for a request to arrive; returns whether it did.
  @discardableResult
  package func waitForRequests(timeout: TimeInterval = 60, until condition: ([JSONValue]) -> Bool) -> Bool {
    waitUntil(timeout: timeout) { condition(requests()) }
  }
}

/// Logs in to `sandbox` with the token on stdin; extra arguments go to `login`.
package func login(_ sandbox: Sandbox, _ arguments: String = "", env: [String: String]? = nil) throws -> ShellRun {
  try sh(
    "printf '%s\\n' \"$SANDBOX_TOKEN\" | monica-auth login --url \"$SANDBOX_URL\" --token-stdin \(arguments)",
    env: env ?? sandbox.env)
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds have passed: the way tests
/// wait for a file, a log line or a process, never a fixed sleep. Returns whether it held.
@discardableResult
package func waitUntil(timeout: TimeInterval = 60, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    if try condition() { return true }
    guard Date() < deadline else { return false }
    usleep(20_000)
  }
}

/// The typing half of `typing(...) | script -qfec 'CMD' LOG`: each text (a shell word, such as
/// `"$SANDBOX_TOKEN"`) is typed once `log` shows its prompt, polled every 20 ms for at most 30 s,
/// never after a fixed wait; `script` then sends the end of input and waits for CMD to finish.
/// `log` must be a new file for each run.
package func typing(_ steps: [(prompt: String, text: String)], log: String) -> String {
  var lines = [
    "w() { for _ in $(seq 1500); do grep -qF -- \"$1\" \(log) 2>/dev/null && return; sleep 0.02; done; }"
  ]
  for step in steps { lines.append("w '\(step.prompt)'; printf '%s\\r' \(step.text)") }
  return "{ " + lines.joined(separator: "; ") + "; }"
}
