import Foundation
import MonicaKit
import Synchronization

/// How a run of `monica-fetch` uses the response cache.
package enum CacheMode: Sendable, Equatable {
  /// Nothing is read or stored (a 401 or 403 still drops the profile's cache).
  case off
  /// Answers at most this old are replayed with no request; older or missing ones are fetched
  /// and stored, and any cached copy stands in when the instance is down.
  case fresh(TimeToLive)
  /// Only the cache answers, whatever the age: no request at all.
  case offline

  /// The mode `--cache[=TTL]`, `--offline`, `--no-cache` and `MONICA_CACHE=TTL` ask for.
  package static func resolve(
    cache: TimeToLive?, offline: Bool, noCache: Bool, environment: ToolEnvironment
  ) throws(MonicaError) -> CacheMode {
    if noCache && (offline || cache != nil) {
      throw .usage("--no-cache cannot be combined with \(offline ? "--offline" : "--cache")")
    }
    if offline { return .offline }
    if noCache { return .off }
    if let cache { return .fresh(cache) }
    guard let text = environment["MONICA_CACHE"] else { return .off }
    guard let ttl = TimeToLive(text) else {
      throw .usage("MONICA_CACHE \(text): expected a duration with its unit, such as 30s, 5m, 2h or 1d")
    }
    return .fresh(ttl)
  }
}

