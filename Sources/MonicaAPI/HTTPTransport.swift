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

  /// A transport whose requests give up after `timeout` seconds without an answer.
  package init(timeout: TimeInterval) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = max(timeout * 6, 60)
    configuration.httpMaximumConnectionsPerHost = 8
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    let delegateQueue = OperationQueue()
    delegateQueue.maxConcurrentOperationCount = 1
    session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: delegateQueue)
  }

  deinit { session.finishTasksAndInvalidate() }

  /// Sends `request` and returns the whole response.
  package func send(_ request: URLRequest) async throws(TransportFailure) -> HTTPResponse {
    do {
      let (body, response) = try await session.data(for: request)
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
      throw .dropped(String(describing: error))
    }
  }

  private static func describe(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: "connection refused"
    case .cannotFindHost, .dnsLookupFailed: "host not found"
    case .networkConnectionLost: "the connection was closed before the response was complete"
    case .secureConnectionFailed: "TLS handshake failed"
    default:
      error.localizedDescription.prefix(1).lowercased() + error.localizedDescription.dropFirst()
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
