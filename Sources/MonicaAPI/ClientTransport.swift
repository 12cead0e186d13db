import Foundation
import MonicaKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Carries one request to the instance and brings back the whole answer, or why none came:
/// `HTTPTransport` over the network; unit tests hand `MonicaClient` one that answers from the
/// sandbox in memory. Retries, pacing and status mapping stay in the client, above the seam.
package protocol ClientTransport: Sendable {
  /// Sends `request` once (never again by itself) and returns the whole response.
  func send(_ request: URLRequest) async throws(TransportFailure) -> HTTPResponse
}

extension HTTPTransport: ClientTransport {}
