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
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    session = URLSession(configuration: configuration, delegate: downloads, delegateQueue: queue)
  }

  deinit { session.finishTasksAndInvalidate() }

  /// Sends `request` and waits for its whole answer, the limit, the time-out or a cancellation.
  func exchange(_ request: URLRequest) async -> BoundedExchange {
    if Task.isCancelled { return .failed(.dropped("the request was cancelled")) }
    let task = session.dataTask(with: request)
    let id = task.taskIdentifier
    let (downloads, timeout) = (self.downloads, self.timeout)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // A cancellation or the time-out ends the wait itself: URLSession does not always report
        // a task cancelled before it started, and a wait that nothing ends would hang the tool.
        guard downloads.start(id, continuation: continuation) else { return }
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

/// The transfers under way, fed by URLSession's delegate callbacks.
/// `@unchecked`: every field is behind `lock`.
///
/// A task is never both cancelled and answered a redirect. In FoundationNetworking a task that
/// met a 3xx waits in `waitingForRedirectCompletionHandler`; the answer to
/// `willPerformHTTPRedirection` is queued on the task's work queue and traps ("Received callback
/// for HTTP redirection, but we're not waiting for it") unless the task is still waiting, while
/// `cancel()` queues `stopLoading`, which moves it to `transferFailed`
/// (swift-corelibs-foundation HTTPURLProtocol.swift `redirectFor`, `didCompleteRedirectCallback`;
/// URLSessionTask.swift `cancel`; NativeProtocol.swift `stopLoading`). So whichever comes first,
/// under `lock`, wins: a redirect answered (with nil: not followed) is never cancelled, it
/// completes by itself; a task cancelled (time-out, cancellation, too large) never gets its
/// redirect answered, its cancellation completes it. URLSession's own time-out, which would also
/// end the wait, is set a second past this transport's (`HTTPTransport.configuration`). The
/// answer to `didReceive response` is held to the same rule.
final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  struct Download {
    var continuation: CheckedContinuation<BoundedExchange, Never>
    var body = Data()
    var response: HTTPURLResponse?
    var tooLarge = false
    var expiry: DispatchWorkItem?
  }

  /// How a task's end was decided, beside its transfer.
  enum Ending {
    /// Its redirect was answered: it completes by itself and must not be cancelled.
    case redirectAnswered
    /// It was cancelled: its redirect, if one comes, must not be answered.
    case cancelled
    /// URLSession reported it complete.
    case finished
  }

  private let limit: Int
  private let lock = NSLock()
  private var table: [Int: Download] = [:]
  private var endings: [Int: Ending] = [:]

  private func withDownloads<T>(_ body: (inout [Int: Download]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&table)
  }

  init(limit: Int) { self.limit = limit }

  /// Ids abandoned before their transfer was registered.
  private var abandoned: Set<Int> = []

  /// Registers a transfer; false (and the continuation resumed) when it was abandoned already.
  func start(_ id: Int, continuation: CheckedContinuation<BoundedExchange, Never>) -> Bool {
    let early = withDownloads { table -> Bool in
      if abandoned.remove(id) != nil { return true }
      table[id] = Download(continuation: continuation)
      return false
    }
    if early { continuation.resume(returning: .failed(.dropped("the request was cancelled"))) }
    return !early
  }

  /// Ends the wait for a transfer with `outcome` now, whatever URLSession reports later; true
  /// when the caller is to cancel the task (no redirect of it was answered, it did not finish,
  /// it was not cancelled already), and then it is marked cancelled.
  func abandon(_ id: Int, with outcome: BoundedExchange) -> Bool {
    let (download, cancel) = withDownloads { table -> (Download?, Bool) in
      let download = table.removeValue(forKey: id)
      if download == nil && endings[id] == nil { abandoned.insert(id) }
      return (download, markCancelled(id))
    }
    download?.expiry?.cancel()
    download?.continuation.resume(returning: outcome)
    return cancel
  }

  /// Ends the wait for a transfer whose time is up: `tooSlow` when its answer had begun,
  /// `failed(.timedOut)` when nothing came; true when the caller is to cancel the task.
  func expire(_ id: Int) -> Bool {
    let began = withDownloads { $0[id]?.response != nil }
    return abandon(id, with: began ? .tooSlow : .failed(.timedOut))
  }

  /// Marks a task cancelled unless its end was decided already; whether it was. Under `lock`.
  private func markCancelled(_ id: Int) -> Bool {
    guard endings[id] == nil else { return false }
    endings[id] = .cancelled
    return true
  }

  func attach(_ id: Int, expiry: DispatchWorkItem) {
    withDownloads { $0[id]?.expiry = expiry }
  }

  /// Answered under `lock`, and not at all once the task was cancelled: FoundationNetworking
  /// traps ("Received response disposition, but we're not waiting for it",
  /// NativeProtocol.swift `didCompleteResponseCallback`) when the answer reaches a task its
  /// cancellation moved on. Answering under the lock queues the answer before any cancellation
  /// decided after it, and the task's work queue runs them in that order.
  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let declared = response.expectedContentLength
    withDownloads { downloads in
      let id = dataTask.taskIdentifier
      downloads[id]?.response = http
      let over = declared > Int64(limit)
      if over { downloads[id]?.tooLarge = true }
      switch endings[id] {
      case .cancelled?:
        // Its cancellation ends it.
        return
      case nil where over:
        // Too large by its header: the answer cancels it, nothing else may.
        endings[id] = .cancelled
        completionHandler(.cancel)
      default:
        // Within the limit, or a redirect's own answer (never cancelled): the body is still
        // counted as it arrives.
        completionHandler(.allow)
      }
    }
  }

  /// Counts the body as it arrives and cancels the transfer the moment it passes the limit,
  /// whatever its framing (no Content-Length, chunked without end). The body is appended in
  /// place: URLSession queues these callbacks without waiting for them, so one that copied the
  /// body (quadratic) let the queue, and memory, grow by gigabytes behind a fast sender.
  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let over = withDownloads { downloads -> Bool in
      // No copy of the entry is bound: it would share the body and make the append copy it.
      guard downloads[id]?.tooLarge == false else { return false }
      if (downloads[id]?.body.count ?? 0) + data.count > limit { return true }
      downloads[id]?.body.append(data)
      return false
    }
    // The wait ends now, the body is dropped, and the transfer is cancelled: the callbacks still
    // queued find no entry and return at once.
    if over, abandon(id, with: .tooLarge) { dataTask.cancel() }
  }

  /// Redirects are not followed: the 3xx is the answer. Answered once, and only while the task
  /// was not cancelled (then its cancellation ends it, and an answer would trap).
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    withDownloads { _ in
      guard endings[task.taskIdentifier] == nil else { return }
      endings[task.taskIdentifier] = .redirectAnswered
      completionHandler(nil)
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let download = withDownloads { table -> Download? in
      endings[task.taskIdentifier] = .finished
      return table.removeValue(forKey: task.taskIdentifier)
    }
    guard let download else { return }
    download.expiry?.cancel()
    let http = download.response ?? (task.response as? HTTPURLResponse)
    let outcome: BoundedExchange
    if download.tooLarge {
      outcome = .tooLarge
    } else if let error {
      outcome = .failed(HTTPTransport.failure(error))
    } else if let http {
      var headers: [String: String] = [:]
      for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
      }
      outcome = .answered(HTTPResponse(status: http.statusCode, headers: headers, body: download.body))
    } else {
      outcome = .failed(.dropped("not an HTTP response"))
    }
    download.continuation.resume(returning: outcome)
  }
}
