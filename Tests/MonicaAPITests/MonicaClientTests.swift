import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Synchronization
import Testing

/// `MonicaClient`'s one retry loop, its pacing and its status mapping, against the sandbox's
/// handler in memory: no socket, no process, no real waits (retry delays are recorded).
@Suite struct MonicaClientTests {
  /// The delays a client asked to wait, in order.
  final class Delays: Sendable {
    let values = Mutex<[Double]>([])
    var all: [Double] { values.withLock { $0 } }
  }

  /// A client of an in-memory sandbox with `faults` (as `--fault`), no rate limit by default,
  /// and retries whose delays are recorded, not waited.
  func client(
    _ faults: [String], rateLimit: Int? = nil, retries: Int = 3, timeout: TimeInterval = 5,
    limit: Int = BodyLimits.apiAnswer
  ) throws -> (SandboxTransport, MonicaClient, Delays) {
    var configuration = SandboxConfiguration()
    configuration.contacts = 20
    configuration.rateLimiter = RateLimiter(limit: rateLimit, window: 60)
    configuration.faults = try faults.map { try FaultRule(parsing: $0) }
    let transport = try SandboxTransport(configuration, timeout: timeout, limit: limit)
    let delays = Delays()
    var policy = ClientPolicy()
    policy.retries = retries
    policy.backoff = 0.001
    policy.pause = { seconds throws(MonicaError) in delays.values.withLock { $0.append(seconds) } }
    return (transport, try transport.client(policy), delays)
  }

  /// A new contact's create request.
  let create = WriteRequest(
    .create, "/contacts",
    body: JSONObject([
      "first_name": .string("Ada"), "is_birthdate_known": .bool(false), "is_deceased": .bool(false),
      "is_deceased_date_known": .bool(false),
    ]))

  /// The error a call threw, or `nil`.
  func failure(_ call: () async throws(MonicaError) -> HTTPResponse) async -> MonicaError? {
    do {
      _ = try await call()
      return nil
    } catch { return error }
  }

  @Test("a GET retries 5xx, a reset and a cut body, then answers")
  func readRetries() async throws {
    let (transport, client, delays) = try client(["503@1", "reset@2", "cut@3"])
    let response = try await client.get("/contacts", query: [("limit", "1")], what: "contacts")
    #expect(response.status == 200)
    #expect(transport.exchanges.map(\.status) == [503, nil, nil, 200])
    #expect(delays.all.count == 3 && delays.all.allSatisfy { $0 < 0.01 }, "\(delays.all)")
  }

  @Test("5xx after the retries is 69, naming them; a time-out after them is 75")
  func readGivesUp() async throws {
    let (transport, client, _) = try client(["503@*1"], retries: 2)
    let error = await failure { () async throws(MonicaError) in try await client.get("/contacts", what: "contacts") }
    #expect(
      error
        == .unavailable(request: "/api/contacts", detail: "Monica answered HTTP 503 for /api/contacts after 2 retries"))
    #expect(transport.exchanges.count == 3)

