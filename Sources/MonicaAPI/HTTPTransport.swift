import Foundation
import MonicaKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange's answer.
package struct HTTPResponse: Sendable {
  /// The status code.
  package let status: Int
  /// Header fields, names lower-cased.
  package let headers: [String: String]
  /// The body, as received; empty when it was left in its temporary file (`spooled`).
  package let body: Data
  /// The body, when the request asked for a large one to be left in its temporary file
  /// (`ClientTransport.send(_:keepingLargeBody:)`) and it went to one; then `body` is empty.
  package let spooled: SpooledBody?

  package init(status: Int, headers: [String: String], body: Data, spooled: SpooledBody? = nil) {
    self.status = status
    self.headers = headers
    self.body = body
    self.spooled = spooled
  }

  /// The body's first `count` bytes (or fewer), wherever it is.
  package func prefix(_ count: Int) -> Data {
    guard let spooled else { return body.prefix(count) }
    return (try? spooled.read(0..<min(count, spooled.count)).get()) ?? Data()
  }
}

/// Why an exchange produced no response.
package enum TransportFailure: Error, Sendable, Equatable {
  /// No answer within the time allowed.
  case timedOut
  /// The server could not be reached.
  case cannotConnect(String)
  /// The connection broke before the whole response arrived.
  case dropped(String)
  /// The answer passed the body limit, and was cut there: it is not asked again.
  case tooLarge(String)
}

/// Sends requests with URLSession, never following redirects: a redirect is an answer to look at
/// (Monica's login page), and following one could carry the token to another host. Answers are
/// counted as they arrive and cut past `limit` (`BodyLimits.apiAnswer`), whatever their framing.
package final class HTTPTransport: Sendable {
  private let session: BoundedSession
  /// The configuration of `session`, for the one-connection sessions POSTs go through.
  private let configuration: URLSessionConfiguration
  /// Seconds to wait for an answer; enforced here because URLSession on Linux rounds its own
  /// time-outs down to whole seconds (0.5 s became 0).
  private let timeout: TimeInterval
  /// The most bytes of one answer's body.
  package let limit: Int

  /// A transport whose requests give up after `timeout` seconds without a whole answer, or
  /// once an answer passes `limit` bytes.
  package init(timeout: TimeInterval, limit: Int = BodyLimits.apiAnswer) {
    self.timeout = timeout
    self.limit = limit
    configuration = Self.configuration(timeout: timeout)
    session = BoundedSession(configuration: configuration, timeout: timeout, limit: limit)
  }

  /// The configuration of every session: ephemeral, no URL cache, no cookies, and a backstop
  /// time-out only (the caller cancels a request itself when `timeout` has passed).
  static func configuration(timeout: TimeInterval) -> URLSessionConfiguration {
    let configuration = ephemeralConfiguration()
    configuration.timeoutIntervalForRequest = timeout.rounded(.up) + 1
    configuration.timeoutIntervalForResource = max(timeout * 6, 60)
    configuration.httpMaximumConnectionsPerHost = 8
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    return configuration
  }

  /// An ephemeral configuration made without touching the disk. FoundationNetworking builds
  /// `.ephemeral` from `.default`, which creates the shared cookie store and URL cache, and then
  /// gives it a URL cache of its own: each makes its directory under `$XDG_DATA_HOME` or
  /// `$XDG_CACHE_HOME` (and a missing HOME) on first use. None of them is used (cookies and the
  /// cache are turned off below), so they are made while both variables name `/dev/null`, where
  /// no directory can be created and they fall back to keeping nothing on disk.
  private static func ephemeralConfiguration() -> URLSessionConfiguration {
    environmentLock.withLock {
      let names = ["XDG_DATA_HOME", "XDG_CACHE_HOME"]
      let saved = names.map { getenv($0).map { String(cString: $0) } }
      for name in names { setenv(name, "/dev/null", 1) }
      defer {
        for (name, value) in zip(names, saved) {
          if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
      }
      _ = HTTPCookieStorage.shared
      _ = URLCache.shared
      return URLSessionConfiguration.ephemeral
    }
  }

  /// Serialises the environment swap of `ephemeralConfiguration()`.
  private static let environmentLock = NSLock()

  /// Sends `request` and returns the whole response.
  package func send(_ request: URLRequest) async throws(TransportFailure) -> HTTPResponse {
    try await send(request, keepingLargeBody: false)
  }

  /// Sends `request` and returns the whole response; with `keepingLargeBody`, a 2xx body that
  /// went to its temporary file (past `BodySpool.memoryPart`) stays there (`HTTPResponse.spooled`).
  package func send(_ request: URLRequest, keepingLargeBody: Bool) async throws(TransportFailure) -> HTTPResponse {
    // libcurl sends a request again, unasked, when a connection it reused dies before any byte
    // of the answer: safe for a read, not for a POST that the server may have carried out (a
    // reset POST was logged twice by the sandbox). A POST gets a session, so a connection, of
    // its own, which libcurl never retries on; the rate limit makes the extra connect cheap.
    let session =
      request.httpMethod == "POST"
      ? BoundedSession(configuration: configuration, timeout: timeout, limit: limit) : self.session
    switch await session.exchange(request, keepingLargeBody: keepingLargeBody) {
    case .answered(let response): return response
    case .tooLarge: throw .tooLarge("the answer is larger than \(BodyLimits.describe(limit))")
    case .tooSlow: throw .timedOut
    case .failed(let failure): throw failure
    }
  }

  /// The failure an error of URLSession stands for.
  static func failure(_ error: any Error) -> TransportFailure {
    guard let error = error as? URLError else {
      return .dropped("the connection failed before the response was complete")
    }
    switch error.code {
    case .timedOut: return .timedOut
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
      .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
      .appTransportSecurityRequiresSecureConnection, .unsupportedURL:
      return .cannotConnect(describe(error))
    default: return .dropped(describe(error))
    }
  }

  /// A plain sentence for every way URLSession can fail: never Foundation's or libcurl's own
  /// text (`NSURLErrorDomain ...`, `transfer closed with ... bytes remaining`).
  static func describe(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: "connection refused"
    case .cannotFindHost, .dnsLookupFailed: "host not found"
    case .notConnectedToInternet: "no network connection"
    case .timedOut: "no answer in time"
    case .networkConnectionLost: "the connection was closed before the response was complete"
    case .secureConnectionFailed: "TLS handshake failed"
    case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
      "the server's TLS certificate is not trusted"
    case .serverCertificateHasBadDate, .serverCertificateNotYetValid: "the server's TLS certificate is out of date"
    case .clientCertificateRejected, .clientCertificateRequired: "the server asks for a client certificate"
    case .badServerResponse, .cannotParseResponse: "the server's answer is not valid HTTP"
    case .zeroByteResource: "the server answered with nothing"
    case .cannotDecodeRawData, .cannotDecodeContentData: "the server's answer could not be decoded"
    case .dataLengthExceedsMaximum: "the server's answer is too large"
    case .unsupportedURL, .badURL: "not a URL this tool can request"
    case .cancelled: "the request was cancelled"
    case .httpTooManyRedirects, .redirectToNonExistentLocation: "the server redirects in a loop"
    default: "the connection failed before the response was complete (network error \(error.code.rawValue))"
    }
  }

}
