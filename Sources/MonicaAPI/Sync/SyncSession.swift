import Foundation
import MonicaKit

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
  /// The account's contact field types and countries, each read once in a run and only when a
  /// file's values need it (`SyncSession.account(for:)`).
  var fieldTypes: [JSONObject]?
  var countries: [JSONObject]?
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

  // MARK: status and messages

  /// The status line of an item in step: the file and the contact as they are now.
  func inStep(_ name: String, card: SyncCard, etag: String, contact: SyncContact) -> SyncStatusFile.Entry {
    let unsynced = CardMerge.unsynced(card, renderedPhoto: contact.card.photo, basePhoto: nil)
    return SyncStatusFile.Entry(
      file: name, uid: card.uid ?? status?.entry(file: name)?.uid ?? "", uuid: contact.uuid, contact: contact.id,
      etag: etag, fileHash: card.hash, updatedAt: contact.updatedAt, monicaHash: contact.card.hash,
      groups: contact.card.groupHashes(photo: contact.card.photo),
      unsynced: unsynced.isEmpty ? nil : SyncStatusFile.digest(Array(unsynced.joined(separator: ",").utf8)))
  }

  /// Says once which of the file's properties Monica cannot hold (they stay in the file).
  func noteUnsynced(_ entry: SyncStatusFile.Entry, card: SyncCard, contact: SyncContact) {
    let names = CardMerge.unsynced(card, renderedPhoto: contact.card.photo, basePhoto: nil)
    guard !names.isEmpty else { return }
    let hash = SyncStatusFile.digest(Array(names.joined(separator: ",").utf8))
    guard hash != entry.unsynced else { return }
    warn("\(directory)/\(entry.file): not synced, kept in the file only: \(names.joined(separator: ", "))")
  }

  /// With `--dry-run`, one line on `output`: `ACTION<TAB>FILE<TAB>UUID<TAB>WHY`, each field's
  /// control characters escaped (`escapingControlCharacters`) before the fields are joined, so
  /// that a file name holding a tab or a line feed can make neither a field nor a line.
  func say(_ action: String, _ file: String, _ uuid: String, _ why: String) throws(MonicaError) {
    guard options.dryRun else { return }
    try output.writeLine([action, file, uuid, why].map(\.escapingControlCharacters).joined(separator: "\t"))
  }

  static func names(_ groups: [SyncedCard.Group]) -> String {
    groups.isEmpty ? "-" : groups.map(\.rawValue).joined(separator: ", ")
  }

  /// The status's hash of the photo group (the last of `groups`).
  static func photoGroup(_ groups: String?) -> String? {
    groups?.split(separator: ":").last.map(String.init)
  }
}
