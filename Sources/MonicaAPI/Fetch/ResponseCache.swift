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
/// Entries are the answers' bodies as received, one per request URL (path and query, page and
/// limit included), in the profile's cache under `responses/`. The pages of one listing are
/// tied together by a walk id: a listing whose first page is replayed replays its further pages
/// only from the same walk, and one whose first page is fetched fetches them all, so a replay
/// never mixes pages of two reads of the listing (a page missing from the walk, as after
/// `--max`, is fetched and joins it). When the instance cannot be reached or fails with 5xx
/// after the retries before anything of a listing was written, its cached copy of any age
/// stands in, with one warning, and the rest of the run asks the instance nothing more. A 401
/// or 403 drops the profile's cache.
final class ResponseCache: Sendable {
  /// The pages of one listing read together: from the network, or replayed from the cache.
  struct Walk: Sendable, Equatable {
    /// The id every page of the walk is stored with.
    let id: String
    /// Whether its first page came from the cache.
    let fromCache: Bool
  }

  /// A page or record as the cache or the network gave it.
  struct Answer: Sendable {
    let envelope: PageEnvelope
    let walk: Walk
  }

  /// The subdirectory of the profile's cache.
  static let namespace = "responses"
  /// The largest answer stored: a page of 100 records is far below, a page of photos with their
  /// data URLs may not be.
  static let entryLimit = 64 << 20

  let mode: CacheMode
  private let client: MonicaClient
  private let directory: CacheDirectory
  private let entries: EncryptedCache?
  private let warn: @Sendable (String) -> Void
  private let observe: (@Sendable (String) -> Void)?
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
  /// line per replayed answer. A cache directory others can enter is an error with `--offline`,
  /// and a warning (no cache) otherwise.
  init(
    mode: CacheMode, credentials: Credentials, store: CredentialStore, client: MonicaClient,
    warn: @escaping @Sendable (String) -> Void, observe: (@Sendable (String) -> Void)?
  ) throws(MonicaError) {
    let profile = ProfileCache(credentials: credentials, store: store)
    self.mode = mode
    self.client = client
    self.directory = profile.directory
    self.warn = warn
    self.observe = observe
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

  /// The answer to one GET of `path` with `query`: replayed when the cache may serve it (fresh,
  /// `--offline`, the instance out of reach, or the next page of a replayed `walk`), else from
  /// `network` and stored; `nil` when `network` gives no answer to keep (it returns `nil`).
  /// `target` names the request in messages, `what` its object; `announce` says whether a
  /// stand-in for an unreachable instance is announced on stderr.
  func answer(
    _ path: String, _ query: [(String, String)], what: String, target: String, continuing walk: Walk?,
    announce: Bool, network: () async throws(MonicaError) -> HTTPResponse?
  ) async throws(MonicaError) -> Answer? {
    let key = CacheKey(
      instance: client.credentials.instance.instance, resource: client.url(path, query: query)?.absoluteString ?? target
    )
    var standIn: (CacheEntry, PageEnvelope)?
    // A walk read from the network has no page in the cache yet: no need to look.
    if walk?.fromCache != false, case let (entry, envelope)? = cached(key, target: target) {
      let outage = state.withLock { $0.outage }
      if let walk {
        if entry["walk"] == walk.id { return replay(entry, envelope, target, walk: walk) }
      } else if case .fresh(let ttl) = mode, entry.isFresh(within: ttl.seconds) {
        return replay(entry, envelope, target, walk: nil)
      } else if mode == .offline {
        return replay(entry, envelope, target, walk: nil)
      } else if outage != nil {
        if announce { announceStandIn(entry, what) }
        return replay(entry, envelope, target, walk: nil)
      } else {
        standIn = (entry, envelope)
      }
    }
    if mode == .offline { throw .notFound("\(what): not in the cache (--offline sends no request)") }
    if let outage = state.withLock({ $0.outage }) {
      throw .unavailable(request: target, detail: "not in the cache, and the instance is out of reach (\(outage))")
    }
    let response: HTTPResponse?
    do {
      response = try await network()
    } catch {
      if case .notPermitted = error { drop() }
      if MonicaClient.isOutage(error), walk == nil, case let (entry, envelope)? = standIn {
        state.withLock { $0.outage = error.message ?? "no answer" }
        if announce { announceStandIn(entry, what) }
        return replay(entry, envelope, target, walk: nil)
      }
      throw error
    }
    guard let response else { return nil }
    let envelope = try PageEnvelope(response.body, request: target)
    let id = walk?.id ?? Self.newWalkID()
    store(Array(response.body), key: key, walk: id)
    return Answer(envelope: envelope, walk: Walk(id: id, fromCache: false))
  }

  /// The cached entry of `key` with its page, when there is a usable one; an unusable one is
  /// removed and reported once.
  private func cached(_ key: CacheKey, target: String) -> (CacheEntry, PageEnvelope)? {
    guard let entries else { return nil }
    let reason: String
    switch entries.read(key) {
    case .missing:
      return nil
    case .found(let entry):
      // Only bodies that were whole pages are stored; one that no longer scans is dropped.
      if let envelope = try? PageEnvelope(Data(entry.body), request: target) { return (entry, envelope) }
      entries.remove(key)
      reason = "not a page"
    case .discarded(let why):
      reason = why
    }
    let first = state.withLock { state in
      defer { state.reportedDamage = true }
      return !state.reportedDamage
    }
    if first { warn("cache: discarded an entry that was \(reason) (\(target)); it is fetched again") }
    return nil
  }

  private func replay(_ entry: CacheEntry, _ envelope: PageEnvelope, _ target: String, walk: Walk?) -> Answer {
    observe?("cached GET \(target) (stored \(DurationText.age(entry.age())) ago)")
    return Answer(envelope: envelope, walk: walk ?? Walk(id: entry["walk"] ?? Self.newWalkID(), fromCache: true))
  }

  private func announceStandIn(_ entry: CacheEntry, _ what: String) {
    warn("offline: showing \(what) from \(DurationText.age(entry.age())) ago")
  }

  private func store(_ body: [UInt8], key: CacheKey, walk: String) {
    guard let entries, state.withLock({ $0.storing }) else { return }
    do {
      try entries.store(CacheEntry(metadata: [("walk", walk)], body: body), for: key)
    } catch {
      let first = state.withLock { state in
        defer { state.storing = false }
        return state.storing
      }
      if first { warn("cache: \(error.message ?? "cannot store"); answers are not stored for the rest of this run") }
    }
  }

  /// The token was refused: what was cached with it goes, and nothing more is stored.
  private func drop() {
    state.withLock { $0.storing = false }
    do { try directory.clear() } catch { warn("cache: \(error.message ?? "cannot remove it")") }
  }

  private static func newWalkID() -> String {
    var generator = SystemRandomNumberGenerator()
    return String(generator.next() as UInt64, radix: 16)
  }
}
