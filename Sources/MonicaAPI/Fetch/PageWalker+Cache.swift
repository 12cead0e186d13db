import Foundation
import MonicaKit

extension PageWalker {
  /// A walk through the response cache: the stored listing replayed when it may answer at once
  /// (fresh, `--offline`, the instance out of reach), else the listing read from the network and
  /// stored as it goes, else (the first page failed with an outage) the stored copy of any age.
  func cachedWalk(
    _ cache: ResponseCache, pageSize: Int, lowered: (Int, Int) -> Void, _ body: (Page) throws(MonicaError) -> Bool
  ) async throws(MonicaError) -> Int {
    let key = cache.listingKey(path, query, size: pageSize)
    let firstTarget = target(pageQuery(1, pageSize))
    do throws(MonicaError) {
      let stored = cache.open(key, target: firstTarget)
      if let stored, cache.answersAtOnce(age: stored.age(at: cache.now()), what: what, announce: announcesStandIn) {
        return try await replay(stored, key: key, cache, body)
      }
      if cache.sendsNothing { throw cache.unavailable(firstTarget, what: what) }
      let first: PageEnvelope
      let size: Int
      do {
        (first, size) = try await firstPage(1, pageSize: pageSize)
      } catch {
        if cache.failed(error, standIn: stored?.age(at: cache.now()), what: what, announce: announcesStandIn),
          let stored
        {
          return try await replay(stored, key: key, cache, body)
        }
        throw error
      }
      if size != pageSize { lowered(pageSize, size) }
      let recorder = WalkRecorder(cache.writer(key, storedAt: cache.now(), size: size), beyond: 0, cache)
      do throws(MonicaError) {
        let used = try await walk(from: first, number: 1, size: size) { (page) throws(MonicaError) -> Bool in
          recorder.record(page)
          return try body(page)
        }
        recorder.finish(failure: nil)
        return used
      } catch {
        recorder.finish(failure: error)
        throw error
      }
    } catch {
      // A token refused on any page: what was cached with it goes.
      if case .notPermitted = error { cache.drop() }
      throw error
    }
  }

  /// Hands the stored pages to `body` in order. A listing stored before it reached its last
  /// page (--max, --since, | head) goes on from the network when more is wanted, and is stored
  /// again with the pages that were added.
  private func replay(
    _ stored: CacheEntryReader, key: CacheKey, _ cache: ResponseCache, _ body: (Page) throws(MonicaError) -> Bool
  ) async throws(MonicaError) -> Int {
    let size = stored["limit"].flatMap { Int($0) } ?? 100
    let writer =
      stored.isComplete || cache.sendsNothing ? nil : cache.writer(key, storedAt: stored.storedAt, size: size)
    let recorder = WalkRecorder(writer, beyond: stored.partCount, cache)
    var number = 0
    var last: PageEnvelope?
    do throws(MonicaError) {
      while let part = try stored.nextPart() {
        number += 1
        let target = self.target(pageQuery(number, size))
        let envelope = try PageEnvelope(Data(part), request: target)
        cache.replayed(target, age: stored.age(at: cache.now()))
        let page = Page(number: number, lastPage: max(envelope.lastPage ?? number, number), envelope: envelope)
        recorder.record(page)
        guard try body(page) else {
          recorder.finish(failure: nil)
          return size
        }
        last = envelope
      }
      if let last, let lastPage = last.lastPage, lastPage > number {
        // The stored listing ends here; the rest comes from the instance, if it may be asked.
        if cache.sendsNothing {
          throw cache.unavailable(target(pageQuery(number + 1, size)), what: what).onPage(number + 1)
        }
        try await rest(from: number + 1, first: last, size: size) { (page) throws(MonicaError) -> Bool in
          recorder.record(page)
          return try body(page)
        }
      }
      recorder.finish(failure: nil)
      return size
    } catch {
      recorder.finish(failure: error)
      throw error
    }
  }
}

/// The pages of a walk going into a cache entry as they are handed over, and the entry put in
/// place at the end: whole when the walk reached its last page, as far as it went when the
/// reader had enough (--max, --since, | head), not at all when it failed or added nothing to
/// the pages already stored.
private final class WalkRecorder {
  private let writer: CacheEntryWriter?
  private let stored: Int
  private let cache: ResponseCache
  private var pages = 0
  private var reachedEnd = false

  init(_ writer: CacheEntryWriter?, beyond stored: Int, _ cache: ResponseCache) {
    self.writer = writer
    self.stored = stored
    self.cache = cache
  }

  func record(_ page: PageWalker.Page) {
    guard let writer else { return }
    cache.append(page.envelope.body, to: writer)
    pages = page.number
    reachedEnd = page.number >= page.lastPage
  }

  /// Commits or abandons the entry; a failure other than a closed output abandons it.
  func finish(failure: MonicaError?) {
    guard let writer else { return }
    if (failure == nil || failure == .outputClosed) && pages > stored {
      cache.commit(writer, complete: reachedEnd)
    } else {
      writer.abandon()
    }
  }
}
