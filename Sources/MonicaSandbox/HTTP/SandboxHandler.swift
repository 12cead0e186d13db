import Foundation
import HTTPTypes
import Hummingbird
import MonicaKit
import NIOCore
import Synchronization

/// The request pipeline: faults, latency, routing, auth, rate limit, the API, the log.
final class SandboxHandler: Sendable {
  private let configuration: SandboxConfiguration
  private let token: AccessToken
  private let log: RequestLog?
  private let faults: FaultInjector
  private let api: Mutex<SandboxAPI?> = Mutex(nil)

  init(configuration: SandboxConfiguration, token: AccessToken, log: RequestLog?) {
    self.configuration = configuration
    self.token = token
    self.log = log
    faults = FaultInjector(rules: configuration.faults)
  }

  /// Starts answering with `api` once the data (with its urls) exists.
  func start(_ api: SandboxAPI) { self.api.withLock { $0 = api } }

  /// An answer plus its extra headers.
  struct Answer {
    var response: APIResponse
    var headers: [(String, String)] = []
  }

  func respond(to request: Request, context: SandboxContext) async throws -> Response {
    let started = ContinuousClock.now
    guard let api = api.withLock({ $0 }) else { return make(Answer(response: .message(503, "Service Unavailable"))) }
    var request = request
    let path = request.uri.path
    let rawQuery = request.uri.query ?? ""
    let accept = request.headers[.accept] ?? ""
    let hasAuthorization = request.headers[.authorization] != nil
    let isAPI = path == "/api" || path.hasPrefix("/api/")
    func record(_ status: Int, fault: String? = nil) {
      let elapsed = ContinuousClock.now - started
      let ms = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
      log?.append(
        .init(
          method: request.method.rawValue, path: path, query: rawQuery, status: status, authorization: hasAuthorization,
          accept: accept, milliseconds: ms, fault: fault))
    }

    var fault = isAPI ? faults.effect(for: path, method: request.method.rawValue) : nil
    if isAPI && configuration.latencyMilliseconds > 0 {
      try? await Task.sleep(for: .milliseconds(configuration.latencyMilliseconds))
    }
    if case .slow(let ms) = fault {
      try? await Task.sleep(for: .milliseconds(ms))
      fault = nil
    }
    switch fault {
    case .reset?:
      record(0, fault: "reset")
      if let socket = context.channel as? any SocketOptionProvider {
        _ = try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
      }
      try? await context.channel.close().get()
      throw CancellationError()
    case .status(let status)?:
      var answer = Answer(response: Self.faultResponse(status))
      if status == 429 {
        let reset = Int(Date().timeIntervalSince1970) + 1
        answer.headers = [
          ("X-RateLimit-Limit", String(configuration.rateLimiter.limit ?? 60)), ("X-RateLimit-Remaining", "0"),
          ("Retry-After", "1"), ("X-RateLimit-Reset", String(reset)),
        ]
      }
      record(status, fault: String(status))
      return make(answer)
    case .missingRoute?:
      record(404, fault: "404route")
      // Laravel's answer for a path no route matches (an older instance without the route).
      return make(Answer(response: .message(404, "The route could not be found.")))
    case .trailingSlash? where path.count > 1 && path.hasSuffix("/"):
      record(301, fault: "trailingslash")
      return make(
        Self.movedPermanently(api.baseURL + String(path.dropLast()) + (rawQuery.isEmpty ? "" : "?" + rawQuery)))
    case .login?:
      record(302, fault: "login")
      return make(redirectToLogin(api.baseURL))
    case .tooMany(let retryAfter, let reset)?:
      var answer = Answer(response: Self.faultResponse(429))
      answer.headers = [
        ("X-RateLimit-Limit", String(configuration.rateLimiter.limit ?? 60)), ("X-RateLimit-Remaining", "0"),
      ]
      if let retryAfter { answer.headers.append(("Retry-After", retryAfter)) }
      if let reset { answer.headers.append(("X-RateLimit-Reset", reset)) }
      record(429, fault: "429")
      return make(answer)
    case .badUTF8?:
      record(200, fault: "badutf8")
      let body: [UInt8] =
        Array(#"{"data":[{"id":1,"object":"contact","first_name":""#.utf8) + [0xC3, 0x28, 0xFF]
        + Array(#""}],"meta":{"current_page":1,"last_page":1,"total":1}}"#.utf8)
      return make(Answer(response: APIResponse(status: 200, body: body)))
    case .grow(let count)?:
      for number in 0..<count {
        let contact =
          #"{"first_name":"Grown","last_name":"Contact \#(number)","is_birthdate_known":false,"#
          + #""is_deceased":false,"is_deceased_date_known":false}"#
        _ = api.respond(
          .create(.contact),
          APIRequest(method: "POST", segments: ["contacts"], query: [:], body: Array(contact.utf8)))
      }
    case .shrink(let count)?:
      for id in api.store.withState({ Array($0.contents[.contact].order.suffix(count)) }) {
        _ = api.respond(
          .delete(.contact, String(id)), APIRequest(method: "DELETE", segments: ["contacts", String(id)], query: [:]))
      }
    case .endless?:
      record(200, fault: "endless")
      return Response(status: .ok, headers: [.contentType: "application/json"], body: Self.endlessBody)
    case .badJSON?:
      record(200, fault: "badjson")
      return make(
        Answer(response: APIResponse(status: 200, body: Array(#"{"data":[{"id":1,"object":"contact"},]}"#.utf8))))
    case .html?:
      record(200, fault: "html")
      return make(
        Answer(
          response: APIResponse(status: 200, body: Array(Self.loginPage.utf8), contentType: "text/html; charset=UTF-8"))
      )
    default: break
    }

    var body: [UInt8] = []
    if request.method != .get && request.method != .head && request.method != .delete {
      // A body cut off by the client (or over the limit) is logged, never acted on: Monica stores
      // nothing either, whether its web server drops the request before PHP (nginx reads the
      // whole body first) or PHP marks the file partial and `document => required|file` refuses
      // it (UploadDocument.php:23; Laravel's `file` rule wants an `isValid()` upload).
      do {
        let buffer = try await request.collectBody(upTo: StoreFile.maximumBodyBytes)
        body = Array(buffer.readableBytesView)
      } catch {
        record(0, fault: "body unread")
        throw error
      }
    }
    let answer = self.answer(
      api: api, method: request.method.rawValue, path: path, rawQuery: rawQuery, accept: accept,
      authorization: request.headers[.authorization],
      ajax: request.headers[HTTPField.Name("X-Requested-With") ?? .accept],
      body: body, contentType: request.headers[.contentType] ?? "")
    if case .cut? = fault {
      record(200, fault: "cut")
      return cut(answer, channel: context.channel)
    }
    if case .late(let ms)? = fault {
      // Logged once carried out: a client killed meanwhile is never told, the log is.
      record(answer.response.status, fault: "late")
      try? await Task.sleep(for: .milliseconds(ms))
      return make(answer)
    }
    if case .remaining(let count)? = fault {
      var stuck = answer
      stuck.headers = stuck.headers.filter { $0.0.lowercased() != "x-ratelimit-remaining" }
      stuck.headers.append(("X-RateLimit-Remaining", String(count)))
      if !stuck.headers.contains(where: { $0.0 == "X-RateLimit-Limit" }) {
        stuck.headers.append(("X-RateLimit-Limit", String(count + 1)))
      }
      record(answer.response.status, fault: "remaining")
      return make(stuck)
    }
    record(answer.response.status, fault: fault.map { _ in "changed" })
    return make(answer)
  }

  /// The answer to a request that got past the faults.
  private func answer(
    api: SandboxAPI, method: String, path: String, rawQuery: String, accept: String, authorization: String?,
    ajax: String?, body: [UInt8], contentType: String
  ) -> Answer {
    let base = api.baseURL
    if path == "/login" {
      return Answer(
        response: APIResponse(status: 200, body: Array(Self.loginPage.utf8), contentType: "text/html; charset=UTF-8"))
    }
    if configuration.fixtureRoutes, let fixture = api.fixture(method: method, path: path, body: body) {
      return Answer(response: fixture)
    }
    if path.hasPrefix("/store/") { return redirectToLogin(base) }
    if path.hasPrefix("/storage/") { return Answer(response: api.storedFile(String(path.dropFirst(9)))) }
    guard path == "/api" || path.hasPrefix("/api/") else {
      return Answer(
        response: APIResponse(
          status: 404, body: Array("<!DOCTYPE html><title>Not Found</title>\n".utf8),
          contentType: "text/html; charset=UTF-8"))
    }
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).map(String.init)
    if segments.last == "" { segments.removeLast() }
    if let publicAnswer = publicRoute(segments, method: method, api: api, rawQuery: rawQuery) {
      return Answer(response: publicAnswer)
    }
    let route: Route
    switch SandboxAPI.match(method: method, segments: segments) {
    case .notFound:
      return Answer(response: .message(404, "The route \(path.dropFirst()) could not be found."))
    case .methodNotAllowed(let used, let allowed):
      return Answer(
        response: .message(
          405,
          "The \(used) method is not supported for this route. Supported methods: \(allowed.joined(separator: ", ")).")
      )
    case .found(let found): route = found
    }
    let now = configuration.clock()
    guard let authorization, authorization.hasPrefix("Bearer "), authorization.dropFirst(7) == token.text[...],
      !token.isExpired(now: Int(now))
    else {
      let expectsJSON =
        accept.contains("/json") || accept.contains("+json")
        || (ajax == "XMLHttpRequest" && (accept.isEmpty || accept.contains("*")))
      return expectsJSON ? Answer(response: .message(401, "Unauthenticated.")) : redirectToLogin(base)
    }
    var headers: [(String, String)] = []
    if let decision = configuration.rateLimiter.hit(token.text, now: now) {
      headers = [("X-RateLimit-Limit", String(decision.limit)), ("X-RateLimit-Remaining", String(decision.remaining))]
      if !decision.allowed {
        headers += [
          ("Retry-After", String(decision.retryAfter ?? 1)), ("X-RateLimit-Reset", String(decision.resetAt ?? 0)),
        ]
        return Answer(response: .error(429, 34), headers: headers)
      }
    }
    let request = APIRequest(
      method: method, segments: segments, query: APIRequest.parseQuery(rawQuery), body: body, contentType: contentType)
    return Answer(response: api.respond(route, request), headers: headers)
  }

  /// The routes outside the `auth:api` group.
  private func publicRoute(_ segments: [String], method: String, api: SandboxAPI, rawQuery: String) -> APIResponse? {
    guard let first = segments.first, ["statistics", "compliance", "currencies"].contains(first), method == "GET" else {
      return nil
    }
    switch first {
    case "statistics":
      return api.statistics()
    case "currencies":
      // `Currency::paginate` (Settings/ApiCurrencyController.php:23), without a token.
      let query = APIRequest.parseQuery(rawQuery)
      if segments.count == 2 { return api.globalShow(.currency, segments[1]) }
      let limit = query["limit"].flatMap(Int.init) ?? 15
      let listing = ListingRequest(
        page: Pagination.page(from: query["page"]), perPage: limit > 0 ? limit : 15, sort: SandboxAPI.unsorted)
      return api.globalList(.currency, listing, path: api.baseURL + "/api/currencies")
    default:
      return api.terms(segments, query: APIRequest.parseQuery(rawQuery))
    }
  }

  private func headers(_ answer: Answer, contentLength: Int? = nil) -> HTTPFields {
    var fields = HTTPFields()
    fields[.contentType] = answer.response.contentType
    fields[.cacheControl] = "no-cache, private"
    for (name, value) in answer.headers {
      if let field = HTTPField.Name(name) { fields[field] = value }
    }
    return fields
  }

  private func make(_ answer: Answer) -> Response {
    var buffer = ByteBuffer()
    buffer.writeBytes(answer.response.body)
    return Response(
      status: .init(code: answer.response.status, reasonPhrase: Self.reason(answer.response.status)),
      headers: headers(answer), body: .init(byteBuffer: buffer))
  }

  /// A 200 that declares the whole body but sends half of it, then closes the connection.
  private func cut(_ answer: Answer, channel: any Channel) -> Response {
    let bytes = answer.response.body
    let half = ByteBuffer(bytes: bytes.prefix(max(1, bytes.count / 2)))
    let body = ResponseBody(contentLength: bytes.count) { writer in
      try await writer.write(half.slice())
      try? await Task.sleep(for: .milliseconds(50))
      try? await channel.close().get()
    }
    return Response(
      status: .ok, headers: headers(Answer(response: APIResponse(status: 200, body: []), headers: [])), body: body)
  }

  static func reason(_ status: Int) -> String {
    [
      200: "OK", 201: "Created", 301: "Moved Permanently", 302: "Found", 400: "Bad Request", 401: "Unauthorized",
      404: "Not Found",
      405: "Method Not Allowed", 422: "Unprocessable Content", 429: "Too Many Requests", 500: "Internal Server Error",
      502: "Bad Gateway", 503: "Service Unavailable",
    ][status] ?? ""
  }
}
