#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// monica-remind's state file: what was delivered, so that a run every hour sends nothing twice
/// and a run after days off sends what fell due meanwhile.
///
/// One `<status> TAB <key> TAB <UTC time>` line per step of a delivery, appended; the last line of
/// a key says where it stands. Keys are `kind:uuid:YYYY-MM-DD:days before` (Occurrence.key).
/// Statuses: `doubt`, written and synced before a delivery starts; `delivered` after it
/// succeeded; `failed` after it failed (tried again by the next run); `noted` once a run has
/// named a delivery left in doubt. A key whose last line is `doubt` or `noted` was being
/// delivered when its run was killed: it may have arrived, and is not delivered again unless
/// asked (`--retry-in-doubt`). `#from TAB YYYY-MM-DD`, written once by the first run, is the
/// first day the file covers: nothing due before it is caught up, so a first run does not
/// deliver a week of old notices. Other lines starting with `#` are comments.
///
/// The append protocol is MapFile's: a run holds `flock(LOCK_EX)` on the file from before it
/// decides what to deliver until it is done (`holdLock`), so two runs at once deliver each
/// occurrence once, the second seeing the first's lines; each line is one `write(2)` on an
/// `O_APPEND` descriptor, then `fsync` (a line saying how a delivery ended may wait for the
/// run's last sync: lost, it leaves the doubt, which errs on the side of sending nothing twice); a
/// last line without its newline is a torn write, ignored when read and cut off by the next
/// append. The file is 0600.
package final class DeliveryLog {
  /// Where a delivery stands.
  package enum Status: String, Sendable, CaseIterable {
    /// Being delivered, or killed while it was.
    case doubt
    /// Delivered.
    case delivered
    /// Failed; to be tried again.
    case failed
    /// Left in doubt by a killed run, and named by a later one.
    case noted
  }

  /// The state of a key: its last line.
  package struct Entry: Sendable, Equatable {
    /// Its status.
    package let status: Status
    /// When it was written, `YYYY-MM-DDTHH:MM:SSZ`.
    package let time: String
  }

  /// The file's path, for messages.
  package let path: String
  private let descriptor: Int32
  private var entries: [String: Entry] = [:]
  private var readEnd: off_t = 0
  private var linesRead = 0
  private var held = false
  /// The first day the file covers (`#from`); `nil` until a run has written it.
  package private(set) var firstDay: CalendarDate?

  /// The longest line read: a key and a time are far shorter, and a longer line is not ours.
  static let lineLimit = 512

  /// Opens the file at `path` and reads it whole; with `create`, a missing file is made (0600),
  /// else a missing file reads as none (`nil`). A malformed line is malformed input (65) at its
  /// place.
  package init?(path: String, create: Bool) throws(MonicaError) {
    let flags = create ? O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW : O_RDONLY | O_CLOEXEC | O_NOFOLLOW
    let descriptor = open(path, flags, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT && !create { return nil }
      throw .configuration("\(path): cannot open the state file: \(systemErrorText(code))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw .configuration("\(path): the state file must be a regular file")
    }
    // Owner only, as every file with personal data; a file someone made wider is narrowed.
    if create, status.st_uid == getuid(), status.st_mode & 0o077 != 0 { fchmod(descriptor, 0o600) }
    self.path = path
    self.descriptor = descriptor
    // A run holds the lock while it delivers: a reader does not wait for it, but reads the whole
    // lines written so far.
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
      defer { _ = flock(descriptor, LOCK_UN) }
      try readNewLines()
    } else {
      try readNewLines()
    }
  }

  deinit { close(descriptor) }

  /// Takes the file's exclusive lock until it is closed or `release()`d: a process that finds it
  /// taken tells `waiting` and waits; then the lines the other process appended are read.
  package func holdLock(waiting: (String) -> Void) throws(MonicaError) {
    guard !held else { return }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EAGAIN || code == EINTR else { throw failure("cannot lock", code) }
      waiting("\(path): another run is delivering; waiting for it to finish")
      while flock(descriptor, LOCK_EX) != 0 {
        if errno != EINTR { throw failure("cannot lock", errno) }
      }
    }
    held = true
    try readNewLines()
  }

  /// Gives the lock back.
  package func release() {
    guard held else { return }
    _ = flock(descriptor, LOCK_UN)
    held = false
  }

  /// Where `key` stands; `nil` when it was never delivered.
  package func entry(_ key: String) -> Entry? { entries[key] }

  /// How many keys the file knows.
  package var count: Int { entries.count }

  /// Records `status` for `key` at `time`: one line, appended, and synced before this returns
  /// unless `durable` is false (for a line whose loss errs on the safe side: a `delivered` lost
  /// in a power cut leaves its `doubt`, which is not delivered again; `sync()` makes it last).
  package func record(_ status: Status, _ key: String, time: String, durable: Bool = true) throws(MonicaError) {
    guard Self.isKey(key), Self.isTime(time) else {
      throw .internalError(
        "state line \(status.rawValue) \(key.debugDescription) \(time.debugDescription) is not valid")
    }
    try append(Array("\(status.rawValue)\t\(key)\t\(time)\n".utf8), durable: durable)
    entries[key] = Entry(status: status, time: time)
  }

  /// Syncs to the disk what was appended without a sync.
  package func sync() throws(MonicaError) {
    guard fsync(descriptor) == 0 else { throw failure("cannot sync the state file to disk", errno) }
  }

  /// Writes `#from` with `day` when the file has none: the first day it covers.
  package func start(from day: CalendarDate) throws(MonicaError) {
    guard firstDay == nil else { return }
    try append(
      Array(
        "# monica-remind delivery state: status TAB key TAB time (UTC); a key's last line wins\n#from\t\(day)\n".utf8))
    firstDay = day
  }

  /// Appends whole lines, synced, after the lines other processes appended since the last read;
  /// a torn last line is cut off first, and again when the write fails part-way.
  private func append(_ bytes: [UInt8], durable: Bool = true) throws(MonicaError) {
    try locked { () throws(MonicaError) in
      try readNewLines()
      try AppendLog.append(bytes, to: descriptor, at: readEnd, durable: durable, path: path, what: "the state file")
      readEnd += off_t(bytes.count)
      linesRead += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
  }

  /// Runs `body` holding the exclusive lock (already held by `holdLock`, or taken for it).
  private func locked(_ body: () throws(MonicaError) -> Void) throws(MonicaError) {
    if held { return try body() }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno != EINTR { throw failure("cannot lock", errno) }
    }
    defer { _ = flock(descriptor, LOCK_UN) }
    try body()
  }

  /// Reads the complete lines after `readEnd`; a last line without its newline stays unread.
  private func readNewLines() throws(MonicaError) {
    var parsed: [(String, Entry)] = []
    var from: CalendarDate?
    let read = try AppendLog.readLines(
      from: descriptor, after: readEnd, lines: linesRead, limit: Self.lineLimit, path: path
    ) { (raw, number) throws(MonicaError) in
      let fields = raw.split(separator: 0x09, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      if raw.first == UInt8(ascii: "#") {
        if fields.count == 2, fields[0] == "#from" {
          guard let day = CalendarDate(parsing: fields[1]), fields[1].utf8.count == 10 else {
            throw .malformedInput(
              source: path, line: number, reason: "#from \(OutsideText.quoted(fields[1])) is not a day")
          }
          from = from ?? day
        }
        return
      }
      if raw.isEmpty { return }
      guard fields.count == 3, let status = Status(rawValue: fields[0]), Self.isKey(fields[1]), Self.isTime(fields[2])
      else {
        throw .malformedInput(
          source: path, line: number,
          reason: "expected <status> TAB <kind:uuid:date:days> TAB <time>, got "
            + OutsideText.quoted(String(decoding: raw, as: UTF8.self)))
      }
      parsed.append((fields[1], Entry(status: status, time: fields[2])))
    }
    for (key, entry) in parsed { entries[key] = entry }
    if firstDay == nil { firstDay = from }
    (readEnd, linesRead) = read
  }

  /// Whether `key` is `kind:uuid:YYYY-MM-DD:days`: a lower-case word, a uuid, a day and a number.
  package static func isKey(_ key: String) -> Bool {
    let parts = key.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 4, !parts[0].isEmpty, parts[0].utf8.count <= 20,
      parts[0].utf8.allSatisfy({ (0x61...0x7A).contains($0) }), RemindContact.isUUID(String(parts[1])),
      parts[2].utf8.count == 10, CalendarDate(parsing: parts[2]) != nil, (1...4).contains(parts[3].utf8.count),
      parts[3].utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return false }
    return true
  }

  /// Whether `text` is a UTC time as written here, `YYYY-MM-DDTHH:MM:SSZ`.
  static func isTime(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 20, CalendarDate(parsing: text) != nil, bytes[10] == UInt8(ascii: "T"),
      bytes[19] == UInt8(ascii: "Z")
    else { return false }
    return [11, 12, 14, 15, 17, 18].allSatisfy { (0x30...0x39).contains(bytes[$0]) }
      && bytes[13] == UInt8(ascii: ":") && bytes[16] == UInt8(ascii: ":")
  }

  /// `seconds` since 1970 as this file writes times.
  package static func time(_ seconds: time_t) -> String {
    var value = seconds
    var parts = tm()
    gmtime_r(&value, &parts)
    func pad(_ value: Int32, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
      + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))Z"
  }

  private func failure(_ what: String, _ code: Int32) -> MonicaError {
    .unavailable(request: path, detail: "\(what): \(systemErrorText(code))")
  }
}
