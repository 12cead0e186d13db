import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The writes of a decision: a file written from its contact, a file's values pushed to its
/// contact, a new contact made, a contact deleted, each through Push's `WritePlan` and recorded
/// in the status.
extension SyncSession {
  /// Writes the file `name` from `contact` (merged onto the file's card `over`), atomically and
  /// 0600, unless it holds those bytes already, and records the item in step: its card and hash
  /// from the bytes written, its etag from the file's `lstat`, the file not read back.
  /// `monicaUnchanged` names the groups Monica did not change since the last sync (`CardMerge`).
  func writeFile(
    _ name: String, contact: SyncContact, over card: SyncCard?, basePhoto: String?, uid: String?,
    monicaUnchanged: Set<SyncedCard.Group>? = nil
  ) throws(MonicaError) {
    let path = directory + "/" + name
    let lines = VCardLines.lines(of: contact.bytes, version: card?.version ?? .v4)
    let bytes = CardMerge.merge(
      rendered: lines, into: card, basePhoto: basePhoto, uid: uid, monicaUnchanged: monicaUnchanged)
    if VdirFile.contents(of: path) != bytes {
      try SecureFiles.writeAtomically(bytes, to: path, mode: 0o600, durable: true)
    }
    var info = stat()
    guard lstat(path, &info) == 0 else { throw .configuration("\(path): \(systemErrorText(errno))") }
    let written: SyncCard
    switch SyncCard.read(bytes: bytes, path: path, today: today) {
    case .success(let read): written = read
    case .failure(let problem):
      throw .internalError("\(path): the card written cannot be read again: \(problem.reason)")
    }
    try status?.record([inStep(name, card: written, etag: Self.etag(info), contact: contact)])
  }

  /// The file's values to its contact: the item marked `pushing` first (a run stopped
  /// mid-push resumes it), the steps through `WritePlan`, then the contact read again for the
  /// status.
  func push(_ entry: SyncStatusFile.Entry, file: SyncFile, card: SyncCard, contact: SyncContact)
    async throws(MonicaError)
  {
    var pushing = entry
    pushing.state = .pushing
    try status?.record([pushing])
    let account = try await self.account(for: card.values, monica: contact.card.values)
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
  func create(file: SyncFile, card: SyncCard, key known: Int?) async throws(MonicaError) {
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
    let account = try await self.account(for: card.values, monica: contact.card.values)
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
  func resumeCreate(_ entry: SyncStatusFile.Entry, key: Int, file: SyncFile?, card: SyncCard?)
    async throws(MonicaError)
  {
    guard let file, let card else {
      // The file went meanwhile: its contact, if it was made, is left to the next run's pairing.
      if !options.dryRun { try status?.forget([entry.file]) }
      return
    }
    try say("create", entry.file, "-", "resuming a run that stopped while making its contact")
    if !options.dryRun { try await create(file: file, card: card, key: key) }
    summary.created += 1
  }

  func deleteContact(_ id: Int) async throws(MonicaError) {
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
  func read(_ id: Int) async throws(MonicaError) -> SyncContact {
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

  /// The account's contact field types and countries as far as the file's values need them
  /// (requests are scarce): the field types when its contact fields differ from Monica's, the
  /// countries when its addresses do; each read once in a run. What is not needed is empty, and
  /// no step asks it (`SyncWrites`: only a field added asks for a type, only an address made or
  /// changed for a country).
  private func account(for file: SyncedCard, monica: SyncedCard) async throws(MonicaError) -> SyncAccount {
    func data(_ path: String) async throws(MonicaError) -> JSONValue? {
      let response = try await client.get(path, what: path.dropFirst().description)
      return (try? JSONValue(parsing: Array(response.body)))?["data"]
    }
    if fieldTypes == nil, file.fields != monica.fields {
      fieldTypes = try await data("/contactfieldtypes")?.arrayValue?.compactMap(\.objectValue) ?? []
    }
    if countries == nil, file.addresses != monica.addresses {
      countries = try await data("/countries")?.objectValue?.members.compactMap(\.value.objectValue) ?? []
    }
    return SyncAccount(fieldTypes: fieldTypes ?? [], countries: countries ?? [])
  }
}
