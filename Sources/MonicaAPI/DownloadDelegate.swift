import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The transfers under way, fed by URLSession's delegate callbacks.
/// `@unchecked`: every field is behind `lock`.
///
/// The callbacks run on the thread that reports them (`InlineDelegateQueue`): a body's bytes are
/// counted, and dropped once past the limit, as libcurl hands them over, never queued. So this
/// delegate never blocks and never calls what waits for that thread (`URLSessionTask.cancel`,
/// `suspend`, `resume` do, in FoundationNetworking 6.3): cancellations and the answers to
/// URLSession's completion handlers go through `callbacks`, a serial queue of its own, as a
/// delegate queue would have run them.
///
/// A task is never both cancelled and answered a redirect. In FoundationNetworking a task that
/// met a 3xx waits in `waitingForRedirectCompletionHandler`; the answer to
/// `willPerformHTTPRedirection` is queued on the task's work queue and traps ("Received callback
/// for HTTP redirection, but we're not waiting for it") unless the task is still waiting, while
/// `cancel()` queues `stopLoading`, which moves it to `transferFailed`
/// (swift-corelibs-foundation HTTPURLProtocol.swift `redirectFor`, `didCompleteRedirectCallback`;
/// URLSessionTask.swift `cancel`; NativeProtocol.swift `stopLoading`). So whichever is decided
/// first, under `lock`, wins: a redirect answered (with nil: not followed) is never cancelled, it
/// completes by itself; a task cancelled (time-out, cancellation, too large) never gets its
/// redirect answered, its cancellation completes it. URLSession's own time-out, which would also
/// end the wait, is set a second past this transport's (`HTTPTransport.configuration`). The
/// answer to `didReceive response` is held to the same rule.
final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  struct Download {
    var continuation: CheckedContinuation<BoundedExchange, Never>
    var body: BodySpool
    var response: HTTPURLResponse?
    var tooLarge = false
    var expiry: DispatchWorkItem?
    /// A 2xx body that went to its temporary file is handed over there, not read back.
    var keepingLargeBody = false
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
  /// Where cancellations and completion handlers run: never the thread reporting a callback.
  private let callbacks = DispatchQueue(label: "monica.download-callbacks")

  private func withDownloads<T>(_ body: (inout [Int: Download]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&table)
  }

  init(limit: Int) { self.limit = limit }

  /// Ids abandoned before their transfer was registered.
  private var abandoned: Set<Int> = []

  /// Registers a transfer; false (and the continuation resumed) when it was abandoned already.
  func start(
    _ id: Int, continuation: CheckedContinuation<BoundedExchange, Never>, keepingLargeBody: Bool = false
  ) -> Bool {
    let early = withDownloads { table -> Bool in
      if abandoned.remove(id) != nil { return true }
      table[id] = Download(continuation: continuation, body: BodySpool(), keepingLargeBody: keepingLargeBody)
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

  /// `abandon`, then the task cancelled on `callbacks` when it is to be: called from a callback.
  private func stop(_ task: URLSessionTask, with outcome: BoundedExchange) {
    guard abandon(task.taskIdentifier, with: outcome) else { return }
    callbacks.async { task.cancel() }
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

  /// Notes the answer's head; one that declares a body over the limit ends the wait now and is
  /// cancelled. The completion handler (which FoundationNetworking 6.3 ignores for HTTP,
  /// URLSessionTask.swift `urlProtocol(_:didReceive:cacheStoragePolicy:)`) is answered on
  /// `callbacks`, under `lock`, and not at all once the task was cancelled: a version that
  /// honours it traps ("Received response disposition, but we're not waiting for it",
  /// NativeProtocol.swift `didCompleteResponseCallback`) when the answer reaches a task its
  /// cancellation moved on.
  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let id = dataTask.taskIdentifier
    let over = response.expectedContentLength > Int64(limit)
    withDownloads { downloads in
      downloads[id]?.response = response as? HTTPURLResponse
      if over { downloads[id]?.tooLarge = true }
    }
    if over { stop(dataTask, with: .tooLarge) }
    callbacks.async { [self] in
      withDownloads { _ in
        // Within the limit, or a redirect's own answer (never cancelled): the body is still
        // counted as it arrives. Once cancelled, its cancellation ends it.
        if endings[id] != .cancelled { completionHandler(.allow) }
      }
    }
  }

  /// Counts the body as libcurl hands it over and drops the transfer the moment it passes the
  /// limit, whatever its framing (no Content-Length, chunked without end): the wait ends, the
  /// bytes kept are let go, and the bytes still coming find no entry and are dropped at once.
  /// Kept bytes go to a `BodySpool`, so an answer under way costs at most its memory part.
  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let outcome = withDownloads { downloads -> BoundedExchange? in
      guard downloads[id]?.tooLarge == false else { return nil }
      if (downloads[id]?.body.count ?? 0) + data.count > limit { return .tooLarge }
      // In place: a copy of the entry bound here would share the spool's buffer.
      guard let failure = downloads[id]?.body.append(data) else { return nil }
      return .failed(.dropped(failure))
    }
    if let outcome { stop(dataTask, with: outcome) }
  }

  /// Redirects are not followed: the 3xx is the answer. Decided once, and only while the task
  /// was not cancelled (then its cancellation ends it, and an answer would trap); answered on
  /// `callbacks`.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let answer = withDownloads { _ -> Bool in
      guard endings[task.taskIdentifier] == nil else { return false }
      endings[task.taskIdentifier] = .redirectAnswered
      return true
    }
    if answer { callbacks.async { completionHandler(nil) } }
  }

  /// No credentials are ever offered (the token travels in its own header, images carry none):
  /// the default handling, answered on `callbacks`.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    callbacks.async { completionHandler(.performDefaultHandling, nil) }
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
      if download.keepingLargeBody, (200...299).contains(http.statusCode), let spooled = download.body.spilled {
        outcome = .answered(HTTPResponse(status: http.statusCode, headers: headers, body: Data(), spooled: spooled))
      } else {
        switch download.body.contents() {
        case .success(let body):
          outcome = .answered(HTTPResponse(status: http.statusCode, headers: headers, body: body))
        case .failure(let failure): outcome = .failed(.dropped(failure.reason))
        }
      }
    } else {
      outcome = .failed(.dropped("not an HTTP response"))
    }
    download.continuation.resume(returning: outcome)
  }
}

