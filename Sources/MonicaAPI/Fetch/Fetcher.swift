import MonicaKit

/// `monica-fetch`'s one entry point: resolves the credentials, plans the requests and streams
/// every record to the output as NDJSON, in order, byte-for-byte as the server sent it.
package struct Fetcher {
  /// What to fetch.
  package let plan: FetchPlan
  /// The instance, the profile, the client policy and what carries the requests.
  package let connection: Connection
  /// No progress on stderr.
  package var quiet = false
  /// The tool's name for warnings and progress.
  package var tool = "monica-fetch"
  /// `--cache`, `--offline`: how the encrypted response cache is used.
  package var cache = CacheMode.off
  /// Where `-` and `--contact -` read ids from: standard input.
  package var input: Int32 = 0

  package init(plan: FetchPlan, connection: Connection) {
    self.plan = plan
    self.connection = connection
  }

  /// Fetches and writes; on failure every line already written is complete and flushed first.
  package func run(output: LineOutput) async throws(MonicaError) {
    try plan.validate()
    let credentials = try connection.credentials()
    let environment = connection.environment
    let progress = FetchProgress(tool: tool, enabled: environment.stderrIsTerminal && !quiet)
    let client = connection.client(for: credentials)
    let (name, say) = (tool, connection.diagnostics)
    var verbose: (@Sendable (String) -> Void)?
    if connection.policy.observer != nil { verbose = { say("\(name): \($0)") } }
    let responses = try ResponseCache(
      mode: cache, credentials: credentials, store: connection.store, client: client,
      warn: { say("\(name): warning: \($0)") }, observe: verbose, now: environment.clock)
    let session = FetchSession(
      plan: plan, client: client, cache: responses, output: output, progress: progress, tool: tool,
      diagnostics: say)
    (session.quiet, session.input) = (quiet, input)
    do {
      try await session.run()
      progress.finish()
      try output.flush()
    } catch {
      if error != .outputClosed { try? output.flush() }
      progress.finish()
      throw error
    }
  }
}

/// The state of one run: the output, the counts behind `--max`, the page size that works and the
/// contacts already done.
final class FetchSession {
  let plan: FetchPlan
  let client: MonicaClient
  let cache: ResponseCache
  let output: LineOutput
  let progress: FetchProgress
  let tool: String
  /// Where warnings and the summary go (standard error).
  let diagnostics: @Sendable (String) -> Void
  /// `--quiet`: no summary after `--all`.
  var quiet = false
  /// The descriptor ids are read from (standard input).
  var input: Int32 = 0
  /// Records written so far.
  private(set) var written = 0
  /// `--all`: the kind being walked, and `written` when it began, for the progress line.
  private var kindLabel: String?
  private var kindStart = 0
  private var pageSize: Int
  private var finished = false
  /// The ids a listing walk has written: a page read after the listing changed can show a record
  /// an earlier page showed (pages are read side by side), and it is written once.
  private var walkIDs: Set<Int>?
  private var warnedPageSize = false

  init(
    plan: FetchPlan, client: MonicaClient, cache: ResponseCache, output: LineOutput, progress: FetchProgress,
    tool: String, diagnostics: @escaping @Sendable (String) -> Void
  ) {
    self.plan = plan
    self.client = client
    self.cache = cache
    self.output = output
    self.progress = progress
    self.tool = tool
    self.diagnostics = diagnostics
    pageSize = plan.pageSize
  }

