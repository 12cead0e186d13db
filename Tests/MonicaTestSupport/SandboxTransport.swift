import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `ClientTransport` answering from an `InMemorySandbox`: the sandbox's handler (faults, rate
/// limit, routes, store) without a socket or a process, so a `MonicaClient` test takes
/// milliseconds. It keeps `HTTPTransport`'s contract: one send per call, the time-out enforced
/// here, a cut body a dropped connection, a body past `limit` too large.
package final class SandboxTransport: ClientTransport {
  /// One exchange as the transport saw it.
  package struct Exchange: Sendable, Equatable {
    /// `GET`, `POST`...
    package var method: String
    /// The path and query, `/api/contacts?page=2`.
    package var target: String
    /// The status, or `nil` when no answer came.
    package var status: Int?
    /// The request's Accept header.
    package var accept: String?
  }

  /// The sandbox that answers.
  package let sandbox: InMemorySandbox
  private let timeout: TimeInterval
  private let limit: Int
  private let log = Mutex<[Exchange]>([])
  private let stopped = Mutex(false)

  /// From now on every request meets a closed port, as after `monica-sandbox` stopped
  /// (`TransportFailure.cannotConnect`); `start()` opens it again.
  package func stop() { stopped.withLock { $0 = true } }

  /// Answers again after `stop()`.
  package func start() { stopped.withLock { $0 = false } }

  /// A transport to a new in-memory sandbox made from `configuration` (its `faults` as
  /// `--fault`, `rateLimiter` as `--rate-limit`) at `baseURL`, giving up after `timeout` seconds.
  package init(
    _ configuration: SandboxConfiguration = SandboxConfiguration(), timeout: TimeInterval = 5,
    limit: Int = BodyLimits.apiAnswer, baseURL: String = "http://127.0.0.1:1"
  ) throws {
    sandbox = try InMemorySandbox(configuration, baseURL: baseURL)
    self.timeout = timeout
    self.limit = limit
  }

  /// Credentials for the sandbox, as `MONICA_URL` and `MONICA_TOKEN` would give them.
  package func credentials() throws -> Credentials {
    Credentials(instance: try InstanceURL(sandbox.baseURL, allowHTTP: true), token: sandbox.token, profile: nil)
  }

  /// The connection a tool is given to reach this sandbox, as MONICA_URL and MONICA_TOKEN in
  /// `environment` (with `home`'s HOME and XDG dirs, for the caches) give it, its requests
  /// carried by this transport: the same entry points as the executables, in-process.
  package func connection(
    home: TemporaryHome? = nil, policy: ClientPolicy = ClientPolicy(), environment extra: [String: String] = [:]
  ) -> Connection {
    var variables = home?.env ?? [:]
    variables["MONICA_URL"] = sandbox.baseURL
    variables["MONICA_TOKEN"] = sandbox.token
    return Connection(
      environment: ToolEnvironment(variables: variables.merging(extra) { $1 }), policy: policy, transport: self)
  }

  /// A client of the sandbox through this transport.
  package func client(_ policy: ClientPolicy = ClientPolicy()) throws -> MonicaClient {
    try connection(policy: policy).client()
  }

  /// Every exchange so far, in order.
  package var exchanges: [Exchange] { log.withLock { $0 } }

  package func send(_ request: URLRequest) async throws(TransportFailure) -> HTTPResponse {
    let method = request.httpMethod ?? "GET"
    let components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
    let target =
      (components?.percentEncodedPath ?? "/") + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
    let headers = (request.allHTTPHeaderFields ?? [:]).map { ($0.key, $0.value) }
    let body = request.httpBody.map { Array($0) } ?? []
    let accept = request.value(forHTTPHeaderField: "Accept")
    if stopped.withLock({ $0 }) {
      // Not logged: nothing reached a server, as nothing reaches the sandbox's request log.
      throw .cannotConnect("Could not connect to the server.")
    }
    let (sandbox, timeout, limit) = (self.sandbox, self.timeout, self.limit)
    let outcome = await withTaskGroup(of: Result<HTTPResponse, TransportFailure>?.self) { group in
      group.addTask {
        do {
          let answer = try await sandbox.respond(
            method: method, target: target, headers: headers, body: body, limit: limit)
          if answer.tooLarge { return .failure(.tooLarge("the answer is larger than \(BodyLimits.describe(limit))")) }
          guard answer.complete else {
            return .failure(.dropped("the connection was closed before the response was complete"))
          }
          return .success(HTTPResponse(status: answer.status, headers: answer.headers, body: Data(answer.body)))
        } catch {
          return .failure(.dropped("the connection was closed before the response was complete"))
        }
      }
      group.addTask {
        try? await Task.sleep(nanoseconds: Waits.nanoseconds(timeout))
        return Task.isCancelled ? nil : .failure(.timedOut)
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? .failure(.timedOut)
    }
    switch outcome {
    case .success(let response):
      log.withLock { $0.append(Exchange(method: method, target: target, status: response.status, accept: accept)) }
      return response
    case .failure(let failure):
      log.withLock { $0.append(Exchange(method: method, target: target, status: nil, accept: accept)) }
      throw failure
    }
  }
}
