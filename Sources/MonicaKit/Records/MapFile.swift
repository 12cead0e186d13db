#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The map file's format and its append protocol (`--map FILE`): which record of the source is
/// which record of the target, one `<object>\t<source id>\t<target id>\n` line per record the
/// target holds. Readers and appenders of every tool share it: `monica-validate --write` and
/// `monica-import` read it, `monica-import --map` and `monica-diff --restore` append the lines of
/// records that are there already. The write-once journal of a run that creates records
/// (`IDMap`, in MonicaAPI's Push) is built on it; these tools link MonicaKit alone.
///
/// The format and the append protocol are fixed by the stream contract between `monica-fetch
/// --all`, `monica-push --create --map` and `monica-import`: lines starting with `#` are
/// comments; a last line without its newline is a torn write, ignored when read and cut off by
/// the next append; an append takes `flock(LOCK_EX)` on the file itself, writes the whole line in
/// one `write(2)` on an `O_APPEND` descriptor, `fsync`s, and unlocks, so that processes appending
/// to one map at once never interleave or lose a line. When one (object, source id) appears
/// twice, the later line wins, as in any append-only log.
///
/// Two comments have a meaning: `#floor<TAB><object><TAB><id>` says that the target's records of
/// `object` up to `id` were there before the run that wrote it created any; a record in doubt
/// (its create's answer lost) is looked for only above it. `#sent<TAB><object><TAB><source id>`
/// says that the create of that source record was sent: until a line maps the record, its answer
/// was lost (a killed run, a time-out) and the record may exist on the target. Lines other tools
/// write (`monica-import --map`'s matches) have no `#sent` before them: they are never in doubt.
/// `#refused<TAB><object><TAB><source id>` says that the create a `#sent` line names was answered
/// with a definite refusal (a 4xx but 408 and 429): nothing was made, so it is no longer in doubt.
/// `#job<TAB>restore` says that the map's records are a backup's, restored on the account they
/// came from (`monica-diff --restore` writes it): `monica-push` names its job so, and puts the
/// restored contacts back into the activities that survived them. Readers that skip comments
/// lose nothing.
package final class MapFile {
  /// The file's path, for messages.
  package let path: String
  private let descriptor: Int32
  /// Target ids by object, then by source id.
  private var targets: [String: [Int: Int]] = [:]
  /// Where the complete lines read so far end: what follows is another process's newer lines,
  /// or a torn write.
  private var readEnd: off_t = 0
  /// The number of lines read so far, for the place of a malformed one.
  private var linesRead = 0
  /// The record of the last line read or appended.
  package private(set) var last: (object: String, source: Int)?
  /// Whether this process holds the file's exclusive lock until it closes it (`holdLock`).
  private var held = false
  /// The `#floor` lines: the highest id of each object the target had before its first create.
  package private(set) var floors: [String: Int] = [:]
  /// The creates a `#sent` line names that no line maps yet, as `object<TAB>source id`.
  private var sentUnanswered: Set<String> = []
  /// Whether the map holds any `#sent` line: written by a version that journals its creates as
  /// sent, so that a create without one is not in doubt.
  package private(set) var journalsSent = false
  /// What the map's writes are, as its last `#job` line says (`restore`); `nil` when none does.
  package private(set) var job: String?
  /// The record of the last line that answered a `#sent` line: the last create that went through,
  /// whose follow-up requests a killed run may not have sent.
  package private(set) var lastCreated: (object: String, source: Int)?

  /// Opens the map at `path`, creating an empty one when there is none, and reads it whole.
  /// A line that is not `object<TAB>id<TAB>id` is malformed input (65) at its place.
  package init(path: String) throws(MonicaError) {
    self.path = path
    // Which record is which on two accounts: owner only, as the files of personal data it goes with.
    descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .notFound("\(path): \(systemErrorText(code))") }
      throw .configuration("\(path): cannot open the map file: \(systemErrorText(code))")
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
      close(descriptor)
      throw .configuration("\(path): the map must be a regular file")
    }
    do throws(MonicaError) {
      // A run holds the lock for as long as it writes: a reader does not wait for it, but reads
      // the whole lines written so far (an append is one write(2) of a whole line).
      if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
        defer { _ = flock(descriptor, LOCK_UN) }
        try readNewLines()
      } else {
        try readNewLines()
      }
    } catch {
      close(descriptor)
      throw error
    }
  }

  deinit { close(descriptor) }

  /// Takes the file's exclusive lock until it is closed: a process that finds the lock taken
  /// tells `waiting` and waits for it; then the lines the other process appended are read.
  package func holdLock(waiting: (String) -> Void) throws(MonicaError) {
    guard !held else { return }
    var told = false
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN else { throw failure("cannot lock", code) }
      if !told {
        waiting("\(path): another run is writing this map; waiting for it to finish")
        told = true
      }
      while flock(descriptor, LOCK_EX) != 0 {
        if errno != EINTR { throw failure("cannot lock", errno) }
      }
      break
    }
    held = true
    try readNewLines()
  }

  /// The target's id of the source's `object` record `source`, `nil` when the target has none yet.
  package func target(of object: String, source: Int) -> Int? {
    targets[object]?[source]
  }

  /// The target ids of `object`, by source id.
  package func targets(of object: String) -> [Int: Int] { targets[object] ?? [:] }

  /// How many records of `object` the map knows; every object's when `object` is `nil`.
  package func count(of object: String? = nil) -> Int {
    if let object { return targets[object]?.count ?? 0 }
    return targets.values.reduce(0) { $0 + $1.count }
  }

  /// Records the `#floor` line of `object`: the highest id of it the target has.
  package func appendFloor(_ object: String, _ id: Int) throws(MonicaError) {
    guard Self.isObjectName(object), id >= 0 else {
      throw .internalError("map floor \(object.debugDescription) \(id) is not a valid map line")
    }
    try appendBytes(Array("#floor\t\(object)\t\(id)\n".utf8), lines: 1)
    floors[object] = max(floors[object] ?? 0, id)
  }

  /// Records what the map's writes are (`#job<TAB>restore`), unless its last `#job` line says so
  /// already.
  package func appendJob(_ word: String) throws(MonicaError) {
    guard Self.isObjectName(word) else { throw .internalError("map job \(word.debugDescription) is not a word") }
    try locked(LOCK_EX) { () throws(MonicaError) in try readNewLines() }
    guard job != word else { return }
    try appendBytes(Array("#job\t\(word)\n".utf8), lines: 1)
    job = word
  }

  /// Records, before the create of the source's `object` record `source` is sent, that it is
  /// (`#sent`): a run stopped before the answer's line leaves it in doubt.
  package func appendSent(_ object: String, source: Int) throws(MonicaError) {
    guard Self.isObjectName(object), source > 0 else {
      throw .internalError("map sent line \(object.debugDescription) \(source) is not a valid map line")
    }
    try appendBytes(Array("#sent\t\(object)\t\(source)\n".utf8), lines: 1)
    sentUnanswered.insert(Self.key(object, source))
    journalsSent = true
  }

  /// Records that the create of the source's `object` record `source`, journaled as sent, was
  /// refused for certain (`#refused`): nothing was made, so no later run looks for it.
  package func appendRefused(_ object: String, source: Int) throws(MonicaError) {
    guard Self.isObjectName(object), source > 0 else {
      throw .internalError("map refused line \(object.debugDescription) \(source) is not a valid map line")
    }
    try appendBytes(Array("#refused\t\(object)\t\(source)\n".utf8), lines: 1)
    sentUnanswered.remove(Self.key(object, source))
  }

  /// Whether a `#sent` line names the create of the source's `object` record `source` and no
  /// line maps it yet: its answer was lost.
  package func isSentUnanswered(_ object: String, source: Int) -> Bool {
    sentUnanswered.contains(Self.key(object, source))
  }

  /// Records that the target's `object` record `target` is the source's `source`: one line,
  /// appended and synced to disk before this returns. Lines other processes appended since the
  /// last read are taken in first; a torn last line is cut off.
  package func append(_ object: String, source: Int, target: Int) throws(MonicaError) {
    guard Self.isObjectName(object), source > 0, target > 0 else {
      throw .internalError("map line \(object.debugDescription) \(source) \(target) is not a valid map line")
    }
    try appendBytes(Array("\(object)\t\(source)\t\(target)\n".utf8), lines: 1)
    mapped(object, source, target)
  }

  /// Appends many lines at once, in one `write(2)` and one `fsync` under the lock, with the same
  /// protocol as `append(_:source:target:)`: `monica-diff --restore`'s identity lines, which can
  /// be a whole account's.
  package func append(_ lines: [(object: String, source: Int, target: Int)]) throws(MonicaError) {
    guard !lines.isEmpty else { return }
    var bytes: [UInt8] = []
    for line in lines {
      guard Self.isObjectName(line.object), line.source > 0, line.target > 0 else {
        throw .internalError("map line \(line.object.debugDescription) \(line.source) \(line.target) is not valid")
      }
      bytes += Array("\(line.object)\t\(line.source)\t\(line.target)\n".utf8)
    }
    try appendBytes(bytes, lines: lines.count)
    for line in lines { mapped(line.object, line.source, line.target) }
  }

  /// Takes in one map line: the target's id, the last record, and a `#sent` line it answers.
  private func mapped(_ object: String, _ source: Int, _ target: Int) {
    targets[object, default: [:]][source] = target
    last = (object, source)
    if sentUnanswered.remove(Self.key(object, source)) != nil { lastCreated = (object, source) }
  }

  private static func key(_ object: String, _ source: Int) -> String { "\(object)\t\(source)" }

  /// Appends whole lines, synced, after the lines other processes appended since the last read;
  /// a torn last line is cut off first, and again when the write fails part-way.
  private func appendBytes(_ bytes: [UInt8], lines: Int) throws(MonicaError) {
    try locked(LOCK_EX) { () throws(MonicaError) in
      try readNewLines()
      try AppendLog.append(bytes, to: descriptor, at: readEnd, durable: true, path: path, what: "the map")
      readEnd += off_t(bytes.count)
      linesRead += lines
    }
  }

  /// Whether `name` can be a map line's object: letters, digits and `_`, not empty.
  static func isObjectName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy { isalnum(Int32($0)) != 0 || $0 == UInt8(ascii: "_") }
  }

  /// Runs `body` holding the file's lock (`LOCK_SH` or `LOCK_EX`).
  private func locked(_ operation: Int32, _ body: () throws(MonicaError) -> Void) throws(MonicaError) {
    // Locking again would only convert the held lock, and unlocking would give it up.
    if held { return try body() }
    while flock(descriptor, operation) != 0 {
      if errno != EINTR { throw failure("cannot lock", errno) }
    }
    defer { _ = flock(descriptor, LOCK_UN) }
    try body()
  }

  /// Reads the complete lines after `readEnd`; a last line without its newline stays unread.
  private func readNewLines() throws(MonicaError) {
    // Parsed whole before any is taken in: a malformed line leaves the map as it was.
    var parsed: [(comment: String?, object: String, source: Int, target: Int)] = []
    let read = try AppendLog.readLines(
      from: descriptor, after: readEnd, lines: linesRead, limit: Self.lineLimit, path: path
    ) { (raw, number) throws(MonicaError) in
      var line = raw
      if line.last == 0x0D { line = line.dropLast() }
      if line.starts(with: Self.jobPrefix) {
        let word = String(decoding: line.dropFirst(Self.jobPrefix.count), as: UTF8.self)
        if Self.isObjectName(word) { job = word }
      }
      if line.first == UInt8(ascii: "#"), let (name, object, id) = Self.comment(line) {
        if name == "floor" { floors[object] = max(floors[object] ?? 0, id) }
        if name == "sent" || name == "refused" { parsed.append((name, object, id, 0)) }
      }
      if line.isEmpty || line.first == UInt8(ascii: "#") { return }
      let (object, source, target) = try parse(line, number: number)
      parsed.append((nil, object, source, target))
    }
    for line in parsed {
      switch line.comment {
      case "sent"?:
        sentUnanswered.insert(Self.key(line.object, line.source))
        journalsSent = true
      case "refused"?:
        sentUnanswered.remove(Self.key(line.object, line.source))
      default:
        mapped(line.object, line.source, line.target)
      }
    }
    (readEnd, linesRead) = read
  }

  /// The longest line read: a map line is an object name and two ids of 18 digits at most, a
  /// comment a line of words; a longer line is not one of a map.
  package static let lineLimit = 65_536

  /// How a `#job` line starts.
  private static let jobPrefix = Array("#job\t".utf8)

  /// The name (`floor`, `sent`, `refused`), object and id of a comment that has a meaning; `nil`
  /// for any other comment.
  private static func comment(_ line: ArraySlice<UInt8>) -> (String, String, Int)? {
    let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
    guard fields.count == 3 else { return nil }
    let name = String(decoding: fields[0].dropFirst(), as: UTF8.self)
    guard name == "floor" || name == "sent" || name == "refused" else { return nil }
    let object = String(decoding: fields[1], as: UTF8.self)
    guard isObjectName(object), fields[2].count <= 18, let id = Int(String(decoding: fields[2], as: UTF8.self)) else {
      return nil
    }
    return (name, object, id)
  }

  /// One line's three fields.
  private func parse(_ line: ArraySlice<UInt8>, number: Int) throws(MonicaError) -> (String, Int, Int) {
    let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
    let text = String(decoding: line, as: UTF8.self)
    guard fields.count == 3 else {
      throw .malformedInput(
        source: path, line: number,
        reason: "expected <object> TAB <source id> TAB <target id>, got \(OutsideText.quoted(text))")
    }
    let object = String(decoding: fields[0], as: UTF8.self)
    guard Self.isObjectName(object) else {
      throw .malformedInput(source: path, line: number, reason: "\(OutsideText.quoted(object)) is not an object name")
    }
    func id(_ field: ArraySlice<UInt8>) throws(MonicaError) -> Int {
      guard !field.isEmpty, field.count <= 18, field.allSatisfy({ (0x30...0x39).contains($0) }),
        let value = Int(String(decoding: field, as: UTF8.self)), value > 0
      else {
        throw .malformedInput(
          source: path, line: number,
          reason: "\(OutsideText.quoted(String(decoding: field, as: UTF8.self))) is not a record id")
      }
      return value
    }
    return (object, try id(fields[1]), try id(fields[2]))
  }

  private func failure(_ what: String, _ code: Int32) -> MonicaError {
    .unavailable(request: path, detail: "\(what): \(systemErrorText(code))")
  }
}