#if canImport(FoundationNetworking)
  /// A delegate queue that runs each callback at once, on the thread that adds it: the
  /// session's work queue, which drives libcurl.
  ///
  /// FoundationNetworking hands every piece of a body (16 KiB, libcurl's `CURL_MAX_WRITE_SIZE`)
  /// to the delegate queue with `addOperation` and goes on reading (NativeProtocol.swift
  /// `notifyDelegate(aboutReceivedData:)`): nothing waits for the delegate, and libcurl cannot
  /// be paused ("Need to solve pausing receive"). Behind a fast sender an ordinary queue fell
  /// hundreds of megabytes behind, every piece held in its queued operation: one endless image
  /// answer over loopback peaked at 400-540 MB before its cut at 10 MB was even seen. Run
  /// inline, the count is exact and a piece past the cut is dropped as it arrives.
  final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }

    /// A queue for `URLSession(configuration:delegate:delegateQueue:)`.
    static func make() -> OperationQueue { InlineDelegateQueue() }
  }
#else
  /// Elsewhere URLSession's delegate queue is an ordinary serial one: its transfers wait for
  /// their delegate.
  enum InlineDelegateQueue {
    /// A serial queue for `URLSession(configuration:delegate:delegateQueue:)`.
    static func make() -> OperationQueue {
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 1
      return queue
    }
  }
#endif
