import Foundation
import MonicaKit

/// One `/api` request, reduced to what the routes need.
package struct APIRequest: Sendable {
  /// The HTTP method, upper-case.
  package var method: String
  /// The path segments after `/api`.
  package var segments: [String]
  /// Query parameters, decoded as PHP does (`+` is a space, the last repeat wins).
  package var query: [String: String]
  /// The request body.
  package var body: [UInt8] = []
  /// The Content-Type header.
  package var contentType: String = ""

  package init(
    method: String, segments: [String], query: [String: String], body: [UInt8] = [], contentType: String = ""
  ) {
    self.method = method
    self.segments = segments
    self.query = query
    self.body = body
    self.contentType = contentType
  }

  /// Parses a raw query string the way PHP fills `$_GET`.
  package static func parseQuery(_ raw: String) -> [String: String] {
    var result: [String: String] = [:]
    for pair in raw.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = decode(parts[0])
      guard !key.isEmpty else { continue }
      result[key] = parts.count > 1 ? decode(parts[1]) : ""
    }
    return result
  }

  /// Percent-decoding with `+` as a space (`urldecode`).
  package static func decode(_ text: Substring) -> String {
    rawDecode(text.replacingOccurrences(of: "+", with: " ")[...])
  }

  /// Percent-decoding only (`rawurldecode`).
  package static func rawDecode(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      if byte == UInt8(ascii: "%"), iterator.count >= 2,
        let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        iterator = iterator.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// What a route answers.
package struct APIResponse: Sendable {
  /// The HTTP status.
  package var status: Int
  /// The body bytes.
  package var body: [UInt8]
  /// The Content-Type.
  package var contentType = "application/json"

  package init(status: Int, body: [UInt8], contentType: String = "application/json") {
    self.status = status
    self.body = body
    self.contentType = contentType
  }

  /// A JSON answer in Monica's wire form.
  package static func json(_ status: Int, _ value: JSONValue) -> APIResponse {
    APIResponse(status: status, body: JSONWriter.monica.bytes(value))
  }

  /// Monica's own error shape: `{"error":{"message":...,"error_code":N}}`.
  package static func error(_ status: Int, _ code: Int, _ message: JSONValue? = nil) -> APIResponse {
    let text = message ?? .string(Self.messages[code] ?? "Error")
    return json(
      status, .object(JSONObject(["error": .object(JSONObject(["message": text, "error_code": .int(code)]))])))
  }

  /// Laravel's own shape: `{"message":"..."}`.
  package static func message(_ status: Int, _ text: String) -> APIResponse {
    json(status, .object(JSONObject(["message": .string(text)])))
  }

  /// Monica's `api.error_codes`.
  package static let messages: [Int: String] = [
    30: "The limit parameter is too big", 31: "The resource has not been found",
    32: "Error while trying to save the data", 33: "Too many parameters",
    34: "Too many attempts, please slow down the request", 37: "Problems parsing JSON",
    39: "The sorting criteria is invalid", 40: "Invalid query", 41: "Invalid parameters.", 42: "Not authorized",
  ]

  /// 404 code 31.
  package static let notFound = error(404, 31)
}

/// A matched route.
package enum Route: Sendable, Equatable {
  case root, me
  case list(RecordKind), show(RecordKind, String), create(RecordKind), update(RecordKind, String)
  case delete(RecordKind, String)
  case nested(contact: String, RecordKind)
  case tagContacts(String), upcoming(String)
  case setTags(String), unsetTag(String), unsetTags(String)
  /// `POST /api/conversations/{id}/messages` (routes/api.php:84).
  case addMessage(String)
  /// `PUT /api/contacts/{id}/work|food|introduction|avatar` (routes/api.php:27-29,141).
  case contactPart(String, RecordKind.ContactPart)
  /// `PUT /api/gifts/{gift}/photo/{photo}` (routes/api.php:105).
  case giftPhoto(gift: String, photo: String)
  /// `POST` and `DELETE /api/me/contact` (routes/api.php:23-24).
  case setMe, unsetMe
  /// `PUT` and `DELETE /api/conversations/{conversation}/messages/{message}` (routes/api.php:84).
  case updateMessage(String, String), deleteMessage(String, String)
  /// `GET`, `POST /api/me/compliance` and `GET /api/me/compliance/{id}` (routes/api.php:16-18).
  case signedPolicies, signPolicy, signedTerm(String)
}

/// The result of matching a method and path.
package enum RouteMatch: Sendable, Equatable {
  case found(Route)
  case notFound
  case methodNotAllowed(used: String, allowed: [String])
}

/// The Monica API over a record store: routing, the API controller's checks, and the routes.
package final class SandboxAPI: Sendable {
  /// The records.
  package let store: RecordStore
  /// The instance URL, `http://127.0.0.1:PORT`.
  package let baseURL: String
  /// The largest `limit` accepted.
  package let maxPageSize: Int
  /// Where to persist after each write, if anywhere.
  package let statePath: String?
  /// Whether documents' links are public `/storage/` URLs rather than `/store/` ones.
  package let publicStorage: Bool
  /// The now of what is written and computed (frozen by the fixture route `POST /sandbox/clock`).
  package let clock = SandboxClock()
  /// Monica's configuration the fixture route `POST /sandbox/config` changes.
  package let settings = SandboxSettings()

  package init(
    store: RecordStore, baseURL: String, maxPageSize: Int = 100, statePath: String? = nil, publicStorage: Bool = false
  ) {
    self.publicStorage = publicStorage
    self.store = store
    self.baseURL = baseURL
    self.maxPageSize = maxPageSize
    self.statePath = statePath
  }

  /// Matches a path to a route the way Laravel's router does: unknown paths 404, known paths with
  /// another verb 405.
  package static func match(method: String, segments: [String]) -> RouteMatch {
    var methods: [String: Route] = [:]
    let s = segments
    switch s.count {
    case 0: methods = ["GET": .root]
    case 1:
      if s[0] == "me" {
        methods = ["GET": .me]
      } else if let kind = served(s[0]) {
        if kind.routes.contains(.list) { methods["GET"] = .list(kind) }
        if kind.routes.contains(.create) { methods["POST"] = .create(kind) }
      }
    case 2 where s == ["me", "contact"]:
      methods = ["POST": .setMe, "DELETE": .unsetMe]
    case 2 where s == ["me", "compliance"]:
      methods = ["GET": .signedPolicies, "POST": .signPolicy]
    case 3 where s[0] == "me" && s[1] == "compliance":
      methods = ["GET": .signedTerm(s[2])]
    case 4 where s[0] == "gifts" && s[2] == "photo":
      methods = ["PUT": .giftPhoto(gift: s[1], photo: s[3])]
    case 2:
      if let kind = served(s[0]) {
        if kind.routes.contains(.show) { methods["GET"] = .show(kind, s[1]) }
        if kind.routes.contains(.delete) { methods["DELETE"] = .delete(kind, s[1]) }
        if kind.routes.contains(.update) { methods["PUT"] = .update(kind, s[1]) }
      }
    case 3:
      if s[0] == "contacts" {
        switch s[2] {
        case "setTags": methods = ["POST": .setTags(s[1])]
        case "unsetTag": methods = ["POST": .unsetTag(s[1])]
        case "unsetTags": methods = ["POST": .unsetTags(s[1])]
        default:
          if let part = RecordKind.ContactPart(rawValue: s[2]) {
            methods = ["PUT": .contactPart(s[1], part)]
          } else if let kind = served(s[2]), kind.isNestedUnderContacts {
            methods = ["GET": .nested(contact: s[1], kind)]
          }
        }
      } else if s[0] == "tags" && s[2] == "contacts" {
        methods = ["GET": .tagContacts(s[1])]
      } else if s[0] == "reminders" && s[1] == "upcoming" {
        methods = ["GET": .upcoming(s[2])]
      } else if s[0] == "conversations" && s[2] == "messages" {
        methods = ["POST": .addMessage(s[1])]
      }
    case 4:
      if s[0] == "conversations" && s[2] == "messages" {
        methods = ["PUT": .updateMessage(s[1], s[3]), "DELETE": .deleteMessage(s[1], s[3])]
      }
    default: break
    }
    if methods.isEmpty { return .notFound }
    let verb = method == "HEAD" ? "GET" : method
    if let route = methods[verb] { return .found(route) }
    var allowed: [String] = []
    for name in ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] {
      if name == "HEAD" ? methods["GET"] != nil : name == "PATCH" ? methods["PUT"] != nil : methods[name] != nil {
        allowed.append(name)
      }
    }
    if verb == "PATCH", let route = methods["PUT"] { return .found(route) }
    return .methodNotAllowed(used: method, allowed: allowed)
  }

  /// The kind whose routes start with `name`, when the sandbox serves it (not `/api/me`, which
  /// has a route of its own).
  static func served(_ name: String) -> RecordKind? {
    RecordKind.routed(name).flatMap { $0.routes.contains(.single) ? nil : $0 }
  }

  /// The sort Monica's ApiController accepts: `(column, descending)`, or nil when invalid.
  package static func sortCriteria(_ text: String) -> (column: String, descending: Bool)? {
    let accepted = RecordKind.sortFields
    let descending = text.hasPrefix("-")
    let column = descending ? String(text.dropFirst()) : text
    guard accepted.contains(column), !column.hasPrefix("-") else { return nil }
    return (column, descending)
  }

  /// Answers an authenticated, rate-limited request.
  package func respond(_ route: Route, _ request: APIRequest) -> APIResponse {
    var sort = (column: "created_at", descending: false)
    if let text = request.query["sort"] {
      guard let criteria = Self.sortCriteria(text) else { return .error(400, 39) }
      sort = criteria
    }
    var perPage = 15
    if let limit = request.query["limit"] {
      let tooBig: Bool
      if let number = Double(limit.trimmingCharacters(in: .whitespaces)) {
        tooBig = number > Double(maxPageSize)
      } else {
        tooBig = limit > String(maxPageSize)  // PHP 8 compares a non-numeric string as text
      }
      if tooBig { return .error(400, 30) }
      if let number = Int(limit), number > 0 { perPage = number }
    }
    let page = Pagination.page(from: request.query["page"])
    let listing = ListingRequest(page: page, perPage: perPage, sort: sort)
    switch route {
    case .root: return welcome()
    case .me:
      // UserResource is a JsonResource: Laravel wraps it in "data" (Monica never unwraps).
      return .json(200, .object(JSONObject(["data": .object(store.withState { $0.contents.userRecord })])))
    case .list(let kind): return list(kind, request, listing)
    case .show(let kind, let id): return show(kind, id, request)
    case .nested(let contact, let kind): return nested(contact, kind, listing)
    case .tagContacts(let tag): return tagContacts(tag, listing)
    case .upcoming(let month): return upcoming(month, now: clock.now())
    case .signedPolicies, .signPolicy, .signedTerm: return compliance(route, request)
    default: return write(route, request)
    }
  }

  private func welcome() -> APIResponse {
    let api = baseURL + "/api"
    let links: [(String, String)] = [
      ("activities_url", "/activities"), ("addresses_url", "/addresses"), ("calls_url", "/calls"),
      ("contacts_url", "/contacts"), ("conversations_url", "/conversations"), ("countries_url", "/countries"),
      ("currencies_url", "/currencies"), ("documents_url", "/documents"), ("journal_url", "/journal"),
      ("notes_url", "/notes"), ("relationships_url", "/contacts/:contactId/relationships"),
      ("reminders_url", "/reminders"), ("statistics_url", "/statistics"),
    ]
    return .json(
      200,
      .object(
        JSONObject([
          "success": .object(JSONObject(["message": .string("Welcome to Monica")])),
          "links": .object(JSONObject(links.map { .init($0.0, .string(api + $0.1)) })),
        ])))
  }
}

/// Paging and sorting of one list request.
package struct ListingRequest: Sendable {
  package var page: Int
  package var perPage: Int
  package var sort: (column: String, descending: Bool)
}
