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

  /// `send`, but with `keepingLargeBody` a large 2xx body may be handed over in the temporary
  /// file it was spooled to (`HTTPResponse.spooled`) instead of read back whole: for a reader
  /// that takes it part by part (`PhotoPage`). By default the whole body, as `send` gives it.
  func send(_ request: URLRequest, keepingLargeBody: Bool) async throws(TransportFailure) -> HTTPResponse
}

extension ClientTransport {
  /// The whole body: a transport that keeps answers in memory has no file to hand over.
  package func send(_ request: URLRequest, keepingLargeBody: Bool) async throws(TransportFailure) -> HTTPResponse {
    try await send(request)
  }
}

extension HTTPTransport: ClientTransport {}