  func run() async throws(MonicaError) {
    let kind = plan.resource
    if plan.all {
      try await AccountWalk(session: self, tool: tool).run(quiet: quiet)
    } else if kind.routes.contains(.single) {
      try await one(kind.path, query: [], what: "the \(kind.singular)")
    } else if let id = plan.id {
      let query = plan.withFields ? [RecordKind.withContactFields] : []
      try await one(
        kind.path + "/\(id)", query: query, what: "\(kind.singular) #\(id)", listed: listed(kind, id, query))
    } else if let month = plan.upcoming {
      // One answer with every reminder due that month (ApiReminderController.php `upcoming`).
      try await listing("/reminders/upcoming/\(month)", query: [], what: "the reminders due in month +\(month)")
    } else if plan.idsFromInput {
      try await listed(kind)
    } else if let contact = plan.contact {
      try await perContact(contact)
    } else if let tag = plan.tag {
      let id = try await tagID(tag)
      do {
        try await listing("/tags/\(id)/contacts", query: plan.listingQuery, what: "the contacts of tag #\(id)")
      } catch .notFound {
        throw .notFound("tag #\(id) was not found")
      }
    } else {
      try await listing(kind.path, query: plan.listingQuery, what: kind.name)
    }
  }

  /// `--all` begins a kind: progress counts its records apart from the running total.
  func startKind(_ name: String) {
    (kindLabel, kindStart) = (name, written)
  }

  /// One record (or the signed-in user); `observe` sees it parsed.
  func one(
    _ path: String, query: [(String, String)], what: String, listed: ListedRecord? = nil,
    observe: ((JSONValue) -> Void)? = nil
  ) async throws(MonicaError) {
    let client = self.client
    let envelope = try await cache.answer(path, query, what: what, target: "/api" + path, listed: listed) {
      () async throws(MonicaError) -> HTTPResponse in
      try await client.get(path, query: query, what: what)
    }
    _ = try write(envelope, observe: observe)
  }

  /// The records whose ids standard input lists, one request each, each id once: a chosen
  /// subset, where the whole list would cost more pages than the subset has records.
  private func listed(_ kind: RecordKind) async throws(MonicaError) {
    let reader = ContactIDReader(descriptor: input, object: kind.object)
    var done: Set<Int> = []
    while !finished, let id = try reader.next() {
      guard done.insert(id).inserted else { continue }
      let query = plan.withFields ? [RecordKind.withContactFields] : []
      try await one(
        kind.path + "/\(id)", query: query, what: "\(kind.singular) #\(id)", listed: listed(kind, id, query))
    }
  }

  /// Where the cache may hold record `id` of `kind` besides its own answer: the kind's plain
  /// listing, read with the same `with`, at this run's page size or the default one.
  private func listed(_ kind: RecordKind, _ id: Int, _ query: [(String, String)]) -> ListedRecord? {
    guard kind.routes.contains(.list) else { return nil }
    return ListedRecord(
      path: kind.path, query: query, sizes: Array(Set([pageSize, FetchPlan(resource: kind).pageSize])).sorted(), id: id)
  }

  /// Every page of a listing, or the one `--page` names; `observe` sees each record parsed, and
  /// `write` false reads the records without writing them.
  func listing(
    _ path: String, query: [(String, String)], what: String, write writing: Bool = true,
    observe: ((JSONValue) -> Void)? = nil
  ) async throws(MonicaError) {
    var walker = PageWalker(client: client, path: path, query: query, what: what)
    walker.cache = cache
    walker.concurrency = plan.concurrency
    walker.onlyPage = plan.page
    walker.recordLimit = plan.max.map { $0 - written }
    let (tool, say) = (self.tool, diagnostics)
    walker.totalMoved = { before, now in
      say(
        "\(tool): warning: \(what) changed while they were read (\(before) records when the walk began, "
          + "\(now) now); the newest page count was followed, but records may be missing "
          + "(one met twice is written once)")
    }
    walkIDs = []
    defer { walkIDs = nil }
    // A listing that is the whole kind has its count of the kind; one contact's part has not.
    let label = kindLabel ?? what
    let whole = kindLabel == nil || what == kindLabel
    let start = kindLabel == nil ? written : kindStart
    pageSize = try await walker.walk(pageSize: pageSize, lowered: warnLowered) { (page) throws(MonicaError) in
      guard writing else {
        page.envelope.forEachRecord { record in
          if let value = try? JSONValue(parsing: record) { observe?(value) }
          return true
        }
        return true
      }
      let more = try write(page.envelope, observe: observe)
      progress.update(
        FetchProgress.State(
          label: label, count: written - start, total: whole ? page.envelope.total : nil,
          overall: kindLabel == nil ? nil : written, page: page.number, lastPage: page.lastPage,
          part: whole ? nil : what))
      return more
    }
  }

