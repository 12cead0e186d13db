import MonicaKit

/// Reads one listing page by page: the first page alone (it tells `last_page`), then up to
/// `concurrency` pages in flight, handed to the caller strictly in page order.
///
/// Page URLs are built from the page numbers, never from `links`, which drop `limit`, `query`,
/// `sort` and `with`. A page is handed over only once it fully arrived and parsed, so a retried
/// request never duplicates records; at most `concurrency` pages are held at once.
package struct PageWalker: Sendable {
  /// The client, shared by every walk of a run (and so its pacer).
  package let client: MonicaClient
  /// The listing's path below `/api`, e.g. `/contacts/12/notes`.
  package let path: String
  /// Search, sort and `with`; `page` and `limit` are added per request.
  package let query: [(String, String)]
  /// The object for messages: `contacts`, `notes of contact #12`.
  package let what: String
  /// Pages in flight once the last page is known.
  package var concurrency = 4
  /// Fetch this page only.
  package var onlyPage: Int?
  /// The last page worth fetching, when fewer records are wanted (`--max`).
  package var recordLimit: Int?
  /// Told once when `meta.total` changes during the walk: the total before and now.
  package var totalMoved: (@Sendable (Int, Int) -> Void)?
  /// The run's response cache, if any: listings are replayed from it and stored in it.
  package var cache: ResponseCache?
  /// Whether a listing shown from the cache because the instance is out of reach says so on
  /// stderr (not for a lookup the user did not ask for, such as a tag's id).
  var announcesStandIn = true

  package init(client: MonicaClient, path: String, query: [(String, String)], what: String) {
    self.client = client
    self.path = path
    self.query = query
    self.what = what
  }

  /// A page as handed to the caller.
  package struct Page: Sendable {
    /// Its number.
    package let number: Int
    /// `meta.last_page`, as the newest page so far said.
    package let lastPage: Int
    /// The records and meta.
    package let envelope: PageEnvelope
  }

  /// Walks the listing with `pageSize` records per request (lowered, and `lowered` called once,
  /// when the instance answers Monica's error 30), calling `body` with each page in order until
  /// it returns false. Returns the page size that worked, for the next walk of the run.
  package func walk(
    pageSize: Int, lowered: (Int, Int) -> Void, _ body: (Page) throws(MonicaError) -> Bool
  ) async throws(MonicaError) -> Int {
    if let cache, onlyPage == nil { return try await cachedWalk(cache, pageSize: pageSize, lowered: lowered, body) }
    let firstNumber = onlyPage ?? 1
    let (first, size) = try await firstPage(firstNumber, pageSize: pageSize)
    if size != pageSize { lowered(pageSize, size) }
    return try await walk(from: first, number: firstNumber, size: size, body)
  }

  /// Hands `first`, page `number`, to `body`, then the pages after it.
  func walk(
    from first: PageEnvelope, number: Int, size: Int, _ body: (Page) throws(MonicaError) -> Bool
  ) async throws(MonicaError) -> Int {
    let lastPage = max(first.lastPage ?? number, number)
    guard try body(Page(number: number, lastPage: lastPage, envelope: first)), onlyPage == nil else { return size }
    guard lastPage > number else { return size }
    try await rest(from: number + 1, first: first, size: size, body)
    return size
  }

  /// The pages after the first. Records added or removed during the walk move `last_page`: the
  /// newest page's meta decides where the walk ends, so records added at the end are not lost.
  func rest(
    from start: Int, first: PageEnvelope, size: Int, _ body: (Page) throws(MonicaError) -> Bool
  ) async throws(MonicaError) {
    let width = max(concurrency, 1)
    let pageCap = recordLimit.map { ($0 + size - 1) / size } ?? Int.max
    var lastPage = max(first.lastPage ?? start - 1, start - 1)
    var last: Int { min(lastPage, pageCap) }
    let firstTotal = first.total
    var moved = false
    let outcome: Result<Void, MonicaError> = await withTaskGroup(of: (Int, Result<PageEnvelope, MonicaError>).self) {
      group in
      var scheduled = start
      var nextToWrite = start
      var ready: [Int: PageEnvelope] = [:]
      var inFlight = 0
      func schedule() {
        // `width` requests in flight; pages held while an earlier one is late are capped at
        // another `width`, so memory stays at a few pages whatever the listing's length.
        while scheduled <= last && inFlight < width && scheduled < nextToWrite + 2 * width {
          let number = scheduled
          group.addTask { (number, await self.fetch(number, size: size)) }
          scheduled += 1
          inFlight += 1
        }
      }
      schedule()
      while let (number, result) = await group.next() {
        inFlight -= 1
        switch result {
        case .failure(let error):
          group.cancelAll()
          return .failure(error.onPage(number))
        case .success(let envelope):
          ready[number] = envelope
          // Answers arrive in the order the server made them: the latest meta is the newest.
          if let newest = envelope.lastPage { lastPage = max(newest, start - 1) }
          if !moved, let firstTotal, let total = envelope.total, total != firstTotal {
            moved = true
            totalMoved?(firstTotal, total)
          }
        }
        while let envelope = ready.removeValue(forKey: nextToWrite) {
          let page = Page(number: nextToWrite, lastPage: lastPage, envelope: envelope)
          nextToWrite += 1
          do throws(MonicaError) {
            guard try body(page) else {
              group.cancelAll()
              return .success(())
            }
          } catch {
            group.cancelAll()
            return .failure(error)
          }
        }
        schedule()
      }
      return .success(())
    }
    try outcome.get()
  }

  /// The first page, halving the page size while the instance answers error 30.
  func firstPage(_ number: Int, pageSize: Int) async throws(MonicaError) -> (PageEnvelope, Int) {
    if let cache, let onlyPage {
      // --page N is one request, and one entry of the cache.
      let pageQuery = self.pageQuery(onlyPage, pageSize)
      let envelope = try await cache.answer(path, pageQuery, what: what, target: target(pageQuery)) {
        () async throws(MonicaError) -> HTTPResponse in
        let response = try await client.getAllowingErrors(path, query: pageQuery)
        if response.status == 400, MonicaClient.errorCode(response.body) == 30, pageSize > 1 {
          throw Self.pageTooLarge(pageSize)
        }
        do throws(MonicaError) { try client.check(response, path: path, query: pageQuery, what: what) } catch {
          throw number > 1 ? error.onPage(number) : error
        }
        return response
      }
      return (envelope, pageSize)
    }
    var size = pageSize
    while true {
      let pageQuery = self.pageQuery(number, size)
      let response = try await client.getAllowingErrors(path, query: pageQuery)
      if response.status == 400, MonicaClient.errorCode(response.body) == 30, size > 1 {
        // Page N of another page size holds other records: with --page, say so instead.
        guard onlyPage == nil else { throw Self.pageTooLarge(size) }
        size = max(size / 2, 1)
        continue
      }
      do {
        try client.check(response, path: path, query: pageQuery, what: what)
        return (try PageEnvelope(response.body, request: target(pageQuery)), size)
      } catch {
        throw number > 1 ? error.onPage(number) : error
      }
    }
  }

  private static func pageTooLarge(_ size: Int) -> MonicaError {
    .usage(
      "--page-size \(size): the instance allows fewer records per page (Monica error 30); "
        + "give a smaller --page-size with --page")
  }

  private func fetch(_ number: Int, size: Int) async -> Result<PageEnvelope, MonicaError> {
    let pageQuery = self.pageQuery(number, size)
    return await Result(catching: { () async throws(MonicaError) in
      let response = try await client.get(path, query: pageQuery, what: what)
      return try PageEnvelope(response.body, request: target(pageQuery))
    })
  }

  func pageQuery(_ number: Int, _ size: Int) -> [(String, String)] {
    [("page", String(number)), ("limit", String(size))] + query
  }

  func target(_ query: [(String, String)]) -> String {
    "/api" + path + "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
  }
}

extension Result where Failure == MonicaError {
  /// The outcome of an async throwing body.
  init(catching body: () async throws(MonicaError) -> Success) async {
    do { self = .success(try await body()) } catch { self = .failure(error) }
  }
}

extension MonicaError {
  /// The error with the page it happened on before its object, for failures mid-listing.
  package func onPage(_ page: Int) -> MonicaError {
    prefixed("page \(page): ")
  }
}
