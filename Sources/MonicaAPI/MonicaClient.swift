import Foundation
import MonicaKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request as `--verbose` shows it: never the token.
package struct RequestRecord: Sendable {
  /// `GET`, `POST`...
  package let method: String
  /// The path and query below the instance, e.g. `/api/contacts?page=2&limit=100`.
  package let target: String
  /// The status, or `nil` when no response came.
  package let status: Int?
  /// How long the exchange took.
  package let milliseconds: Int
  /// `X-RateLimit-Remaining` of the response, when it had one.
  package let rateLimitRemaining: Int?

  /// The `--verbose` line.
  package var line: String {
    let outcome = status.map(String.init) ?? "no response"
    let remaining = rateLimitRemaining.map { " rate-limit-remaining=\($0)" } ?? ""
    return "\(method) \(target) \(outcome) \(milliseconds)ms\(remaining)"
  }
}

/// How a client retries and reports.
package struct ClientPolicy: Sendable {
  /// Further tries after a 5xx, a 429, a time-out or a dropped connection (GETs only).
  package var retries: Int = 3
  /// Seconds to wait for an answer.
  package var timeout: TimeInterval = 10
  /// The first backoff in seconds; it doubles each retry, with jitter.
  package var backoff: TimeInterval = 1
  /// Called once per exchange, for `--verbose`.
  package var observer: (@Sendable (RequestRecord) -> Void)?
  /// Told of long waits (a 429's Retry-After, the rate limit), for stderr.
  package var notice: (@Sendable (String) -> Void)?
  /// Waits out a retry's delay in seconds; unit tests record the delays instead of sleeping.
  package var pause: @Sendable (TimeInterval) async throws(MonicaError) -> Void = { seconds throws(MonicaError) in
    try await Waits.sleep(seconds: seconds)
  }

  /// The pacer's clock (seconds since 1970) and how it sleeps until a window opens: the system's
  /// by default; an in-process test runs a long paced run on a virtual clock its sleep moves on.
  package var pacingClock: PacingClock = .system

  package init() {}

  /// The policy with `MONICA_BACKOFF_MS` and `MONICA_TIMEOUT_MS` applied (for slow links, and for
  /// tests that must not wait whole seconds); values that are not whole milliseconds within
  /// 0 to 15 minutes are ignored.
  package init(environment: ToolEnvironment) {
    if let ms = Self.milliseconds(environment["MONICA_BACKOFF_MS"]) { backoff = ms / 1000 }
    if let ms = Self.milliseconds(environment["MONICA_TIMEOUT_MS"]), ms > 0 { timeout = ms / 1000 }
  }

  private static func milliseconds(_ text: String?) -> Double? {
    guard let text, let value = Int(text), value >= 0, Double(value) <= Waits.longest * 1000 else { return nil }
    return Double(value)
  }
}