/// One run's use of the encrypted response cache, around every GET `monica-fetch` makes.
///
/// A listing is one entry: its pages in order, as received, stored while they are walked and
/// put in place at the end (whole when the walk reached its last page, as far as it went when
/// the reader had enough), so a replay is always one read of the listing, never pages of two,
/// and parallel runs leave one whole entry. One record or `--page N` is an entry of its own.
/// Entries are keyed by the request (path, query, page size), in the profile's cache under
/// `responses/`. When the instance cannot be reached or fails with 5xx after the retries
/// before anything of a listing was written, its cached copy of any age stands in, with one
/// warning, and the rest of the run asks the instance nothing more. A 401 or 403 drops the
/// profile's cache.
package final class ResponseCache: Sendable {
  /// The subdirectory of the profile's cache.
  static let namespace = "responses"
  /// The most a listing stores (all its pages); a page may be at most 64 MiB.
  static let entryLimit = BodyLimits.cachedListing

  let mode: CacheMode
  private let client: MonicaClient
  private let directory: CacheDirectory
  private let entries: EncryptedCache?
  private let warn: @Sendable (String) -> Void
  private let observe: (@Sendable (String) -> Void)?
  /// The tool environment's clock: when entries are stored, and how old they are.
  let now: @Sendable () -> Date
  private let state = Mutex(State())

  private struct State: Sendable {
    /// Why the instance is out of reach, once a cached copy stood in: later requests of the run
    /// go to the cache only.
    var outage: String?
    /// False once storing failed, or the cache was dropped.
    var storing = true
    /// Whether a discarded entry was reported (once per run).
    var reportedDamage = false
  }

  /// The run's cache for `credentials`; `warn` gets warnings, `observe` (for `--verbose`) one
  /// line per replayed page, `now` tells the time. A cache directory others can enter is an
  /// error with `--offline`, and a warning (no cache) otherwise.
  package init(
    mode: CacheMode, credentials: Credentials, store: CredentialStore, client: MonicaClient,
    warn: @escaping @Sendable (String) -> Void, observe: (@Sendable (String) -> Void)?,
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(MonicaError) {
    let profile = ProfileCache(credentials: credentials, store: store)
    self.mode = mode
    self.client = client
    self.directory = profile.directory
    self.warn = warn
    self.observe = observe
    self.now = now
    guard mode != .off else {
      entries = nil
      return
    }
    let section = profile.section(Self.namespace, entryLimit: Self.entryLimit)
    do {
      try section.checkDirectories()
      entries = section
    } catch {
      if mode == .offline { throw error }
      warn("cache: \(error.message ?? "unusable"); going on without it")
      entries = nil
    }
  }

  // MARK: keys

  /// The entry of one request: the URL with its path and query.
  func requestKey(_ path: String, _ query: [(String, String)]) -> CacheKey {
    CacheKey(instance: client.credentials.instance.instance, resource: "GET " + url(path, query))
  }

  /// The entry of a listing read `size` records per page (as asked: the size that worked, when
  /// the instance refused it, is in the entry).
  func listingKey(_ path: String, _ query: [(String, String)], size: Int) -> CacheKey {
    CacheKey(
      instance: client.credentials.instance.instance,
      resource: "GET pages of " + url(path, [("limit", String(size))] + query))
  }

  private func url(_ path: String, _ query: [(String, String)]) -> String {
    client.url(path, query: query)?.absoluteString ?? path + "?"
      + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
  }

  // MARK: reading

  /// No request may be sent: `--offline`, or the instance was found out of reach in this run.
  var sendsNothing: Bool { mode == .offline || state.withLock { $0.outage } != nil }

  /// The stored entry of `key`, opened; one that cannot be used is removed and reported once.
  func open(_ key: CacheKey, target: String) -> CacheEntryReader? {
    guard let entries else { return nil }
    switch entries.open(key) {
    case .missing: return nil
    case .found(let reader): return reader
    case .discarded(let why):
      reportDiscarded(why, target)
      return nil
    }
  }

  /// Whether an entry stored `age` seconds ago answers with no request: fresh, `--offline`, or
  /// the instance found out of reach (then said on stderr when `announce`).
  func answersAtOnce(age: TimeInterval, what: String, announce: Bool) -> Bool {
    switch mode {
    case .off: return false
    case .offline: return true
    case .fresh(let ttl):
      if age <= ttl.seconds { return true }
      guard state.withLock({ $0.outage }) != nil else { return false }
      if announce { announceStandIn(age: age, what: what) }
      return true
    }
  }

  /// A request failed: a 401 or 403 drops the profile's cache; an outage with a cached copy to
  /// stand in (`standIn` its age) is noted for the rest of the run, announced, and true.
  func failed(_ error: MonicaError, standIn age: TimeInterval?, what: String, announce: Bool) -> Bool {
    if case .notPermitted = error { drop() }
    guard let age, MonicaClient.isOutage(error) else { return false }
    state.withLock { $0.outage = error.message ?? "no answer" }
    if announce { announceStandIn(age: age, what: what) }
    return true
  }

  /// The error for a request the cache cannot answer when nothing may be sent.
  func unavailable(_ target: String, what: String) -> MonicaError {
    if let outage = state.withLock({ $0.outage }) {
      return .unavailable(request: target, detail: "not in the cache, and the instance is out of reach (\(outage))")
    }
    return .notFound("\(what): not in the cache (--offline sends no request)")
  }

  /// `--verbose`: a page or record answered by the cache.
  func replayed(_ target: String, age: TimeInterval) {
    observe?("cached GET \(target) (stored \(DurationText.age(age)) ago)")
  }

  private func announceStandIn(age: TimeInterval, what: String) {
    warn("offline: showing \(what) from \(DurationText.age(age)) ago")
  }

  private func reportDiscarded(_ reason: String, _ target: String) {
    let first = state.withLock { state in
      defer { state.reportedDamage = true }
      return !state.reportedDamage
    }
    if first { warn("cache: discarded an entry (\(target)): \(reason); it is fetched again") }
  }

  // MARK: writing

  /// A writer for the entry of `key`, or `nil` when answers are not stored.
  func writer(_ key: CacheKey, storedAt: Date, size: Int) -> CacheEntryWriter? {
    guard let entries, mode != .offline, state.withLock({ $0.storing }) else { return nil }
    do {
      return try entries.writer(for: key, storedAt: storedAt, metadata: [("limit", String(size))])
    } catch {
      stopStoring(error)
      return nil
    }
  }

  /// Adds a page to `writer`; a failure stops storing for the run.
  func append(_ part: Data, to writer: CacheEntryWriter) {
    do { try writer.append(Array(part)) } catch { stopStoring(error) }
  }

  /// Puts `writer`'s entry in place.
  func commit(_ writer: CacheEntryWriter, complete: Bool) {
    guard state.withLock({ $0.storing }) else {
      writer.abandon()
      return
    }
    do { try writer.commit(complete: complete) } catch { stopStoring(error) }
  }

  private func stopStoring(_ error: MonicaError) {
    let first = state.withLock { state in
      defer { state.storing = false }
      return state.storing
    }
    if first { warn("cache: \(error.message ?? "cannot store"); answers are not stored for the rest of this run") }
  }

  /// The token was refused: what was cached with it goes, and nothing more is stored.
  func drop() {
    state.withLock { $0.storing = false }
    do { try directory.clear() } catch { warn("cache: \(error.message ?? "cannot remove it")") }
  }

  // MARK: one request

  /// The answer to one GET (a record, `--page N`): replayed when the cache may answer it at
  /// once, else from `network` and stored, else (the instance out of reach) the cached copy.
  /// `target` names the request in messages, `what` its object.
  /// A record not cached on its own is looked for in its kind's stored listing, `listed`.
  func answer(
    _ path: String, _ query: [(String, String)], what: String, target: String, listed: ListedRecord? = nil,
    network: () async throws(MonicaError) -> HTTPResponse
  ) async throws(MonicaError) -> PageEnvelope {
    let key = requestKey(path, query)
    var stored: (entry: CacheEntry, envelope: PageEnvelope)?
    if let entries {
      switch entries.read(key) {
      case .missing: break
      case .discarded(let why): reportDiscarded(why, target)
      case .found(let entry):
        if let envelope = try? PageEnvelope(Data(entry.body), request: target) { stored = (entry, envelope) }
      }
    }
    if let stored, answersAtOnce(age: stored.entry.age(at: now()), what: what, announce: true) {
      replayed(target, age: stored.entry.age(at: now()))
      return stored.envelope
    }
    if stored == nil, let listed, let envelope = record(listed, what: what) { return envelope }
    if sendsNothing { throw unavailable(target, what: what) }
    let response: HTTPResponse
    do { response = try await network() } catch {
      if failed(error, standIn: stored?.entry.age(at: now()), what: what, announce: true), let stored {
        return stored.envelope
      }
      throw error
    }
    let envelope = try PageEnvelope(response.body, request: target)
    if let entries, mode != .offline, state.withLock({ $0.storing }) {
      do { try entries.store(CacheEntry(storedAt: now(), body: Array(response.body)), for: key) } catch {
        stopStoring(error)
      }
    }
    return envelope
  }
}
