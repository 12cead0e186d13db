import Crypto

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `monica-sync`'s status of one vdir: what each file and its Monica contact were when the two
/// were last in step, so that a later run can tell which side changed (vdirsyncer's status, one
/// line per item). `$XDG_STATE_HOME/monica/sync/<dir>-<hash>.status`, or `--status FILE`.
///
/// The format: one tab-separated line per item, `item` then the file's name, its `UID`, the
/// contact's uuid and id, the file's etag (mtime and inode, as vdirsyncer's filesystem storage
/// keeps it), a hash of the file's content (its properties but PRODID and REV), the contact's
/// `updated_at`, a hash of the card rendered from its record, the hashes of its synced values by
/// group (what changed, for messages), a hash of the names of the file's properties Monica has no
/// field for (said once), and the item's state (`synced`, `pushing` while its change goes to
/// Monica, `creating:N` while its new contact is made under the journal's key N); `-` for none.
/// Text fields are percent-escaped (`%`, tabs, line breaks, controls). `gone<TAB>file` forgets an
/// item; the last line of a file wins. `#account<TAB>name` is the account's lock name (the
/// vdir is synced with one account), `#next<TAB>N` the next journal key. A last line without its
/// newline is a torn write: ignored when read, cut off by the next append.
///
/// Lines are appended (one `write(2)`, `fsync`'d unless the caller batches), so a run killed
/// half-way leaves the lines of what it did; a run that ends rewrites the file whole (atomically)
/// when superseded lines outnumber live ones. The file is 0600. One run at a time decides: a run
/// holds the lock of `FILE.lock` (`holdLock`) from before it reads the status to its end, so two
/// syncs of one vdir never both decide what to write.
package final class SyncStatusFile {
  /// One item as the status holds it.
  package struct Entry: Sendable, Equatable {
    /// The file's name in the vdir.
    package var file: String
    /// The file's `UID`, kept when it is written again; empty when unknown.
    package var uid: String
    /// The contact's uuid, once known.
    package var uuid: String?
    /// The contact's id, once known.
    package var contact: Int?
    /// The file's etag when last seen: `mtime-seconds.nanoseconds:inode`.
    package var etag: String?
    /// The hash of the file's content when last in step.
    package var fileHash: String?
    /// The contact's `updated_at` when last read.
    package var updatedAt: String?
    /// The hash of the card rendered from the contact's record; `nil` after a push, until the
    /// next walk reads what Monica made of it.
    package var monicaHash: String?
    /// The hashes of the synced values by group, when last in step.
    package var groups: String?
    /// The hash of the names of the file's properties that are not synced, as last said.
    package var unsynced: String?
    /// Where the item stands.
    package var state: State

    package init(
      file: String, uid: String = "", uuid: String? = nil, contact: Int? = nil, etag: String? = nil,
      fileHash: String? = nil, updatedAt: String? = nil, monicaHash: String? = nil, groups: String? = nil,
      unsynced: String? = nil, state: State = .synced
    ) {
      (self.file, self.uid, self.uuid, self.contact) = (file, uid, uuid, contact)
      (self.etag, self.fileHash, self.updatedAt, self.monicaHash) = (etag, fileHash, updatedAt, monicaHash)
      (self.groups, self.unsynced, self.state) = (groups, unsynced, state)
    }
  }

  /// Where an item stands.
  package enum State: Sendable, Equatable {
    /// In step when last seen.
    case synced
    /// Its file's change was being sent to Monica: a run that stopped then is resumed, not
    /// taken for a change on both sides.
    case pushing
    /// Its new contact was being made, journaled under this key.
    case creating(Int)

    var text: String {
      switch self {
      case .synced: "synced"
      case .pushing: "pushing"
      case .creating(let key): "creating:\(key)"
      }
    }

    init?(text: String) {
      switch text {
      case "synced": self = .synced
      case "pushing": self = .pushing
      default:
        guard text.hasPrefix("creating:"), let key = Int(text.dropFirst(9)), key > 0 else { return nil }
        self = .creating(key)
      }
    }
  }

  /// The file's path, for messages.
  package let path: String
  /// The items by file name.
  package private(set) var entries: [String: Entry] = [:]
  /// The account the vdir is synced with (its lock's name), once a run wrote it.
  package private(set) var account: String?
  /// The next key of the journal for a new contact.
  package private(set) var nextKey = 1
  private var descriptor: Int32 = -1
  private var lock: Int32 = -1
  private var readEnd: off_t = 0
  private var lines = 0

  /// The longest line read: a file name, a UID and hashes are far shorter.
  static let lineLimit = 16_384
  /// The longest UID kept: a longer one is not kept (a file written again takes the contact's).
  package static let uidLimit = 2_048

  /// Opens the file at `path` and reads it whole; with `create`, a missing file is made (0600),
  /// else a missing file reads as empty. A malformed line is malformed input (65) at its place.
  package init(path: String, create: Bool) throws(MonicaError) {
    self.path = path
    let flags = create ? O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW : O_RDONLY | O_CLOEXEC | O_NOFOLLOW
    descriptor = open(path, flags, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT && !create { return }
      throw .configuration("\(path): cannot open the sync status: \(systemErrorText(code))")
    }
    try checkRegular()
    try readNewLines()
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if lock >= 0 { close(lock) }
  }

  /// Takes the lock of `FILE.lock` until the file is closed: a run that finds it taken tells
  /// `waiting` and waits; then what the other run appended (or rewrote) is read.
  package func holdLock(waiting: (String) -> Void) throws(MonicaError) {
    guard lock < 0 else { return }
    let lockPath = path + ".lock"
    lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard lock >= 0 else { throw .configuration("\(lockPath): cannot open the lock: \(systemErrorText(errno))") }
    if flock(lock, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EAGAIN || code == EINTR else { throw failure("cannot lock", code) }
      waiting("\(path): another run is syncing this vdir; waiting for it to finish")
      while flock(lock, LOCK_EX) != 0 {
        if errno != EINTR { throw failure("cannot lock", errno) }
      }
    }
    // The other run may have rewritten the file whole: read it again from its new inode.
    try reopen()
  }

  /// The item of the file `name`.
  package func entry(file name: String) -> Entry? { entries[name] }

  /// Records `entries` (each replaces the item of its file): one append, synced before this
  /// returns unless `durable` is false (the caller syncs later with `sync()`).
  package func record(_ items: [Entry], durable: Bool = true) throws(MonicaError) {
    guard !items.isEmpty else { return }
    var bytes: [UInt8] = []
    for item in items { bytes += Array(Self.line(item).utf8) }
    try append(bytes, lines: items.count, durable: durable)
    for item in items { entries[item.file] = item }
  }

  /// Forgets the items of `files`.
  package func forget(_ files: [String], durable: Bool = true) throws(MonicaError) {
    guard !files.isEmpty else { return }
    let bytes = files.flatMap { Array("gone\t\(Self.escape($0))\n".utf8) }
    try append(bytes, lines: files.count, durable: durable)
    for file in files { entries[file] = nil }
  }

  /// Records the account the vdir is synced with.
  package func record(account name: String) throws(MonicaError) {
    try append(Array("#account\t\(Self.escape(name))\n".utf8), lines: 1, durable: true)
    account = name
  }

  /// Takes the next journal key for a new contact, recorded before it is used.
  package func takeKey() throws(MonicaError) -> Int {
    let key = nextKey
    try append(Array("#next\t\(key + 1)\n".utf8), lines: 1, durable: true)
    nextKey = key + 1
    return key
  }

  /// Syncs to the disk what was recorded without a sync.
  package func sync() throws(MonicaError) {
    guard fsync(descriptor) == 0 else { throw failure("cannot sync the status to disk", errno) }
  }

  /// Rewrites the file whole (atomically, 0600) when superseded lines outnumber live ones.
  package func compact() throws(MonicaError) {
    guard descriptor >= 0, lines > 2 * entries.count + 64 else { return }
    var text = "# monica-sync status: item TAB file TAB uid TAB uuid TAB id TAB etag TAB file hash TAB updated_at TAB "
    text += "monica hash TAB groups TAB unsynced TAB state; the last line of a file wins\n"
    if let account { text += "#account\t\(Self.escape(account))\n" }
    text += "#next\t\(nextKey)\n"
    for entry in entries.values.sorted(by: { $0.file < $1.file }) { text += Self.line(entry) }
    try SecureFiles.writeAtomically(Array(text.utf8), to: path, mode: 0o600, durable: true)
    try reopen()
  }

  /// An item's line.
  static func line(_ entry: Entry) -> String {
    func text(_ value: String?) -> String { value.map { $0.isEmpty ? "-" : escape($0) } ?? "-" }
    let uid = entry.uid.utf8.count > uidLimit ? "" : entry.uid
    let fields = [
      "item", escape(entry.file), text(uid), text(entry.uuid), entry.contact.map(String.init) ?? "-", text(entry.etag),
      text(entry.fileHash), text(entry.updatedAt), text(entry.monicaHash), text(entry.groups), text(entry.unsynced),
      entry.state.text,
    ]
    return fields.joined(separator: "\t") + "\n"
  }

  /// `%`, tabs, line breaks and other controls as `%XX` (and `-` alone, which means none), so
  /// that a value is one field of one line.
  package static func escape(_ text: String) -> String {
    if text == "-" { return "%2D" }
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in text.utf8 {
      if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") {
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The text `escape` wrote; `nil` for a malformed escape.
  static func unescape<S: StringProtocol>(_ text: S) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next(), let low = iterator.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(value)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func checkRegular() throws(MonicaError) {
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      descriptor = -1
      throw .configuration("\(path): the sync status must be a regular file")
    }
    // Owner only, as every file with personal data; a file someone made wider is narrowed.
    if status.st_uid == getuid(), status.st_mode & 0o077 != 0 { fchmod(descriptor, 0o600) }
  }

  /// Opens the file again (its inode may be new: a rewrite) and reads it from the start.
  private func reopen() throws(MonicaError) {
    let writable = descriptor < 0 || fcntl(descriptor, F_GETFL) & O_ACCMODE != O_RDONLY
    if descriptor >= 0 { close(descriptor) }
    let flags = writable ? O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW : O_RDONLY | O_CLOEXEC | O_NOFOLLOW
    descriptor = open(path, flags, 0o600)
    guard descriptor >= 0 else {
      if errno == ENOENT && !writable { return }
      throw .configuration("\(path): cannot open the sync status: \(systemErrorText(errno))")
    }
    try checkRegular()
    (entries, account, nextKey, readEnd, lines) = ([:], nil, 1, 0, 0)
    try readNewLines()
  }

  /// Appends whole lines after those read; a torn last line is cut off first, and again when the
  /// write fails part-way.
  private func append(_ bytes: [UInt8], lines count: Int, durable: Bool) throws(MonicaError) {
    guard descriptor >= 0 else { throw .internalError("\(path): the sync status was opened read-only") }
    try AppendLog.append(bytes, to: descriptor, at: readEnd, durable: durable, path: path, what: "the sync status")
    readEnd += off_t(bytes.count)
    lines += count
  }

  /// Reads the complete lines after `readEnd`; a last line without its newline stays unread.
  private func readNewLines() throws(MonicaError) {
    let read = try AppendLog.readLines(
      from: descriptor, after: readEnd, lines: lines, limit: Self.lineLimit, path: path
    ) { (raw, number) throws(MonicaError) in
      let fields = raw.split(separator: 0x09, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      if raw.isEmpty { return }
      if raw.first == UInt8(ascii: "#") {
        if fields.count == 2, fields[0] == "#account", let name = Self.unescape(fields[1]) { account = name }
        if fields.count == 2, fields[0] == "#next", let key = Int(fields[1]), key > 0 { nextKey = max(nextKey, key) }
        return
      }
      if fields.count == 2, fields[0] == "gone", let file = Self.unescape(fields[1]) {
        entries[file] = nil
        return
      }
      guard fields.count == 12, fields[0] == "item", let entry = Self.entry(fields) else {
        throw .malformedInput(
          source: path, line: number,
          reason: "not a line of monica-sync's status: "
            + OutsideText.quoted(String(decoding: raw.prefix(200), as: UTF8.self)))
      }
      entries[entry.file] = entry
      if case .creating(let key) = entry.state { nextKey = max(nextKey, key + 1) }
    }
    (readEnd, lines) = read
  }

  /// The item of a line's twelve fields; `nil` when one is malformed.
  private static func entry(_ fields: [String]) -> Entry? {
    func text(_ field: String) -> String?? { field == "-" ? .some(nil) : unescape(field).map { .some($0) } }
    guard let file = unescape(fields[1]), !file.isEmpty, !file.contains("/"), let uid = text(fields[2]),
      let uuid = text(fields[3]), let etag = text(fields[5]), let fileHash = text(fields[6]),
      let updatedAt = text(fields[7]), let monicaHash = text(fields[8]), let groups = text(fields[9]),
      let unsynced = text(fields[10]), let state = State(text: fields[11])
    else { return nil }
    let contact: Int?
    if fields[4] == "-" {
      contact = nil
    } else {
      guard fields[4].utf8.count <= 18, let id = Int(fields[4]), id > 0 else { return nil }
      contact = id
    }
    return Entry(
      file: file, uid: uid ?? "", uuid: uuid, contact: contact, etag: etag, fileHash: fileHash, updatedAt: updatedAt,
      monicaHash: monicaHash, groups: groups, unsynced: unsynced, state: state)
  }

  private func failure(_ what: String, _ code: Int32) -> MonicaError {
    .unavailable(request: path, detail: "\(what): \(systemErrorText(code))")
  }
}

extension SyncStatusFile {
  /// The hash the status keeps of a content: the first 16 bytes of its SHA-256, in hex.
  package static func digest(_ bytes: some Sequence<UInt8>) -> String {
    CacheKeys.hex(SHA256.hash(data: Array(bytes)).prefix(16))
  }
}
