import Foundation
import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `monica-sync`'s one entry point: keeps a vdir and a Monica account in step, both ways.
///
/// The order of a run: the account's lock (`AccountLock`), then the status file's (`holdLock`),
/// then the write journal's, so that two runs on one vdir or one account take turns and every
/// decision is made under the locks; then one scan of the vdir (files of at most
/// `SyncOptions.fileSizeLimit`), one paged walk of the contacts with their fields, and a look-up of
/// each contact the status knows that the walk did not show (deleted or archived). The empty-side
/// guard (`SyncDecision.emptySide`) runs before any change. Each item is paired through the
/// status (file name ↔ contact id); a file the status does not know is paired with a contact by
/// its UID (the contact's uuid) or by the identity judgement at almost certain only, never a name
/// alone, and else makes a new contact. `SyncDecision` decides each item; each decision is
/// carried out and recorded in the status before the next: files written atomically (0600),
/// Monica written through Push's `WritePlan` with the journal beside the status (a new contact is
/// made once, looked for when in doubt after a kill).
package struct SyncRun {
  /// What was asked.
  package let options: SyncOptions
  /// The environment, `--profile`, the client policy.
  package let connection: Connection
  /// The tool's name for messages.
  package var tool = "monica-sync"

  package init(options: SyncOptions, connection: Connection) {
    self.options = options
    self.connection = connection
  }

  /// Runs with a client of the connection's instance.
  package func run(output: LineOutput) async throws(MonicaError) -> SyncSummary {
    let connection = options.quiet ? self.connection.adjusting { $0.notice = nil } : self.connection
    return try await SyncRun(options: options, connection: connection).run(
      client: try connection.client(), output: output)
  }

  /// Runs with `client`; `--dry-run`'s actions go to `output`, one line each.
  package func run(client: MonicaClient, output: LineOutput) async throws(MonicaError) -> SyncSummary {
    let session = try SyncSession(options: options, connection: connection, client: client, output: output, tool: tool)
    defer { session.close() }
    let summary = try await session.run()
    try output.flush()
    if !options.quiet && (summary.changedAnything || summary.conflicts > 0 || options.dryRun) {
      connection.diagnostics("\(tool): \(options.dryRun ? "would have " : "")\(summary.text)")
    }
    if summary.conflicts > 0 {
      throw .linesFailed(
        "\(summary.conflicts) \(summary.conflicts == 1 ? "conflict" : "conflicts") left as they are "
          + "(named above; --prefer monica|vdir settles them)", status: .dataError)
    }
    return summary
  }
}

/// A vdir file as the scan found it.
struct SyncFile {
  let name: String
  /// `mtime-seconds.nanoseconds:inode`, as vdirsyncer's filesystem storage.
  let etag: String
  /// Its card, or why it cannot be synced.
  let card: Result<SyncCard, SyncCardProblem>
}

/// A contact as the walk read it.
struct SyncContact {
  let id: Int
  let uuid: String
  let updatedAt: String?
  /// The record, `with=contactfields`.
  let record: JSONObject
  /// The record's bytes, for rendering its card in a file's version.
  let bytes: [UInt8]
  /// Its card as `monica-format vcard` renders it (4.0).
  let card: SyncCard
}

/// One run's state: the locks, the status, the journal, the two sides.
final class SyncSession {
  let options: SyncOptions
  let connection: Connection
  let client: MonicaClient
  let output: LineOutput
  let tool: String
  let today: CalendarDate
  let directory: String
  var status: SyncStatusFile?
  var journal: IDMap?
  var resume: ResumePoint?
  var accountLock: AccountLock?
  var account: SyncAccount?
  var summary = SyncSummary()
  var files: [String: SyncFile] = [:]
  var contacts: [Int: SyncContact] = [:]
  /// The contacts made this run from new files.
  var made = Set<Int>()

