import Foundation
import MonicaKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What one image GET came to.
package typealias ImageExchange = BoundedExchange

/// GETs images from any origin with no credentials: no Authorization header, no cookies, no
/// redirect followed (a 3xx is an answer, so nothing is ever carried to another origin), and the
/// body counted while it arrives, the transfer cancelled once it passes `limit` bytes
/// (`BoundedSession`), so that an endless or huge answer costs no more than the limit in memory.
package final class ImageTransport: Sendable {
  private let session: BoundedSession
  /// The most body bytes kept.
  package var limit: Int { session.limit }

  /// A transport giving up after `timeout` seconds and past `limit` body bytes.
  package init(timeout: TimeInterval, limit: Int = BodyLimits.image) {
    session = BoundedSession(
      configuration: HTTPTransport.configuration(timeout: timeout), timeout: timeout, limit: limit)
  }

  /// GETs `url` with `headers` (never an Authorization header: it is removed if given).
  package func get(_ url: URL, headers: [String: String]) async -> ImageExchange {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    for (name, value) in headers where name.lowercased() != "authorization" && name.lowercased() != "cookie" {
      request.setValue(value, forHTTPHeaderField: name)
    }
    request.setValue("monica-toolset/\(toolsetVersion)", forHTTPHeaderField: "User-Agent")
    return await session.exchange(request)
  }
}
