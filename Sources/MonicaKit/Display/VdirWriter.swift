import Crypto
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A vdir (the layout khard, khal and vdirsyncer read: one vCard or iCalendar item per file,
/// <https://vdirsyncer.pimutils.org/en/stable/vdir.html>) written from a record stream, one item
/// at a time: an item's file is written as the item arrives, never held with the others, so that
/// memory stays bounded whatever the number of items (bench/README.md, a 30,000-card vdir).
///
/// - Each item is named from its UID (`VdirName`): a UID of letters, digits, `-`, `_` and `.`
///   is the name, anything else is made safe and given a hash of the UID, and a long one is cut
///   with that hash, so that two UIDs never share a file and no name is too long for the file
///   system. An item whose UID came before in the input gets a file of its own, and it is said.
/// - A file is written (atomically: a temporary file in the directory, then a rename; 0600, as
///   every file with personal data) only when its bytes changed, so a sync after a run uploads
///   only what changed.
/// - The files this tool wrote are listed, with a hash of what it wrote, in `.monica-format` in
///   the directory: each written file is appended to the list as it is written, so that a run
///   killed half-way still lists what it wrote. Only listed files are ever removed, when their
///   item is no longer in the input and the file still holds what was written: a file someone
///   else wrote or changed stays.
/// - Removal trusts the end of the input only when the input can say it is whole (`Removal`):
///   a regular file, or `--prune`. A stream (a pipe from a fetch that died, or was killed) has no
///   end marker, so its end removes nothing. Even then, more than half of the listed files are
///   removed only with `--force` (vdirsyncer's rule for a side that suddenly looks empty), and a
///   stream without a single item removes nothing. What is removed, or kept and why, is said.
package final class VdirWriter {
  /// The directory.
  package let directory: String
  /// The file extension, `vcf` or `ics`.
  package let fileExtension: String
  /// When files whose items are gone may be removed.
  package var removal = Removal()
  private let warn: (String) -> Void
  /// The names written (or found as they would be written) this run, with the hash of their bytes.
  private var current: [String: UInt64] = [:]
  /// The list as the run found it: the files written before, with what was written.
  private var previous: [String: UInt64]?
  /// The list, open for appending while the run writes.
  private var journal: Int32 = -1
  /// The error `put` met, thrown by `finish`.
  private var deferred: MonicaError?
  /// What the last `finish` did: files written, left as they were, removed.
  package private(set) var counts = (written: 0, unchanged: 0, removed: 0)

  /// The name of the list of files this tool wrote.
  package static let manifestName = ".monica-format"

  /// When the files of items gone may be removed.
  package struct Removal: Sendable, Equatable {
    /// Whether the input can say it is whole: a regular file (the caller knows), or `--prune`.
    package var inputIsWhole = false
    /// `--force`: more than `VdirName.removableShare` of the listed files may go.
    package var force = false

    package init(inputIsWhole: Bool = false, force: Bool = false) {
      self.inputIsWhole = inputIsWhole
      self.force = force
    }
  }

  /// A writer to `directory` (made when missing) of `.<fileExtension>` files.
  package init(directory: String, fileExtension: String, warn: @escaping (String) -> Void = { _ in }) {
    self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    self.fileExtension = fileExtension
    self.warn = warn
  }

  deinit { if journal >= 0 { close(journal) } }

  /// The file name of the item with this UID (`VdirName.fileName`).
  package func fileName(uid: String) -> String { VdirName.fileName(uid: uid, fileExtension: fileExtension) }

  /// `write(uid:bytes:)` for a caller that cannot throw: the first error stops the writing and
  /// is thrown by `finish`.
  package func put(uid: String, bytes: [UInt8]) {
    guard deferred == nil else { return }
    do throws(MonicaError) { try write(uid: uid, bytes: bytes) } catch { deferred = error }
  }

  /// Writes one item's file, unless it holds these bytes already; an item whose UID came before
  /// gets a file of its own (a name with a hash), said.
  package func write(uid: String, bytes: [UInt8]) throws(MonicaError) {
    try start()
    // The names written are all that is held (no UID, no card): a UID's later item finds its
    // name by trying the next occurrence until one is free.
    var occurrence = 1
    var name = VdirName.fileName(uid: uid, occurrence: occurrence, fileExtension: fileExtension)
    // A name this run wrote already (the UID again, or another UID's name made to look like
    // this one's) is never overwritten: the item gets the next free name.
    while current[name] != nil {
      occurrence += 1
      name = VdirName.fileName(uid: uid, occurrence: occurrence, fileExtension: fileExtension)
    }
    if occurrence > 1 {
      warn(
        "\(directory): UID \(OutsideText.quoted(uid)) shares its file name with an earlier item of the "
          + "input: this one is written to \(name)")
    }
    let hash = Self.hash(bytes)
    current[name] = hash
    let path = directory + "/" + name
    if let existing = VdirFile.contents(of: path), existing == bytes {
      counts.unchanged += 1
      if previous?[name] != hash { try list(name, hash) }
      return
    }
    try SecureFiles.writeAtomically(bytes, to: path, mode: 0o600, durable: false)
    counts.written += 1
    try list(name, hash)
  }

  /// Removes the files of items gone, when `removal` allows it, and writes the list whole.
  package func finish() throws(MonicaError) {
    if let deferred { throw deferred }
    try start()
    let previous = self.previous ?? [:]
    var manifest = current
    var gone: [String] = []
    for (name, written) in previous.sorted(by: { $0.key < $1.key }) where current[name] == nil {
      let path = directory + "/" + name
      guard let existing = VdirFile.contents(of: path) else { continue }
      guard Self.hash(existing) == written else {
        warn("\(path): changed since monica-format wrote it, so kept although its item is gone")
        continue
      }
      gone.append(name)
    }
    switch VdirName.removalRefusal(
      removing: gone.count, of: previous.count, itemsInInput: current.count, removal: removal)
    {
    case .some(let refusal):
      warn("\(directory): \(refusal)")
      for name in gone { manifest[name] = previous[name] }
    case .none:
      for name in gone {
        try SecureFiles.remove(directory + "/" + name)
        counts.removed += 1
      }
      if !gone.isEmpty {
        warn("\(directory): removed \(gone.count) \(gone.count == 1 ? "file" : "files") whose items are gone")
      }
    }
    // A file someone changed since it was written is theirs now: off the list, never removed.
    let list = Array(
      manifest.sorted { $0.key < $1.key }.map { "\($0.key)\t\(String($0.value, radix: 16))\n" }.joined().utf8)
    let path = directory + "/" + Self.manifestName
    if VdirFile.contents(of: path) != list {
      try SecureFiles.writeAtomically(list, to: path, mode: 0o600, durable: true)
    }
    if journal >= 0 {
      close(journal)
      journal = -1
    }
  }

  /// Makes the directory and reads the list, once, before the first file is written.
  private func start() throws(MonicaError) {
    guard previous == nil else { return }
    try makeDirectory()
    let path = directory + "/" + Self.manifestName
    let listed = VdirFile.contents(of: path) ?? []
    previous = readManifest(listed)
    journal = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard journal >= 0 else {
      throw .configuration("\(path): cannot write the list of files: \(systemErrorText(errno))")
    }
    // Owner only, as every file with personal data: a list an older version wrote wider is narrowed.
    fchmod(journal, 0o600)
    // A list cut off mid-line by a kill gets its newline back, so that the next line is whole.
    if let last = listed.last, last != 0x0A { try append([0x0A], to: path) }
  }

  /// Appends `name` with the hash of what was written to the list, as it is written.
  private func list(_ name: String, _ hash: UInt64) throws(MonicaError) {
    try append(Array("\(name)\t\(String(hash, radix: 16))\n".utf8), to: directory + "/" + Self.manifestName)
  }

  private func append(_ bytes: [UInt8], to path: String) throws(MonicaError) {
    var done = 0
    while done < bytes.count {
      let written = bytes[done...].withUnsafeBytes { systemWrite(journal, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let code = written < 0 ? errno : ENOSPC
        throw .configuration("\(path): cannot write the list of files: \(systemErrorText(code))")
      }
      done += written
    }
  }

  /// The files this tool wrote before, with the hash of what it wrote; a later line of a name wins.
  private func readManifest(_ bytes: [UInt8]) -> [String: UInt64] {
    var result: [String: UInt64] = [:]
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "\t")
      // Only plain names in this directory: an edited list can never reach another one.
      guard parts.count == 2, let hash = UInt64(parts[1], radix: 16), !parts[0].contains("/"),
        !parts[0].hasPrefix("."), parts[0].hasSuffix("." + fileExtension)
      else { continue }
      result[String(parts[0])] = hash
    }
    return result
  }

  private func makeDirectory() throws(MonicaError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw .configuration("\(directory): not a directory") }
      return
    }
    // Owner only, as every directory of personal data; the parents as the umask says.
    let parent = SecureFiles.parent(of: directory)
    if !parent.isEmpty, parent != directory {
      do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
        throw .configuration("\(parent): cannot create the directory: \(error.localizedDescription)")
      }
    }
    if mkdir(directory, 0o700) != 0 && errno != EEXIST {
      throw .configuration("\(directory): cannot create the directory: \(systemErrorText(errno))")
    }
  }

  /// FNV-1a, 64 bits: enough to tell whether a file still holds what was written.
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}