  /// The items of each contact `--contact` names, each contact once.
  private func perContact(_ selector: ContactSelector) async throws(MonicaError) {
    let kind = plan.resource
    func items(of id: Int) async throws(MonicaError) {
      do {
        try await listing(
          kind.path(ofContact: id), query: plan.listingQuery, what: "\(kind.name) of contact #\(id)")
      } catch .notFound {
        throw .notFound("contact #\(id) was not found")
      }
    }
    switch selector {
    case .id(let id):
      try await items(of: id)
    case .standardInput:
      let reader = ContactIDReader(descriptor: input)
      var done: Set<Int> = []
      while !finished, let id = try reader.next() {
        // The same contact twice would be the same requests and the same records again.
        guard done.insert(id).inserted else { continue }
        try await items(of: id)
      }
    }
  }

  /// The id of a tag given by id or name; a name is looked up in `/api/tags`.
  private func tagID(_ tag: String) async throws(MonicaError) -> Int {
    if let id = Int(tag), id > 0 { return id }
    var found: Int?
    var folded: Int?
    var walker = PageWalker(client: client, path: RecordKind.tag.path, query: [], what: RecordKind.tag.name)
    walker.cache = cache
    walker.announcesStandIn = false
    pageSize = try await walker.walk(pageSize: pageSize, lowered: warnLowered) { (page) throws(MonicaError) in
      page.envelope.forEachRecord { record in
        guard let value = try? JSONValue(parsing: record), let name = value["name"]?.stringValue,
          let id = value["id"]?.intValue
        else { return true }
        if name == tag { found = id }
        if folded == nil && name.lowercased() == tag.lowercased() { folded = id }
        return found == nil
      }
      return found == nil
    }
    guard let id = found ?? folded else { throw .notFound("tag \"\(tag)\" was not found") }
    return id
  }

  /// Writes a record made here (one of a contact's `contactFields`), in Monica's wire form.
  func writeValue(_ value: JSONValue) throws(MonicaError) {
    try output.writeLine(JSONWriter.monica.bytes(value))
    written += 1
  }

  /// Writes a page's records, honouring `--max` and `--since`; false once no more are wanted.
  private func write(_ envelope: PageEnvelope, observe: ((JSONValue) -> Void)? = nil) throws(MonicaError) -> Bool {
    try envelope.forEachRecord { (record) throws(MonicaError) in
      if let max = plan.max, written >= max {
        finished = true
        return false
      }
      if let since = plan.since,
        !since.includes(updatedAt: PageEnvelope.topLevelString("updated_at", in: record))
      {
        // Newest first: everything after this record is older still.
        finished = true
        return false
      }
      if walkIDs != nil, let id = PageEnvelope.topLevelValue("id", in: record)?.intValue,
        walkIDs?.insert(id).inserted == false
      {
        return true
      }
      if let observe, let value = try? JSONValue(parsing: record) { observe(value) }
      try output.writeLine(record)
      written += 1
      return true
    }
    // A page goes out as soon as it arrived, not when the buffer fills.
    try output.flush()
    if let max = plan.max, written >= max { finished = true }
    return !finished
  }

  private func warnLowered(_ asked: Int, _ used: Int) {
    guard !warnedPageSize else { return }
    warnedPageSize = true
    diagnostics(
      "\(tool): warning: the instance refuses \(asked) records per page (Monica error 30); using \(used)")
  }
}