  init(
    options: SyncOptions, connection: Connection, client: MonicaClient, output: LineOutput, tool: String
  ) throws(MonicaError) {
    (self.options, self.connection, self.client, self.output, self.tool) = (options, connection, client, output, tool)
    today = options.today ?? CalendarDate.today()
    directory = options.directory
  }

  func close() {
    accountLock?.release()
  }

  func warn(_ text: String) { connection.diagnostics("\(tool): \(TerminalText.safe(text))") }

  func run() async throws(MonicaError) -> SyncSummary {
    try checkDirectory()
    let statusPath =
      options.statusPath ?? SyncOptions.statusFile(stateHome: connection.environment.stateHome, directory: directory)
    if !options.dryRun {
      // The account's lock first, then the status's, then the journal's (AccountLock's order).
      let lock = try await client.lockAccount(environment: connection.environment) { warn($0) }
      accountLock = lock
      if options.statusPath == nil {
        let sync = SecureFiles.parent(of: statusPath)
        try SecureFiles.makePrivateDirectory(SecureFiles.parent(of: sync))
        try SecureFiles.makePrivateDirectory(sync)
      }
      let status = try SyncStatusFile(path: statusPath, create: true)
      try status.holdLock { warn($0) }
      let name = (lock.path as NSString).lastPathComponent
      if let known = status.account, known != name {
        throw .configuration(
          "\(statusPath): this vdir is synced with another account; give this one a status of its own (--status FILE)")
      }
      if status.account == nil { try status.record(account: name) }
      self.status = status
      let journal = try IDMap(path: statusPath + ".journal")
      try journal.lockForRun { warn($0) }
      (self.journal, resume) = (journal, ResumePoint(journal: journal))
    } else {
      status = try SyncStatusFile(path: statusPath, create: false)
    }
    try scan()
    try await walk()
    let entries = status?.entries ?? [:]
    let cards = files.count
    if let refusal = SyncDecision.emptySide(
      files: cards, contacts: contacts.count, known: entries.count, force: options.forceDelete)
    {
      throw .configuration("\(directory): \(refusal)")
    }
    try await syncKnown(entries)
    try await syncNew(entries)
    if !options.dryRun {
      try status?.sync()
      try status?.compact()
    }
    return summary
  }

  // MARK: the two sides