/// How the items of a vdir are named, and when a writer may remove files: the rules
/// `monica-format --vdir` and `monica-sync` share.
package enum VdirName {
  /// The longest name written, extension included: well under the 255 bytes of ext4, btrfs and
  /// tmpfs, with room for the temporary name of an atomic write (`.NAME.tmp-N`).
  package static let maximumLength = 200

  /// The share of a vdir's files one run removes without `--force`: more than half looks like a
  /// side that suddenly went empty (a fetch that died), not like contacts deleted.
  package static let removableShare = 0.5

  /// The file name of the item with this UID: the UID itself when it is a safe name (letters,
  /// digits, `-`, `_`, `.`, not starting with a dot, short enough); otherwise the UID made safe
  /// (anything else as `_`) and cut to fit, followed by `-` and 16 hex digits of the UID's
  /// SHA-256, so that UIDs that flatten to one name (`a/b`, `a_b`) keep a file each, and names
  /// stay the same from run to run. `occurrence` above 1 names a later item of the same UID.
  package static func fileName(uid: String, occurrence: Int = 1, fileExtension: String) -> String {
    let suffix = "." + fileExtension
    var safe = true
    var flat = String.UnicodeScalarView()
    for scalar in uid.unicodeScalars {
      if scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
      {
        flat.append(scalar)
      } else {
        flat.append("_")
        safe = false
      }
    }
    var name = String(flat)
    if name.isEmpty || name.hasPrefix(".") { safe = false }
    if safe, occurrence == 1, name.utf8.count + suffix.utf8.count <= maximumLength { return name + suffix }
    let key = occurrence == 1 ? uid : uid + "\u{0}\(occurrence)"
    let digest = CacheKeys.hex(SHA256.hash(data: Array(key.utf8)).prefix(8))
    let room = maximumLength - suffix.utf8.count - 1 - digest.count
    // The flattened UID is ASCII: cut anywhere, it stays whole characters.
    if name.utf8.count > room { name = String(decoding: Array(name.utf8.prefix(room)), as: UTF8.self) }
    if name.hasPrefix(".") { name = "_" + name.dropFirst() }
    if name.isEmpty { name = "_" }
    return name + "-" + digest + suffix
  }

  /// Why `removing` of the `listed` files may not be removed now, or `nil` when they may: a run
  /// whose input had no item, whose input cannot say it is whole, or that would remove more than
  /// `removableShare` of them without `force`.
  package static func removalRefusal(
    removing: Int, of listed: Int, itemsInInput: Int, removal: VdirWriter.Removal
  ) -> String? {
    guard removing > 0 else { return nil }
    let files = "\(removing) \(removing == 1 ? "file" : "files")"
    if itemsInInput == 0 { return "no items in the input, so no file was removed" }
    if !removal.inputIsWhole {
      return "\(files) whose items are not in the input kept: a stream cannot say it is whole (a fetch that "
        + "died ends it as well), so only a regular file's end, or --prune, removes files"
    }
    if !removal.force, Double(removing) > Double(listed) * removableShare {
      return "\(files) of \(listed) whose items are not in the input kept: more than half of the vdir at "
        + "once looks like an input cut short, not like deletions (--force removes them)"
    }
    return nil
  }
}

/// Reading a vdir's files as they are on disk.
package enum VdirFile {
  /// A regular file's bytes; `nil` when it is absent or not a regular file (a link is not followed).
  package static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }
}

/// write(2), which `VdirWriter.write(uid:bytes:)` hides inside the class.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