    let (slowTransport, slowClient, _) = try self.client(["slow=2000@*1"], retries: 1, timeout: 0.05)
    let slow = await failure { () async throws(MonicaError) in try await slowClient.get("/contacts", what: "contacts") }
    guard case .temporary(_, let reason)? = slow else { Issue.record("\(String(describing: slow))"); return }
    #expect(reason.hasPrefix("no answer within") && slowTransport.exchanges.count == 2, "\(reason)")
  }

  @Test("a create that failed with 5xx, timed out or was reset is never sent again: 75, in doubt")
  func createNotRepeated() async throws {
    for fault in ["500@1:POST:/api/contacts", "reset@1:POST:/api/contacts", "late=2000@1:POST:/api/contacts"] {
      let (transport, client, delays) = try client([fault], timeout: 0.1)
      let error = await failure { () async throws(MonicaError) in try await client.send(create) }
      guard case .temporary(let request, let reason)? = error else {
        Issue.record("\(fault): \(String(describing: error))")
        continue
      }
      #expect(request == "POST /api/contacts" && reason.contains("the request was not repeated"), "\(fault): \(reason)")
      #expect(transport.exchanges.filter { $0.method == "POST" }.count == 1, "\(fault)")
      #expect(delays.all.isEmpty, "\(fault)")
    }
  }

  @Test("an update (repeatable) is retried after a 5xx like a read")
  func updateRetried() async throws {
    let (transport, client, _) = try client(["502@1:PUT:/api/tags"])
    let tags = try await client.get("/tags", what: "tags")
    let id = try #require(try JSONValue(parsing: tags.body)["data"]?.arrayValue?.first?["id"]?.intValue)
    let response = try await client.send(
      WriteRequest(.update, "/tags/\(id)", body: JSONObject(["name": .string("renamed")])))
    #expect(response.status == 200)
    #expect(transport.exchanges.filter { $0.method == "PUT" }.map(\.status) == [502, 200])
  }

  @Test("a 429 is waited out as Retry-After asks, then the create is sent again")
  func tooManyWaitedOut() async throws {
    let (transport, client, delays) = try client(["429@1:POST:/api/contacts"])
    let response = try await client.send(create)
    #expect(response.status == 201)
    #expect(transport.exchanges.map(\.status) == [429, 201])
    #expect(delays.all == [1])
  }

  @Test("a 429 without Retry-After backs off; one asking past 15 minutes fails at once with 75")
  func tooManyOdd() async throws {
    let (_, bare, bareDelays) = try client(["429bare@1"])
    _ = try await bare.get("/contacts", what: "contacts")
    #expect(bareDelays.all.count == 1 && bareDelays.all[0] < 0.01, "\(bareDelays.all)")

    let (transport, client, delays) = try client(["429=1000@1"])
    let error = await failure { () async throws(MonicaError) in try await client.get("/contacts", what: "contacts") }
    guard case .temporary(_, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
    #expect(reason.contains("longer than the 15 min a tool waits"), "\(reason)")
    #expect(transport.exchanges.count == 1 && delays.all.isEmpty)
  }

  @Test("statuses map to the exit table: 401, 403, 404, 422, a login redirect, HTML, a body past the limit")
  func statusMapping() async throws {
    func outcome(_ fault: String, limit: Int = BodyLimits.apiAnswer) async throws -> MonicaError? {
      let (_, client, _) = try client([fault], limit: limit)
      return await failure { () async throws(MonicaError) in try await client.get("/contacts", what: "contacts") }
    }
    guard case .notPermitted(let refused)? = try await outcome("401@1") else { Issue.record("401"); return }
    #expect(refused.contains("run monica-auth login"))
    #expect(try await outcome("403@1") == .notPermitted("/api/contacts: no permission to read contacts"))
    #expect(try await outcome("404@1") == .notFound("contacts was not found"))
    guard case .protocolViolation(_, let login)? = try await outcome("login@1") else { Issue.record("login"); return }
    #expect(login.hasPrefix("redirected to the login page"))
    guard case .protocolViolation(_, let html)? = try await outcome("html@1") else { Issue.record("html"); return }
    #expect(html.hasPrefix("the server answered with an HTML page"))
    guard case .protocolViolation(_, let large)? = try await outcome("endless@1", limit: 1 << 20) else {
      Issue.record("endless")
      return
    }
    #expect(large == "the answer is larger than 1 MiB", "\(large)")

    let (_, plain, _) = try client([])
    let response = try await plain.send(
      WriteRequest(.create, "/contacts", body: JSONObject(["first_name": .string("")])))
    let refusal: MonicaError?
    do {
      try plain.check(response, path: "/contacts", what: "contact")
      refusal = nil
    } catch { refusal = error }
    guard case .rejected(let request, let messages)? = refusal else {
      Issue.record("\(String(describing: refusal))")
      return
    }
    #expect(request == "/api/contacts" && !messages.isEmpty, "\(messages)")
  }

  @Test("concurrent requests within the rate limit: none refused, the limit learnt, nothing waited")
  func pacing() async throws {
    // A limit of 8: the first request goes alone, its answer (7 remaining, one kept back for a
    // probe while the window's length is unknown) lets the other 6 go at once.
    let (transport, client, delays) = try client([], rateLimit: 8)
    try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<7 {
        group.addTask { try await client.get("/contacts", query: [("limit", "1")], what: "contacts").status }
      }
      for try await status in group { #expect(status == 200) }
    }
    #expect(transport.exchanges.count == 7 && transport.exchanges.allSatisfy { $0.status == 200 })
    #expect(await client.pacer.learnedLimit == 8)
    #expect(delays.all.isEmpty)
  }
}
