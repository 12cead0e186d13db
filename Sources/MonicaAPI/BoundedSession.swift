import Foundation
import MonicaKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What one bounded exchange came to.
package enum BoundedExchange: Sendable {
  /// A whole answer, its body within the limit.
  case answered(HTTPResponse)
  /// The body passed the limit (by its Content-Length, or counted as it arrived): the transfer
  /// was stopped there and nothing of it kept.
  case tooLarge
  /// The answer began (its status and headers came) but its body did not end within the
  /// time-out: a body that trickles. The transfer was stopped and nothing of it kept.
  case tooSlow
  /// No answer.
  case failed(TransportFailure)
}

/// A URLSession whose answers are counted as they arrive: a body is cut the moment it passes
/// `limit` bytes, whatever its framing (a Content-Length, chunked without end), and the wait
/// ends at `timeout` however slowly the body comes. Both transports send through one: the API's
/// (`HTTPTransport`, `BodyLimits.apiAnswer`) and the images' (`ImageTransport`,
/// `BodyLimits.image`). Redirects are never followed: a 3xx is the answer.
final class BoundedSession: Sendable {
  private let session: URLSession
  private let downloads: DownloadDelegate
  private let timeout: TimeInterval
  /// The most body bytes kept.
  let limit: Int

  /// A session with `configuration`, giving up after `timeout` seconds and past `limit` bytes.
  init(configuration: URLSessionConfiguration, timeout: TimeInterval, limit: Int) {
    self.timeout = timeout
    self.limit = limit
    downloads = DownloadDelegate(limit: limit)
    session = URLSession(configuration: configuration, delegate: downloads, delegateQueue: InlineDelegateQueue.make())
  }

  deinit { session.finishTasksAndInvalidate() }

  /// Sends `request` and waits for its whole answer, the limit, the time-out or a cancellation.
  /// With `keepingLargeBody`, a 2xx body past `BodySpool.memoryPart` stays in its temporary file.
  func exchange(_ request: URLRequest, keepingLargeBody: Bool = false) async -> BoundedExchange {
    if Task.isCancelled { return .failed(.dropped("the request was cancelled")) }
    let task = session.dataTask(with: request)
    let id = task.taskIdentifier
    let (downloads, timeout) = (self.downloads, self.timeout)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // A cancellation or the time-out ends the wait itself: URLSession does not always report
        // a task cancelled before it started, and a wait that nothing ends would hang the tool.
        guard downloads.start(id, continuation: continuation, keepingLargeBody: keepingLargeBody) else { return }
        let expiry = DispatchWorkItem { [downloads] in
          if downloads.expire(id) { task.cancel() }
        }
        downloads.attach(id, expiry: expiry)
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: expiry)
      }
    } onCancel: {
      if downloads.abandon(id, with: .failed(.dropped("the request was cancelled"))) { task.cancel() }
    }
  }
}
