import Foundation
import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A vdir file as the scan found it.
struct SyncFile {
  let name: String
  /// `mtime-seconds.nanoseconds:inode`, as vdirsyncer's filesystem storage.
  let etag: String
  /// Its card, or why it cannot be synced; `nil` while not read (the status has its etag:
  /// `SyncSession.card(of:)` reads it when it is needed).
  var card: Result<SyncCard, SyncCardProblem>?
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

/// The two sides as a run reads them: the vdir's files (one scan) and the account's contacts
/// (one paged walk, and a look-up of a known contact the walk did not show).
extension SyncSession {
  /// The vdir must be a directory; a missing one is made (0700) unless nothing is written.
  func checkDirectory() throws(MonicaError) {
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw .configuration("\(directory): not a directory") }
      return
    }
    guard errno == ENOENT else { throw .configuration("\(directory): \(systemErrorText(errno))") }
    if !options.dryRun { try SecureFiles.makePrivateDirectory(directory) }
  }

  /// Every `.vcf` file of the vdir that is a regular file (links are not followed), not hidden
  /// (temporary files of writers), and at most `fileSizeLimit` bytes. A file is read and parsed
  /// only when the status does not have its etag (mtime and inode, as vdirsyncer's), or has its
  /// item in the middle of a write: a run with nothing changed reads no file.
  func scan() throws(MonicaError) {
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
      if let known = status?.entry(file: name), known.etag == etag, known.state == .synced {
        files[name] = SyncFile(name: name, etag: etag, card: nil)
        continue
      }
      files[name] = SyncFile(name: name, etag: etag, card: readCard(name))
    }
  }

  /// The card of `file`, read now if the scan left it unread.
  func card(of file: SyncFile) -> Result<SyncCard, SyncCardProblem> {
    if let card = file.card { return card }
    let card = readCard(file.name)
    files[file.name]?.card = card
    return card
  }

  /// Reads and parses the vdir's file `name` (counted: `SyncSummary.parsed`).
  private func readCard(_ name: String) -> Result<SyncCard, SyncCardProblem> {
    summary.parsed += 1
    return SyncCard.read(path: directory + "/" + name, name: name, today: today)
  }

  static func etag(_ info: stat) -> String {
    "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ino)"
  }

  /// One paged walk of the contacts with their fields.
  func walk() async throws(MonicaError) {
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
  func isDeleted(_ id: Int) async throws(MonicaError) -> Bool {
    let path = RecordKind.contact.path + "/\(id)"
    let response = try await client.getAllowingErrors(path)
    if response.status == 404 { return true }
    try client.check(response, path: path, what: "contact #\(id)")
    return false
  }
}