/// Talks to one Monica instance's API: headers, retries with backoff, 429 waits, and the mapping
/// of every HTTP outcome to a `MonicaError`.
package final class MonicaClient: Sendable {
  /// The instance and token.
  package let credentials: Credentials
  /// Retries, time-outs and the observer.
  package let policy: ClientPolicy
  private let transport: any ClientTransport
  /// Shared pacing state, so that concurrent requests respect the instance's rate limit.
  package let pacer: RateLimitPacer

  /// A client of `credentials`' instance; `transport` carries its requests (by default over
  /// the network, giving up after `policy.timeout`).
  package init(
    credentials: Credentials, policy: ClientPolicy = ClientPolicy(), transport: (any ClientTransport)? = nil
  ) {
    self.credentials = credentials
    self.policy = policy
    self.transport = transport ?? HTTPTransport(timeout: policy.timeout)
    pacer = RateLimitPacer(clock: policy.pacingClock.now, sleep: policy.pacingClock.sleep, notice: policy.notice)
  }

  /// The URL of an API path (`/contacts`) with its query.
  package func url(_ path: String, query: [(String, String)] = []) -> URL? {
    var components = URLComponents(string: credentials.instance.api + path)
    if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
    // '+' is a space to PHP; encode it so a query like "a+b" reaches Monica as written.
    let encoded = components?.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    components?.percentEncodedQuery = encoded
    return components?.url
  }

  /// Sends one request once, with the token and `Accept: application/json`; no retries, no
  /// status mapping. For probes that must see every answer. With `keepingLargeBody`, a large
  /// 2xx body may come in its temporary file (`HTTPResponse.spooled`).
  package func exchange(
    _ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil,
    contentType: String = "application/json", authorized: Bool = true, pacing ticket: PacingTicket? = nil,
    keepingLargeBody: Bool = false
  ) async throws(MonicaError) -> HTTPResponse {
    let target = describe(path, query)
    guard let url = url(path, query: query) else { throw .usage("\(target): not a valid request path") }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if authorized { request.setValue("Bearer \(credentials.token)", forHTTPHeaderField: "Authorization") }
    if let body {
      request.httpBody = body
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    }
    request.setValue("monica-toolset/\(toolsetVersion)", forHTTPHeaderField: "User-Agent")
    let started = ContinuousClock.now
    do {
      let response = try await transport.send(request, keepingLargeBody: keepingLargeBody)
      await pacer.observe(response, ticket: ticket)
      policy.observer?(
        RequestRecord(
          method: method, target: target, status: response.status, milliseconds: Self.milliseconds(since: started),
          rateLimitRemaining: response.headers["x-ratelimit-remaining"].flatMap { Int($0) }))
      return response
    } catch {
      await pacer.abandon(ticket)
      policy.observer?(
        RequestRecord(
          method: method, target: target, status: nil, milliseconds: Self.milliseconds(since: started),
          rateLimitRemaining: nil))
      switch error {
      case .timedOut: throw .temporary(request: target, reason: "\(Self.noAnswer) \(Self.seconds(policy.timeout))")
      case .cannotConnect(let why):
        throw .unavailable(request: credentials.instance.instance, detail: "cannot connect: \(why)")
      case .dropped(let why): throw .unavailable(request: target, detail: why)
      case .tooLarge(let why): throw .protocolViolation(request: target, detail: why)
      }
    }
  }

  /// GETs an API path and returns a 2xx JSON response, retrying 5xx, 429, time-outs and dropped
  /// connections, and turning every other outcome into the error of the exit table. `what` names
  /// the object for messages ("contact #12", "notes").
  package func get(_ path: String, query: [(String, String)] = [], what: String) async throws(MonicaError)
    -> HTTPResponse
  {
    let response = try await getAllowingErrors(path, query: query)
    try check(response, path: path, query: query, what: what)
    return response
  }

  /// GETs with retries but hands back 4xx answers (other than 429) for the caller to look at;
  /// with `keepingLargeBody`, a large 2xx body may come in its temporary file.
  package func getAllowingErrors(
    _ path: String, query: [(String, String)] = [], keepingLargeBody: Bool = false
  ) async throws(MonicaError) -> HTTPResponse {
    try await sendRetrying(
      "GET", path, query: query, repeatable: true, target: describe(path, query), keepingLargeBody: keepingLargeBody)
  }

  /// Maps a final response to success or the exit table's error.
  package func check(_ response: HTTPResponse, path: String, query: [(String, String)] = [], what: String)
    throws(MonicaError)
  {
    let target = describe(path, query)
    let contentType = response.headers["content-type"]?.lowercased() ?? ""
    switch response.status {
    case 200...299:
      if contentType.contains("html")
        || !Self.looksLikeJSON(response.spooled == nil ? response.body : response.prefix(4096))
      {
        throw .protocolViolation(
          request: target,
          detail: contentType.contains("html")
            ? "the server answered with an HTML page, not Monica's JSON (is \(credentials.instance) a Monica 4.x instance?)"
            : "the response is not JSON")
      }
    case 300...399:
      let location = response.headers["location"] ?? ""
      throw .protocolViolation(
        request: target,
        detail: location.contains("/login")
          ? "redirected to the login page (\(location)); Monica does this when a request is not an API request"
          : "unexpected redirect to \(location.isEmpty ? "nowhere" : location)")
    case 401:
      throw .notPermitted("\(target): \(Self.refusal(of: credentials.token)); run monica-auth login")
    case 403:
      throw .notPermitted("\(target): no permission to read \(what)")
    case 404:
      throw .notFound("\(what) was not found")
    case 422:
      throw .rejected(request: target, messages: Self.errorMessages(response.body))
    case 429:
      throw .temporary(
        request: target, reason: "rate limited by the instance (HTTP 429) after \(Self.retries(policy.retries))")
    case 500...599:
      throw .unavailable(
        request: target,
        detail:
          "Monica answered HTTP \(response.status) for \(describe(path, [])) after \(Self.retries(policy.retries))")
    case 400...499:
      let message = Self.errorMessages(response.body).joined(separator: "; ")
      throw .usage("\(target): Monica refused the request (HTTP \(response.status)): \(message)")
    default:
      throw .protocolViolation(request: target, detail: "unexpected HTTP \(response.status)")
    }
  }

  /// Whether a failed GET means that the instance is down or out of reach (no connection, no
  /// answer in time, a connection dropped, 5xx after the retries) rather than that it refused the
  /// request: the failures a cached copy may stand in for.
  package static func isOutage(_ error: MonicaError) -> Bool {
    switch error {
    case .unavailable: true
    case .temporary(_, let reason): reason.hasPrefix(noAnswer)
    default: false
    }
  }

  /// How a time-out's reason begins.
  private static let noAnswer = "no answer within"

  /// The messages of a Monica or Laravel error body.
  package static func errorMessages(_ body: Data) -> [String] {
    guard let value = try? JSONValue(parsing: body) else { return ["(no readable message)"] }
    let message = value["error"]?["message"] ?? value["message"]
    switch message {
    case .string(let text)?: return [text]
    case .array(let items)?: return items.map(\.displayText)
    default: return ["(no readable message)"]
    }
  }

  /// Monica's `error_code`, if the body has one.
  package static func errorCode(_ body: Data) -> Int? {
    (try? JSONValue(parsing: body))?["error"]?["error_code"]?.intValue
  }

  func isConnectFailure(_ error: MonicaError) -> Bool {
    if case .unavailable(let request, let detail) = error {
      return request == credentials.instance.instance && detail.hasPrefix("cannot connect")
    }
    return false
  }

  func backoff(_ attempt: Int) -> TimeInterval {
    let base = policy.backoff * Double(1 << min(attempt, 10))
    return min(base * Double.random(in: 0.8...1.2), Waits.longest)
  }

  /// "3 retries", "1 retry", "no retry".
  private static func retries(_ count: Int) -> String {
    count == 0 ? "no retry" : count == 1 ? "1 retry" : "\(count) retries"
  }

  private static func looksLikeJSON(_ body: Data) -> Bool {
    let first = body.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  }

  func describe(_ path: String, _ query: [(String, String)]) -> String {
    let base = URLComponents(string: credentials.instance.api)?.path ?? "/api"
    let query = query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    return base + path + (query.isEmpty ? "" : "?" + query)
  }

  private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
    let elapsed = ContinuousClock.now - start
    return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
  }

  private static func seconds(_ interval: TimeInterval) -> String {
    interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
  }
}

extension Task where Success == Never, Failure == Never {
  /// Throws `MonicaError.outputClosed` when the task was cancelled.
  package static func checkCancellationAsMonicaError() throws(MonicaError) {
    if Task.isCancelled { throw .outputClosed }
  }
}
