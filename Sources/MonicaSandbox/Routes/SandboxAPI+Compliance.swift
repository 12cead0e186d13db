import Foundation
import MonicaKit

/// The user's policy routes, `/api/me/compliance` (routes/api.php:16-18, ApiUserController.php),
/// over an instance without terms, as the sandbox seeds none (Settings/ApiComplianceController
/// lists an empty page).
extension SandboxAPI {
  /// `GET /api/me/compliance/{id}`: `Term::findOrFail` (line 43) fails: 404, code 31.
  /// `GET /api/me/compliance`: the user signed nothing (lines 81-83): 404, code 31.
  /// `POST /api/me/compliance`: `ip_address` is required (lines 104-110: 422, code 32); with it,
  /// AcceptPolicy finds no latest term and throws (AcceptPolicy.php:47-49), Laravel's 500.
  func compliance(_ route: Route, _ request: APIRequest) -> APIResponse {
    guard case .signPolicy = route else { return .notFound }
    var input = JSONObject()
    if let value = try? JSONValue(parsing: request.body), let object = value.objectValue {
      input = object
    } else {
      // A form post (`$this->post()`): application/x-www-form-urlencoded.
      for (key, value) in APIRequest.parseQuery(String(decoding: request.body, as: UTF8.self)) {
        input[key] = .string(value)
      }
    }
    let messages = RecordKind.policyRules.problems(in: input).map { JSONValue.string($0.message) }
    if !messages.isEmpty { return .error(422, 32, .array(messages)) }
    return .message(500, "Server Error")
  }
}
