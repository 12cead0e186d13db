import Foundation
import MonicaKit
import Synchronization

/// An image as a source gave it.
package struct FetchedImage: Sendable {
  /// The bytes, checked.
  package let bytes: [UInt8]
  /// Their kind.
  package let kind: ImageKind
  /// `network`, `cache` or `data-url`: where the bytes came from in this run.
  package let from: String
}

/// Why a source gave no image: the reason for the result and the warning, and the error it is
/// under `--strict`.
package struct SourceFailure: Error, Sendable {
  /// The reason, as the result's `reason` has it.
  package let reason: String
  /// The toolset's error, whose status `--strict` exits with.
  package let error: MonicaError
}

/// GETs images from outside the API (gravatar), never with the token: each origin paced by its
/// own `RateLimitPacer` (as the instance's requests are), 429s, 5xx and dropped connections
/// retried as GETs are, and answers cached with their validators: a fresh entry is used with no
/// request, a stale one revalidated with `If-None-Match` / `If-Modified-Since`.
package final class ImageFetcher: Sendable {
  private let transport: ImageTransport
  private let policy: ClientPolicy
  private let cache: AvatarCache?
  private let pacers = Mutex<[String: RateLimitPacer]>([:])
  private let slots: DownloadSlots
  /// The URLs whose answer was over the size cut or never ended, with why: asked once a run.
  private let refused = Mutex<[String: SourceFailure]>([:])
  private let gate = URLGate()

  /// A fetcher with at most `jobs` downloads under way at once.
  package init(policy: ClientPolicy, cache: AvatarCache?, jobs: Int = 8) {
    self.policy = policy
    self.cache = cache
    slots = DownloadSlots(max(jobs, 1))
    transport = ImageTransport(timeout: policy.timeout)
  }

  /// The image at `url`: from the cache while fresh (unless `refresh`), else from the network.
  package func image(_ text: String, refresh: Bool) async throws(SourceFailure) -> FetchedImage {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = url.host, !host.isEmpty
    else { throw SourceFailure(reason: "not an http(s) URL", error: .usage("\(text): not an http(s) URL")) }
    // One download of a URL at a time: a second contact with the same avatar waits for the
    // first, then finds it cached, or refused (`refused`) without asking again.
    await gate.enter(text)
    let outcome: Result<FetchedImage, SourceFailure>
    do { outcome = .success(try await image(text, url: url, refresh: refresh)) } catch { outcome = .failure(error) }
    await gate.leave(text)
    return try outcome.get()
  }

  /// `image(_:refresh:)` once `url` is checked and its turn has come.
  private func image(_ text: String, url: URL, refresh: Bool) async throws(SourceFailure) -> FetchedImage {
    let key = cache?.imageKey(text)
    let cached = key.flatMap { cache?.image($0) }
    if let cached, !refresh, let maxAge = cached.entry["max-age"].flatMap(Double.init),
      cached.entry.isFresh(within: maxAge)
    {
      return FetchedImage(bytes: cached.entry.body, kind: cached.kind, from: "cache")
    }
    var headers = ["Accept": "image/*"]
    if let cached {
      if let etag = cached.entry["etag"] { headers["If-None-Match"] = etag }
      if let modified = cached.entry["last-modified"] { headers["If-Modified-Since"] = modified }
    }
    let response = try await get(url, headers: headers, target: Self.describe(url))
    if response.status == 304, let cached, let key {
      let lifetime = CacheLifetime(headers: response.headers)
      var metadata = cached.entry.metadata.filter { $0.name != "max-age" }
      metadata.append(("max-age", String(lifetime.maxAge)))
      cache?.store(CacheEntry(metadata: metadata, body: cached.entry.body), for: key)
      return FetchedImage(bytes: cached.entry.body, kind: cached.kind, from: "cache")
    }
    let kind = try Self.check(response, target: Self.describe(url))
    let lifetime = CacheLifetime(headers: response.headers)
    if let key, !lifetime.noStore {
      var metadata: [(name: String, value: String)] = [("max-age", String(lifetime.maxAge))]
      if let etag = response.headers["etag"] { metadata.append(("etag", etag)) }
      if let modified = response.headers["last-modified"] { metadata.append(("last-modified", modified)) }
      cache?.store(CacheEntry(metadata: metadata, body: Array(response.body)), for: key)
    }
    return FetchedImage(bytes: Array(response.body), kind: kind, from: "network")
  }

  /// The final answer of a GET after the retries a read gets. An answer over the size cut, or
  /// whose body does not end within the time-out, is not retried, nor asked again in this run.
  private func get(_ url: URL, headers: [String: String], target: String) async throws(SourceFailure)
    -> HTTPResponse
  {
    if let failure = refused.withLock({ $0[url.absoluteString] }) { throw failure }
    let pacer = self.pacer(for: url)
    var attempt = 0
    while true {
      guard !Task.isCancelled, let ticket = await pacer.waitForTurn() else {
        throw SourceFailure(reason: "cancelled", error: .outputClosed)
      }
      let started = ContinuousClock.now
      await slots.acquire()
      let exchange = await transport.get(url, headers: headers)
      await slots.release()
      var delay: TimeInterval?
      let failure: SourceFailure
      switch exchange {
      case .answered(let response):
        await pacer.observe(response, ticket: ticket)
        observe(target, response.status, started)
        switch response.status {
        case 429:
          let asked = RateLimitHeaders(response.headers, now: Date().timeIntervalSince1970).retryAfter
          failure = SourceFailure(
            reason: "HTTP 429 (rate limited) after \(attempt) retr\(attempt == 1 ? "y" : "ies")",
            error: .temporary(request: target, reason: "rate limited (HTTP 429)"))
          if let asked, asked > Waits.longest { throw failure }
          delay = asked.map { max($0, 0.05) } ?? backoff(attempt)
        case 500...599:
          failure = SourceFailure(
            reason: "HTTP \(response.status)",
            error: .unavailable(request: target, detail: "answered HTTP \(response.status)"))
          delay = backoff(attempt)
        default:
          return response
        }
      case .tooLarge:
        await pacer.abandon(ticket)
        observe(target, nil, started)
        throw refuse(
          url,
          SourceFailure(
            reason: "larger than 10 MB",
            error: .protocolViolation(request: target, detail: "the image is larger than 10 MB")))
      case .tooSlow:
        await pacer.abandon(ticket)
        observe(target, nil, started)
        let seconds = policy.timeout == policy.timeout.rounded() ? "\(Int(policy.timeout))" : "\(policy.timeout)"
        let reason = "the image did not arrive within \(seconds) s"
        throw refuse(url, SourceFailure(reason: reason, error: .temporary(request: target, reason: reason)))
      case .failed(let why):
        await pacer.abandon(ticket)
        observe(target, nil, started)
        switch why {
        case .cannotConnect(let text):
          throw SourceFailure(reason: "network error: \(text)", error: .unavailable(request: target, detail: text))
        case .timedOut:
          failure = SourceFailure(
            reason: "network error: no answer in time", error: .temporary(request: target, reason: "no answer in time"))
        case .dropped(let text):
          failure = SourceFailure(reason: "network error: \(text)", error: .unavailable(request: target, detail: text))
        case .tooLarge(let text):
          throw SourceFailure(reason: text, error: .protocolViolation(request: target, detail: text))
        }
        delay = backoff(attempt)
      }
      guard attempt < policy.retries, let wait = delay else { throw failure }
      attempt += 1
      if wait >= Waits.announced { policy.notice?("waiting \(Waits.describe(wait)) before retrying \(target)") }
      do { try await Waits.sleep(seconds: wait) } catch { throw SourceFailure(reason: "cancelled", error: error) }
    }
  }

  /// The image kind of a final answer, or why it is not saved.
  static func check(_ response: HTTPResponse, target: String) throws(SourceFailure) -> ImageKind {
    switch response.status {
    case 200:
      switch ImageKind.verify(Array(response.body), contentType: response.headers["content-type"] ?? "") {
      case .success(let kind): return kind
      case .failure(let refusal):
        throw SourceFailure(reason: refusal.reason, error: .protocolViolation(request: target, detail: refusal.reason))
      }
    case 300...399:
      let location = response.headers["location"].map { " to \(Self.origin(of: $0))" } ?? ""
      let reason = "redirected (HTTP \(response.status))\(location); redirects are not followed"
      throw SourceFailure(reason: reason, error: .protocolViolation(request: target, detail: reason))
    case 401, 403:
      throw SourceFailure(
        reason: "HTTP \(response.status)", error: .notPermitted("\(target): HTTP \(response.status)"))
    case 404, 410:
      throw SourceFailure(
        reason: "HTTP \(response.status) (no such image)", error: .notFound("\(target): no such image"))
    default:
      throw SourceFailure(
        reason: "HTTP \(response.status)",
        error: .protocolViolation(request: target, detail: "unexpected HTTP \(response.status)"))
    }
  }

  /// Notes that `url` is not to be asked again this run; `failure`.
  private func refuse(_ url: URL, _ failure: SourceFailure) -> SourceFailure {
    refused.withLock { $0[url.absoluteString] = failure }
    return failure
  }

  private func pacer(for url: URL) -> RateLimitPacer {
    let origin = Self.origin(of: url.absoluteString)
    return pacers.withLock { pacers in
      if let pacer = pacers[origin] { return pacer }
      let pacer = RateLimitPacer(notice: policy.notice)
      pacers[origin] = pacer
      return pacer
    }
  }

  private func backoff(_ attempt: Int) -> TimeInterval {
    min(policy.backoff * Double(1 << min(attempt, 10)) * Double.random(in: 0.8...1.2), Waits.longest)
  }

  private func observe(_ target: String, _ status: Int?, _ started: ContinuousClock.Instant) {
    guard let observer = policy.observer else { return }
    let elapsed = ContinuousClock.now - started
    observer(
      RequestRecord(
        method: "GET", target: target, status: status,
        milliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000),
        rateLimitRemaining: nil))
  }

  /// `scheme://host:port` of a URL text.
  static func origin(of text: String) -> String {
    guard let components = URLComponents(string: text), let scheme = components.scheme, let host = components.host
    else { return "another place" }
    return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
  }

  /// The URL without its query, for messages (a query can carry someone's e-mail hash).
  static func describe(_ url: URL) -> String {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.query = nil
    components?.user = nil
    components?.password = nil
    return components?.string ?? url.absoluteString
  }
}

/// At most N downloads under way: `--jobs`. Every `acquire` is followed by a `release` however
/// the download ends (a cancelled one ends at once), so waiters never wait for ever.
actor DownloadSlots {
  private var free: Int
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) { free = count }

  /// Waits for a free slot and takes it.
  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Hands the slot to the next waiter, or frees it.
  func release() {
    if waiters.isEmpty {
      free += 1
    } else {
      waiters.removeFirst().resume()
    }
  }
}

/// One holder per URL at a time; the others wait in turn.
actor URLGate {
  private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

  /// Waits until no one holds `url`, then holds it.
  func enter(_ url: String) async {
    guard waiting[url] != nil else {
      waiting[url] = []
      return
    }
    await withCheckedContinuation { waiting[url, default: []].append($0) }
  }

  /// Hands `url` to the next waiter, or lets it go.
  func leave(_ url: String) {
    guard var queue = waiting[url], !queue.isEmpty else {
      waiting[url] = nil
      return
    }
    let next = queue.removeFirst()
    waiting[url] = queue
    next.resume()
  }
}
