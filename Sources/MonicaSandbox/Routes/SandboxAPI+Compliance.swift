import Foundation
import MonicaKit

/// The compliance terms: `/api/compliance` (routes/api.php:7, outside the token's group) and the
/// user's policy routes, `/api/me/compliance` (routes/api.php:16-18, ApiUserController.php:43-145).
/// The sandbox holds the term Monica's migration inserts (ComplianceResource.migrationTerm); its
/// user, as Monica's factories make one, has signed none until `POST /api/me/compliance`.
extension SandboxAPI {
  /// `GET /api/me/compliance/{id}` (lines 43-70): the term (`findOrFail`, 404) and the user's
  /// signature of it (404 without one). `GET /api/me/compliance` (lines 72-98): every signature
  /// (404 when none). `POST /api/me/compliance` (lines 107-145): `ip_address` is required
  /// (`RecordKind.policyRules`), then AcceptPolicy signs the latest term (AcceptPolicy.php:40-60).
  func compliance(_ route: Route, _ request: APIRequest) -> APIResponse {
    store.withState { state in
      switch route {
      case .signedTerm(let id):
        guard let term = state.contents.term(id), let termID = term["id"]?.intValue,
          let signature = state.contents.signatures[termID]
        else { return .notFound }
        return .json(200, .object(JSONObject(["data": .object(signed(term, signature, state.contents))])))
      case .signedPolicies:
        let rows = state.contents.terms.compactMap { term in
          term["id"]?.intValue.flatMap { state.contents.signatures[$0] }.map { signed(term, $0, state.contents) }
        }
        if rows.isEmpty { return .notFound }
        return .json(200, .object(JSONObject(["data": .array(rows.map(JSONValue.object))])))
      default:
        let input = Self.formOrJSON(request.body)
        let messages = RecordKind.policyRules.problems(in: input).map { JSONValue.string($0.message) }
        if !messages.isEmpty { return .error(422, 32, .array(messages)) }
        guard let latest = state.contents.latestTerm, let termID = latest["id"]?.intValue else {
          return .message(500, "Server Error")  // AcceptPolicy.php:47-49
        }
        let ip = MonicaInput.cleaned(input)["ip_address"]?.stringValue
        let at = state.contents.signatures[termID]?.at ?? clock.now()
        state.contents.signatures[termID] = StoreContents.Signature(ipAddress: ip, at: at)
        state.invalidate()
        if let statePath { try? StoreFile.save(state.contents, baseURL: baseURL, to: statePath) }
        return .json(
          200,
          .object(
            JSONObject([
              "data": .object(signed(latest, state.contents.signatures[termID] ?? .init(at: at), state.contents))
            ])
          ))
      }
    }
  }

  /// What the policy routes answer of a signed term: `signed`, `signed_date`, `ip_address`,
  /// `user`, `term`.
  private func signed(_ term: JSONObject, _ signature: StoreContents.Signature, _ contents: StoreContents)
    -> JSONObject
  {
    JSONObject([
      "signed": .bool(true), "signed_date": .string(UTCTime.timestamp(signature.at)),
      "ip_address": .string(signature.ipAddress), "user": .object(contents.userRecord), "term": .object(term),
    ])
  }

  /// `GET /api/compliance` (Settings/ApiComplianceController.php:21-24): every term, highest
  /// `term_version` first, paginated; `GET /api/compliance/{id}` (lines 33-43): one, or 404.
  func terms(_ segments: [String], query: [String: String]) -> APIResponse {
    store.withState { state in
      if segments.count == 2 {
        guard let term = state.contents.term(segments[1]) else { return .notFound }
        return .json(200, .object(JSONObject(["data": .object(term)])))
      }
      let terms = state.contents.terms.sorted {
        ($0["term_version"]?.stringValue ?? "") > ($1["term_version"]?.stringValue ?? "")
      }
      let limit = query["limit"].flatMap(Int.init).map { $0 > 0 ? $0 : 15 } ?? 15
      let pagination = Pagination(page: Pagination.page(from: query["page"]), perPage: limit, total: terms.count)
      let items = terms[pagination.range].map { JSONWriter.monica.bytes(.object($0)) }
      return APIResponse(status: 200, body: pagination.body(path: baseURL + "/api/compliance", items: items))
    }
  }

  /// A request's input: its JSON object, or a form post's fields (`$this->post()` sends
  /// application/x-www-form-urlencoded).
  static func formOrJSON(_ body: [UInt8]) -> JSONObject {
    if let value = try? JSONValue(parsing: body), let object = value.objectValue { return object }
    var input = JSONObject()
    for (key, value) in APIRequest.parseQuery(String(decoding: body, as: UTF8.self)) { input[key] = .string(value) }
    return input
  }
}

extension StoreContents {
  /// The term of a route's id (`Term::findOrFail`), or `nil`.
  func term(_ id: String) -> JSONObject? { terms.first { $0["id"]?.intValue == Int(id) && Int(id) != nil } }

  /// `Term::latest()->first()`: the term created last (the highest id among equals).
  var latestTerm: JSONObject? {
    terms.max {
      ($0["created_at"]?.stringValue ?? "", $0["id"]?.intValue ?? 0) < (
        $1["created_at"]?.stringValue ?? "", $1["id"]?.intValue ?? 0
      )
    }
  }

  /// The user as `/api/me` renders it: `is_policy_compliant` says whether the latest term is
  /// signed (User.php:227-230, ComplianceHelper::isCompliantWithCurrentTerm).
  package var userRecord: JSONObject {
    guard !user.members.isEmpty else { return user }
    var record = user
    let latest = latestTerm?["id"]?.intValue
    record["is_policy_compliant"] = .bool(latest.map { signatures[$0] != nil } ?? false)
    return record
  }
}