  /// The vdir must be a directory; a missing one is made (0700) unless nothing is written.
  private func checkDirectory() throws(MonicaError) {
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw .configuration("\(directory): not a directory") }
      return
    }
    guard errno == ENOENT else { throw .configuration("\(directory): \(systemErrorText(errno))") }
    if !options.dryRun { try SecureFiles.makePrivateDirectory(directory) }
  }

  /// Every `.vcf` file of the vdir that is a regular file (links are not followed), not hidden
  /// (temporary files of writers), and at most `fileSizeLimit` bytes.
  private func scan() throws(MonicaError) {
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
      if options.dryRun, !FileManager.default.fileExists(atPath: directory) { return }
      throw .configuration("\(directory): cannot list the vdir: \(error.localizedDescription)")
    }
    for name in names.sorted() where name.hasSuffix(".vcf") && !name.hasPrefix(".") {
      let path = directory + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      let etag = Self.etag(info)
      if info.st_size > off_t(SyncOptions.fileSizeLimit) {
        let problem = SyncCardProblem("larger than \(BodyLimits.describe(SyncOptions.fileSizeLimit))")
        files[name] = SyncFile(name: name, etag: etag, card: .failure(problem))
        continue
      }
      files[name] = SyncFile(name: name, etag: etag, card: SyncCard.read(path: path, name: name, today: today))
    }
  }

  static func etag(_ info: stat) -> String {
    "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ino)"
  }

  /// One paged walk of the contacts with their fields.
  private func walk() async throws(MonicaError) {
    var walker = PageWalker(
      client: client, path: RecordKind.contact.path, query: [("with", "contactfields")], what: RecordKind.contact.name)
    let tool = self.tool
    let warn = connection.diagnostics
    walker.totalMoved = { before, now in
      warn("\(tool): warning: contacts changed while they were read (\(before), now \(now))")
    }
    var found: [Int: SyncContact] = [:]
    var refused = 0
    let today = self.today
    // Progress on a terminal only, never with --quiet: a long walk says how far it is.
    let progress = FetchProgress(tool: tool, enabled: connection.environment.stderrIsTerminal && !options.quiet)
    defer { progress.finish() }
    var count = 0
    _ = try await walker.walk(
      pageSize: 100,
      lowered: { asked, used in
        warn("\(tool): warning: the instance refuses \(asked) records per page (Monica error 30); using \(used)")
      }
    ) { (page) throws(MonicaError) in
      count += page.envelope.records.count
      progress.update(
        FetchProgress.State(
          label: RecordKind.contact.name, count: count, total: page.envelope.total, overall: nil, page: page.number,
          lastPage: page.lastPage, part: nil))
      page.envelope.forEachRecord { bytes in
        let record = Array(bytes)
        guard let value = try? JSONValue(parsing: record), case .object(let object) = value,
          object["object"]?.stringValue == RecordKind.contact.object, let id = object["id"]?.intValue,
          let uuid = object["uuid"]?.stringValue
        else {
          refused += 1
          return true
        }
        guard let card = try? SyncCard(lines: VCardLines.lines(of: record), today: today) else {
          refused += 1
          return true
        }
        found[id] = SyncContact(
          id: id, uuid: uuid, updatedAt: object["updated_at"]?.stringValue, record: object, bytes: record, card: card)
        return true
      }
      return true
    }
    if refused > 0 { self.warn("warning: \(refused) records of the contact listing could not be read; left alone") }
    contacts = found
  }

  /// Whether the contact the status knows, missing from the walk, is deleted (404) or only out
  /// of the list (archived, or a partial contact): one look-up.
  private func isDeleted(_ id: Int) async throws(MonicaError) -> Bool {
    let path = RecordKind.contact.path + "/\(id)"
    let response = try await client.getAllowingErrors(path)
    if response.status == 404 { return true }
    try client.check(response, path: path, what: "contact #\(id)")
    return false
  }

  // MARK: items the status knows

  private func syncKnown(_ entries: [String: SyncStatusFile.Entry]) async throws(MonicaError) {
    for entry in entries.values.sorted(by: { $0.file < $1.file }) {
      let file = files[entry.file]
      var fileCard: SyncCard?
      if let file {
        switch file.card {
        case .success(let card): fileCard = card
        case .failure(let problem):
          warn("\(directory)/\(entry.file): \(problem.reason); left alone")
          continue
        }
      }
      if case .creating(let key) = entry.state {
        try await resumeCreate(entry, key: key, file: file, card: fileCard)
        continue
      }
      guard let id = entry.contact else { continue }
      let contact = contacts[id]
      let fileSide: SyncDecision.File
      if let file, let fileCard {
        fileSide = file.etag == entry.etag || fileCard.hash == entry.fileHash ? .unchanged : .changed
      } else {
        fileSide = .gone
      }
      let monicaSide: SyncDecision.Monica
      if let contact {
        monicaSide = contact.card.hash == entry.monicaHash ? .unchanged : .changed
      } else {
        monicaSide = try await isDeleted(id) ? .deleted : .archived
      }
      let same = fileCard != nil && contact != nil && fileCard?.values == contact?.card.values
      let sides = SyncDecision.Sides(file: fileSide, monica: monicaSide, same: same, resuming: entry.state == .pushing)
      let action = SyncDecision.decide(sides, prefer: options.prefer, propagateDeletes: options.propagateDeletes)
      try await carry(action, entry: entry, file: file, card: fileCard, contact: contact)
    }
  }

  /// Carries out one item's decision and records it.
  private func carry(
    _ action: SyncDecision.Action, entry: SyncStatusFile.Entry, file: SyncFile?, card: SyncCard?, contact: SyncContact?
  ) async throws(MonicaError) {
    let uuid = contact?.uuid ?? entry.uuid ?? "-"
    switch action {
    case .nothing, .keep:
      // In step: a new etag (a touch, a rewrite to the same content) or updated_at is recorded.
      guard let file, let card, let contact, !options.dryRun else { return }
      if file.etag != entry.etag || contact.updatedAt != entry.updatedAt || contact.card.hash != entry.monicaHash {
        try status?.record([inStep(entry.file, card: card, etag: file.etag, contact: contact)], durable: false)
      }
      noteUnsynced(entry, card: card, contact: contact)
    case .record:
      guard let file, let card, let contact else { return }
      try say("record", entry.file, uuid, "both sides hold the same values")
      guard !options.dryRun else { return }
      try status?.record([inStep(entry.file, card: card, etag: file.etag, contact: contact)])
      noteUnsynced(entry, card: card, contact: contact)
    case .pull:
      guard let contact else { return }
      let changed = contact.card.values.changedGroups(since: entry.groups, photo: contact.card.photo)
      try say("pull", entry.file, uuid, Self.names(changed))
      summary.pulled += 1
      guard !options.dryRun else { return }
      try writeFile(entry.file, contact: contact, over: card, basePhoto: Self.photoGroup(entry.groups), uid: nil)
    case .restore:
      guard let contact else { return }
      try say("restore", entry.file, uuid, "deleted in the vdir; written back from Monica")
      summary.written += 1
      guard !options.dryRun else { return }
      warn(
        "\(directory)/\(entry.file): deleted in the vdir, written back from Monica (--propagate-deletes deletes the "
          + "contact instead)")
      try writeFile(entry.file, contact: contact, over: nil, basePhoto: nil, uid: entry.uid)
    case .push:
      guard let card, let file, let contact else { return }
      let changed = card.values.changedGroups(since: entry.groups, photo: card.photo)
      try say("push", entry.file, uuid, Self.names(changed))
      summary.pushed += 1
      guard !options.dryRun else { return }
      try await push(entry, file: file, card: card, contact: contact)
    case .delete:
      guard let id = entry.contact else { return }
      try say("delete", entry.file, uuid, "the file was deleted")
      summary.deleted += 1
      guard !options.dryRun else { return }
      try await deleteContact(id)
      try status?.forget([entry.file])
    case .remove:
      try say("remove", entry.file, uuid, "the contact was deleted in Monica")
      summary.removed += 1
      guard !options.dryRun else { return }
      if file != nil { try SecureFiles.remove(directory + "/" + entry.file) }
      try status?.forget([entry.file])
    case .forget:
      guard !options.dryRun else { return }
      try status?.forget([entry.file])
    case .create:
      // A changed file whose contact was deleted, settled for the vdir: made again.
      guard let file, let card else { return }
      try say("create", entry.file, uuid, "the contact was deleted in Monica; made again from the file")
      summary.created += 1
      guard !options.dryRun else { return }
      try await create(file: file, card: card, key: nil)
    case .write:
      return
    case .conflict(let kind):
      summary.conflicts += 1
      try say("conflict", entry.file, uuid, kind.rawValue)
      let fileChanges = card.map { Self.names($0.values.changedGroups(since: entry.groups, photo: $0.photo)) }
      let monicaChanges = contact.map {
        Self.names($0.card.values.changedGroups(since: entry.groups, photo: $0.card.photo))
      }
      switch kind {
      case .changedDeleted:
        warn(
          "conflict: \(directory)/\(entry.file) (contact \(uuid)): changed in the file (\(fileChanges ?? "-")), "
            + "deleted in Monica; both left as they are")
      default:
        warn(
          "conflict: \(directory)/\(entry.file) (contact \(uuid)): changed in the file (\(fileChanges ?? "-")) and "
            + "in Monica (\(monicaChanges ?? "-")); both left as they are")
      }
    }
  }

  // MARK: items new on either side

  private func syncNew(_ entries: [String: SyncStatusFile.Entry]) async throws(MonicaError) {
    var paired = Set(entries.values.compactMap(\.contact))
    var byUUID: [String: Int] = [:]
    for contact in contacts.values where !paired.contains(contact.id) { byUUID[contact.uuid.lowercased()] = contact.id }
    var index = IdentityIndex<Int>()
    for contact in contacts.values.sorted(by: { $0.id < $1.id }) where !paired.contains(contact.id) {
      index.add(Person(contact: JSONValue.object(contact.record)), as: contact.id)
    }
    for file in files.values.sorted(by: { $0.name < $1.name }) where entries[file.name] == nil {
      guard case .success(let card) = file.card else {
        if case .failure(let problem) = file.card { warn("\(directory)/\(file.name): \(problem.reason); left alone") }
        continue
      }
      var match: Int?
      if let uid = card.uid?.lowercased() {
        let bare = uid.hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
        match = byUUID[bare]
        if match == nil, let other = entries.values.first(where: { $0.uuid?.lowercased() == bare }) {
          // A copy of a synced file (its UID is a contact's that has its file): never a second contact.
          warn("\(directory)/\(file.name): its UID is the contact of \(other.file) already; left alone")
          continue
        }
      }
      if match == nil, case .one(let found) = index.identify(Person(card: card.content)),
        found.judgement.score >= IdentityJudgement.almostCertain, !paired.contains(found.key)
      {
        match = found.key
      }
      guard let id = match, let contact = contacts[id] else {
        try say("create", file.name, "-", "a new file")
        summary.created += 1
        if !options.dryRun { try await create(file: file, card: card, key: nil) }
        continue
      }
      paired.insert(id)
      // A file and a contact new on both sides, one person: in step when their values are.
      let sides = SyncDecision.Sides(file: .new, monica: .new, same: card.values == contact.card.values)
      let action = SyncDecision.decide(sides, prefer: options.prefer, propagateDeletes: options.propagateDeletes)
      let entry = SyncStatusFile.Entry(
        file: file.name, uid: card.uid ?? "", uuid: contact.uuid, contact: contact.id, etag: file.etag,
        fileHash: card.hash)
      try await carry(action, entry: entry, file: file, card: card, contact: contact)
    }
    // Contacts made from new files above have their files already.
    paired.formUnion(made)
    for contact in contacts.values.sorted(by: { $0.id < $1.id }) where !paired.contains(contact.id) {
      var name = VdirName.fileName(uid: contact.uuid, fileExtension: "vcf")
      var occurrence = 1
      while files[name] != nil || FileManager.default.fileExists(atPath: directory + "/" + name) {
        occurrence += 1
        name = VdirName.fileName(uid: contact.uuid, occurrence: occurrence, fileExtension: "vcf")
      }
      try say("write", name, contact.uuid, "a new contact")
      summary.written += 1
      guard !options.dryRun else { continue }
      try writeFile(name, contact: contact, over: nil, basePhoto: nil, uid: nil)
    }
  }

  // MARK: writes

  /// Writes the file `name` from `contact` (merged onto the file's card `over`), atomically and
  /// 0600, unless it holds those bytes already, and records the item in step.
  private func writeFile(
    _ name: String, contact: SyncContact, over card: SyncCard?, basePhoto: String?, uid: String?
  ) throws(MonicaError) {
    let path = directory + "/" + name
    let lines = VCardLines.lines(of: contact.bytes, version: card?.version ?? .v4)
    let bytes = CardMerge.merge(rendered: lines, into: card, basePhoto: basePhoto, uid: uid)
    if VdirFile.contents(of: path) != bytes {
      try SecureFiles.writeAtomically(bytes, to: path, mode: 0o600, durable: true)
    }
    var info = stat()
    guard lstat(path, &info) == 0 else { throw .configuration("\(path): \(systemErrorText(errno))") }
    let written: SyncCard
    switch SyncCard.read(path: path, name: name, today: today) {
    case .success(let read): written = read
    case .failure(let problem):
      throw .internalError("\(path): the card written cannot be read again: \(problem.reason)")
    }
    try status?.record([inStep(name, card: written, etag: Self.etag(info), contact: contact)])
  }

  /// The file's values to its contact: the item marked `pushing` first (a run stopped
  /// mid-push resumes it), the steps through `WritePlan`, then the contact read again for the
  /// status.
  private func push(_ entry: SyncStatusFile.Entry, file: SyncFile, card: SyncCard, contact: SyncContact)
    async throws(MonicaError)
  {
    var pushing = entry
    pushing.state = .pushing
    try status?.record([pushing])
    let account = try await syncAccount()
    let writes = SyncWrites(
      contact: contact.id, record: contact.record, monica: contact.card.values, file: card.values, account: account,
      today: today)
    let name = entry.file
    let steps = try writes.steps { self.warn("\(self.directory)/\(name): \($0)") }
    try await runPlan(steps)
    let after = try await read(contact.id)
    var done = inStep(entry.file, card: card, etag: file.etag, contact: after)
    done.uid = entry.uid.isEmpty ? card.uid ?? "" : entry.uid
    try status?.record([done])
    noteUnsynced(entry, card: card, contact: after)
    contacts[contact.id] = after
  }

  /// A new contact of the file: the status says `creating:KEY` before its request, so that a run
  /// killed after the POST finds it through the journal, or in doubt through the look-up.
  private func create(file: SyncFile, card: SyncCard, key known: Int?) async throws(MonicaError) {
    guard let status, let journal else { return }
    let key: Int
    if let known { key = known } else { key = try status.takeKey() }
    try status.record([
      SyncStatusFile.Entry(
        file: file.name, uid: card.uid ?? "", etag: file.etag, fileHash: card.hash, state: .creating(key))
    ])
    var id = journal.target(of: RecordKind.contact.object, source: key)
    if id == nil {
      let step = try SyncWrites.create(card.values, key: key, today: today)
      var made: Int?
      try await WritePlan([step]).run(journal: journal, resume: resume ?? ResumePoint(journal: journal), sender: sender)
      {
        _, outcome in made = outcome.target
      }
      id = made
    }
    guard let id else { throw .internalError("\(file.name): the new contact's id is unknown") }
    let contact = try await read(id)
    let account = try await syncAccount()
    let writes = SyncWrites(
      contact: id, record: contact.record, monica: contact.card.values, file: card.values, account: account,
      today: today)
    let steps = try writes.steps { self.warn("\(self.directory)/\(file.name): \($0)") }
    var after = contact
    if !steps.isEmpty {
      try await runPlan(steps)
      after = try await read(id)
    }
    var entry = inStep(file.name, card: card, etag: file.etag, contact: after)
    entry.uid = card.uid ?? ""
    try status.record([entry])
    noteUnsynced(SyncStatusFile.Entry(file: file.name), card: card, contact: after)
    contacts[id] = after
    made.insert(id)
  }

  /// An item whose new contact was being made when a run stopped: made (or found) now.
  private func resumeCreate(_ entry: SyncStatusFile.Entry, key: Int, file: SyncFile?, card: SyncCard?)
    async throws(MonicaError)
  {
    guard let file, let card else {
      // The file went meanwhile: its contact, if it was made, is left to the next run's pairing.
      if !options.dryRun { try status?.forget([entry.file]) }
      return
    }
    try say("create", entry.file, "-", "resuming a run that stopped while making its contact")
    summary.created += 1
    guard !options.dryRun else { return }
    try await create(file: file, card: card, key: key)
  }

  private func deleteContact(_ id: Int) async throws(MonicaError) {
    let request = WriteRequest(.delete, RecordKind.contact.path + "/\(id)")
    try await runPlan([WriteStep(key: id, write: .request(request, what: "contact #\(id)", target: id), journal: .none)]
    )
    contacts[id] = nil
  }

  private var sender: ClientStepSender { ClientStepSender(client: client, today: today) }

  private func runPlan(_ steps: [WriteStep]) async throws(MonicaError) {
    guard let journal, !steps.isEmpty else { return }
    try await WritePlan(steps).run(journal: journal, resume: resume ?? ResumePoint(journal: journal), sender: sender)
  }

  /// One contact read again with its fields.
  private func read(_ id: Int) async throws(MonicaError) -> SyncContact {
    let path = RecordKind.contact.path + "/\(id)"
    let response = try await client.get(path, query: [("with", "contactfields")], what: "contact #\(id)")
    let body = Array(response.body)
    guard let data = try? JSONValue(parsing: body)["data"], case .object(let object) = data,
      let uuid = object["uuid"]?.stringValue
    else { throw .protocolViolation(request: "GET /api\(path)", detail: "the answer holds no contact") }
    let bytes = JSONWriter.plain.bytes(data)
    let card: SyncCard
    do { card = try SyncCard(lines: VCardLines.lines(of: bytes), today: today) } catch {
      throw .protocolViolation(request: "GET /api\(path)", detail: "the contact makes no card: \(error.reason)")
    }
    return SyncContact(
      id: id, uuid: uuid, updatedAt: object["updated_at"]?.stringValue, record: object, bytes: bytes, card: card)
  }

  /// The account's contact field types and countries, read once, when a file's values are first
  /// written.
  private func syncAccount() async throws(MonicaError) -> SyncAccount {
    if let account { return account }
    func data(_ path: String) async throws(MonicaError) -> JSONValue? {
      let response = try await client.get(path, what: path.dropFirst().description)
      return (try? JSONValue(parsing: Array(response.body)))?["data"]
    }
    let types = try await data("/contactfieldtypes")?.arrayValue?.compactMap(\.objectValue) ?? []
    let countries = try await data("/countries")
    let list = countries?.objectValue?.members.compactMap(\.value.objectValue) ?? []
    let made = SyncAccount(fieldTypes: types, countries: list)
    account = made
    return made
  }

  // MARK: status and messages

  /// The status line of an item in step: the file and the contact as they are now.
  private func inStep(_ name: String, card: SyncCard, etag: String, contact: SyncContact) -> SyncStatusFile.Entry {
    let unsynced = CardMerge.unsynced(card, renderedPhoto: contact.card.photo, basePhoto: nil)
    return SyncStatusFile.Entry(
      file: name, uid: card.uid ?? status?.entry(file: name)?.uid ?? "", uuid: contact.uuid, contact: contact.id,
      etag: etag, fileHash: card.hash, updatedAt: contact.updatedAt, monicaHash: contact.card.hash,
      groups: contact.card.groupHashes(photo: contact.card.photo),
      unsynced: unsynced.isEmpty ? nil : SyncStatusFile.digest(Array(unsynced.joined(separator: ",").utf8)))
  }

  /// Says once which of the file's properties Monica cannot hold (they stay in the file).
  private func noteUnsynced(_ entry: SyncStatusFile.Entry, card: SyncCard, contact: SyncContact) {
    let names = CardMerge.unsynced(card, renderedPhoto: contact.card.photo, basePhoto: nil)
    guard !names.isEmpty else { return }
    let hash = SyncStatusFile.digest(Array(names.joined(separator: ",").utf8))
    guard hash != entry.unsynced else { return }
    warn("\(directory)/\(entry.file): not synced, kept in the file only: \(names.joined(separator: ", "))")
  }

  /// With `--dry-run`, one line on `output`: `ACTION<TAB>FILE<TAB>UUID<TAB>WHY`.
  private func say(_ action: String, _ file: String, _ uuid: String, _ why: String) throws(MonicaError) {
    guard options.dryRun else { return }
    try output.writeLine(TerminalText.safe([action, file, uuid, why].joined(separator: "\t")))
  }

  static func names(_ groups: [SyncedCard.Group]) -> String {
    groups.isEmpty ? "-" : groups.map(\.rawValue).joined(separator: ", ")
  }

  /// The status's hash of the photo group (the last of `groups`).
  static func photoGroup(_ groups: String?) -> String? {
    groups?.split(separator: ":").last.map(String.init)
  }
}
