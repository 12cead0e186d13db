import HTTPTypes
import Hummingbird
import MonicaKit
import NIOCore

/// The bodies the faults answer with (`--fault`, Faults/FaultInjector.swift), as the web server,
/// Laravel or Passport in front of Monica would send them.
extension SandboxHandler {
  /// The answer of a status fault (`500@1`, `429@*3`...), as Monica or the server in front of it
  /// sends it.
  static func faultResponse(_ status: Int) -> APIResponse {
    switch status {
    case 429: return .error(429, 34)
    case 502:
      return APIResponse(
        status: 502,
        body: Array(
          "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
            .utf8),
        contentType: "text/html")
    case 503: return .message(503, "Service Unavailable")
    // Monica's own 404 (ApiController::respondNotFound, code 31).
    case 404: return .notFound
    // Monica's refusal of a write whose rule only the server can check: `exists:contacts,id` of
    // a contact deleted since the client read it (CreateAddress.php:23 and others), answered by
    // respondValidatorFailed: 422, error 32, the messages as a list (JsonRespondController.php:99-104).
    case 422: return .error(422, 32, .array([.string("The selected contact id is invalid.")]))
    // Passport's answer to a revoked, expired or unknown token.
    case 401: return .message(401, "Unauthenticated.")
    // What Laravel answers when a policy refuses (a revoked scope, a shared account's limits).
    case 403: return .message(403, "This action is unauthorized.")
    default: return .message(status, "Server Error")
    }
  }

  /// Apache's 301 of `RewriteRule ^ %1 [L,R=301]` (public/.htaccess:25-29).
  static func movedPermanently(_ target: String) -> Answer {
    let page = """
      <!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">
      <html><head>
      <title>301 Moved Permanently</title>
      </head><body>
      <h1>Moved Permanently</h1>
      <p>The document has moved <a href="\(target)">here</a>.</p>
      </body></html>

      """
    return Answer(
      response: APIResponse(status: 301, body: Array(page.utf8), contentType: "text/html; charset=iso-8859-1"),
      headers: [("Location", target)])
  }

  /// What a web route behind the session login answers a request without a session: a 302 to
  /// the login page.
  func redirectToLogin(_ base: String) -> Answer {
    let target = base + "/login"
    let page = """
      <!DOCTYPE html>
      <html>
          <head>
              <meta charset="UTF-8" />
              <meta http-equiv="refresh" content="0;url='\(target)'" />

              <title>Redirecting to \(target)</title>
          </head>
          <body>
              Redirecting to <a href="\(target)">\(target)</a>.
          </body>
      </html>
      """
    return Answer(
      response: APIResponse(status: 302, body: Array(page.utf8), contentType: "text/html; charset=UTF-8"),
      headers: [("Location", target)])
  }

  /// A login page: the `html` fault's 200, and what the gravatar origin serves where an image is
  /// expected (its `html-` and `fakepng-` names).
  static let loginPage = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>Login | Monica</title></head>
    <body><form method="POST" action="/login"><input name="email"><input name="password" type="password">
    <button>Login</button></form></body></html>

    """

  /// `{"data":[` and then 1 MiB chunks of records without end, until the client hangs up.
  static let endlessBody = ResponseBody { writer in
    try await writer.write(ByteBuffer(string: #"{"data":["#))
    let record = #"{"id":1,"object":"contact","first_name":"Endless"},"#
    let chunk = ByteBuffer(string: String(repeating: record, count: (1 << 20) / record.utf8.count))
    for _ in 0..<1_000_000 { try await writer.write(chunk) }
    try await writer.finish(nil)
  }
}
