import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MonicaKit
import NIOCore
import NIOEmbedded
import Synchronization

/// The sandbox without a socket: each request goes through the handler `monica-sandbox` serves
/// with (faults, latency, routes, the token, the rate limit, the store, the log), so that unit
/// tests of a client's retries, pacing and status handling take milliseconds, not a process.
package final class InMemorySandbox: Sendable {
  /// The instance URL the records' urls name; nothing listens there.
  package let baseURL: String
  /// The token the sandbox accepts.
  package let token: String
  private let handler: SandboxHandler

  /// A sandbox seeded as `configuration` says (`faults` as `--fault`, `rateLimiter` as
  /// `--rate-limit`...); its port, ready file and gravatar origin are not used.
  package init(_ configuration: SandboxConfiguration = SandboxConfiguration(), baseURL: String = "http://127.0.0.1:1")
    throws(MonicaError)
  {
    let token = try SandboxServer.makeToken(configuration)
    let log = try configuration.log.map { path throws(MonicaError) in try RequestLog(path: path, secret: token.text) }
    let contents =
      try configuration.load.map { path throws(MonicaError) in
        var loaded = try StoreFile.load(path)
        if let saved = loaded.savedBaseURL { StoreFile.rebase(&loaded.contents, from: saved, to: baseURL) }
        return loaded.contents
      } ?? SeedData.make(seed: configuration.seed, contacts: configuration.contacts, baseURL: baseURL)
    handler = SandboxHandler(configuration: configuration, token: token, log: log)
    handler.start(
      SandboxAPI(
        store: RecordStore(contents: contents), baseURL: baseURL, maxPageSize: configuration.maxPageSize,
        statePath: configuration.state, publicStorage: configuration.publicStorage))
    self.baseURL = baseURL
    self.token = token.text
  }

  /// One answer as a client would read it off the connection.
  package struct Answer: Sendable {
    /// The status code.
    package var status: Int
    /// Header fields, names lower-cased.
    package var headers: [String: String]
    /// The body, as far as it came.
    package var body: [UInt8]
    /// False when the connection closed before the whole body (the `cut` fault).
    package var complete: Bool
    /// True when the body passed the reader's limit and was cut there (the `endless` fault).
    package var tooLarge: Bool
  }

  /// Why a request got no answer.
  package enum Failure: Error, Sendable, Equatable {
    /// The connection was reset before any answer (the `reset` fault, a body not read).
    case reset
  }

  /// Answers one request: `target` is the path with its query (`/api/contacts?page=2`). The body
  /// is read up to `limit` bytes, as a client with that limit would.
  package func respond(
    method: String, target: String, headers: [(String, String)] = [], body: [UInt8] = [], limit: Int = 1 << 26
  ) async throws(Failure) -> Answer {
    var fields = HTTPFields()
    for (name, value) in headers {
      if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
    }
    let head = HTTPRequest(
      method: HTTPRequest.Method(method) ?? .get, scheme: "http", authority: "127.0.0.1", path: target,
      headerFields: fields)
    let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body)))
    var logger = Logger(label: "monica-sandbox")
    logger.logLevel = .critical
    let context = SandboxContext(
      source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
    let response: Response
    do { response = try await SandboxResponder(handler: handler).respond(to: request, context: context) } catch {
      throw .reset
    }
    var headers: [String: String] = [:]
    for field in response.headers { headers[field.name.canonicalName] = field.value }
    let received = ReceivedBody()
    let expected = response.body.contentLength
    try? await response.body.write(BodyCollector(limit: limit, received: received))
    let (bytes, finished, overflow) = received.state.withLock { ($0.bytes, $0.finished, $0.overflow) }
    return Answer(
      status: response.status.code, headers: headers, body: bytes,
      complete: !overflow && finished && (expected.map { $0 == bytes.count } ?? true), tooLarge: overflow)
  }
}

/// A response body as far as it came.
private final class ReceivedBody: Sendable {
  struct State {
    var bytes: [UInt8] = []
    var finished = false
    var overflow = false
  }
  let state = Mutex(State())
}

/// Gathers a response body as a connection would deliver it, up to a limit.
private struct BodyCollector: ResponseBodyWriter {
  let limit: Int
  let received: ReceivedBody

  /// Thrown past the limit, which ends a body written without end.
  struct Overflow: Error {}

  func write(_ buffer: ByteBuffer) async throws {
    try received.state.withLock { state throws(Overflow) in
      guard state.bytes.count + buffer.readableBytes <= limit else {
        state.overflow = true
        throw Overflow()
      }
      state.bytes += buffer.readableBytesView
    }
  }

  consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
    received.state.withLock { $0.finished = true }
  }
}
