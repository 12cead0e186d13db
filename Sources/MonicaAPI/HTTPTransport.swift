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
  /// The body, as received.
  package let body: Data

  package init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    self.headers = headers
    self.body = body
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
}

/// Sends requests with URLSession, never following redirects: a redirect is an answer to look at
/// (Monica's login page), and following one could carry the token to another host.
package final class HTTPTransport: NSObject, URLSessionTaskDelegate, Sendable {
  private let session: URLSession
  /// The configuration of `session`, for the one-connection sessions POSTs go through.
  private let configuration: URLSessionConfiguration
  /// Seconds to wait for an answer; enforced here because URLSession on Linux rounds its own
  /// time-outs down to whole seconds (0.5 s became 0).
  private let timeout: TimeInterval

  /// A transport whose requests give up after `timeout` seconds without an answer.
  package init(timeout: TimeInterval) {
    self.timeout = timeout
    configuration = Self.configuration(timeout: timeout)
    session = Self.session(configuration)
  }

  private static func session(_ configuration: URLSessionConfiguration) -> URLSession {
    let delegateQueue = OperationQueue()
    delegateQueue.maxConcurrentOperationCount = 1
    return URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: delegateQueue)
  }

  deinit { session.finishTasksAndInvalidate() }

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
    do {
      let (body, response) = try await data(for: request)
      guard let http = response as? HTTPURLResponse else { throw TransportFailure.dropped("not an HTTP response") }
      var headers: [String: String] = [:]
      for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
      }
      return HTTPResponse(status: http.statusCode, headers: headers, body: body)
    } catch let failure as TransportFailure {
      throw failure
    } catch let error as URLError {
      switch error.code {
      case .timedOut: throw .timedOut
      case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
        .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
        .appTransportSecurityRequiresSecureConnection, .unsupportedURL:
        throw .cannotConnect(Self.describe(error))
      default: throw .dropped(Self.describe(error))
      }
    } catch {
      throw .dropped("the connection failed before the response was complete")
    }
  }

  /// The body and response of one request, cancelled when the calling task is or when the
  /// time-out passes. URLSession's own async `data(for:)` can miss a cancellation that arrives
  /// while the request is being set up, and then never returns: a closed pipe hung the tool.
  private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    // libcurl sends a request again, unasked, when a connection it reused dies before any byte
    // of the answer: safe for a read, not for a POST that the server may have carried out (a
    // reset POST was logged twice by the sandbox). A POST gets a session, so a connection, of
    // its own, which libcurl never retries on; the rate limit makes the extra connect cheap.
    let session = request.httpMethod == "POST" ? Self.session(configuration) : self.session
    defer { if session !== self.session { session.finishTasksAndInvalidate() } }
    let exchange = PendingExchange()
    let outcome: Result<(Data, URLResponse), any Error> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          exchange.finish()
          if let error {
            continuation.resume(returning: .failure(exchange.timedOut ? URLError(.timedOut) : error))
          } else if let data, let response {
            continuation.resume(returning: .success((data, response)))
          } else {
            continuation.resume(returning: .failure(URLError(.badServerResponse)))
          }
        }
        let expiry = DispatchWorkItem { exchange.cancel(timedOut: true) }
        exchange.attach(task, expiry: expiry)
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: expiry)
      }
    } onCancel: {
      exchange.cancel(timedOut: false)
    }
    return try outcome.get()
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

/// Refuses every redirect so that the 3xx itself reaches the caller.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}

/// One request under way, so that a cancellation or a time-out reaches it whenever it comes.
private final class PendingExchange: @unchecked Sendable {
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var cancelled = false
  private var expired = false

  /// Whether the time-out, rather than the caller, cancelled the request.
  var timedOut: Bool { lock.withLock { expired } }

  /// The time-out's pending work, dropped once the answer is in.
  private var expiry: DispatchWorkItem?

  /// Records the task and its time-out; one cancelled before it existed is cancelled now.
  func attach(_ task: URLSessionDataTask, expiry: DispatchWorkItem) {
    let cancelNow = lock.withLock {
      self.task = task
      self.expiry = expiry
      return cancelled
    }
    if cancelNow { task.cancel() }
  }

  /// The answer is in: the time-out is called off and nothing is kept alive for it.
  func finish() {
    let expiry: DispatchWorkItem? = lock.withLock {
      defer {
        self.expiry = nil
        task = nil
      }
      return self.expiry
    }
    expiry?.cancel()
  }

  /// Cancels the request (once it exists), noting whether the time-out did it.
  func cancel(timedOut: Bool) {
    let task: URLSessionDataTask? = lock.withLock {
      guard !cancelled else { return nil }
      cancelled = true
      expired = timedOut
      return self.task
    }
    task?.cancel()
  }
}
