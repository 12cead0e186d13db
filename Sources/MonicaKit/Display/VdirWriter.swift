import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A vdir (the layout khard, khal and vdirsyncer read: one vCard or iCalendar item per file,
/// <https://vdirsyncer.pimutils.org/en/stable/vdir.html>) written from a record stream.
///
/// - Each item is `<uid>.<ext>`, its UID with anything but letters, digits, `-`, `_` and `.`
///   made `_`; an item seen twice keeps the later one.
/// - A file is written (atomically: a temporary file, then a rename) only when its bytes
///   changed, so a sync after a run uploads only what changed.
/// - The files this tool wrote are listed, with a hash of what it wrote, in `.monica-format`
///   in the directory. Only those are ever removed, when their item is no longer in the stream
///   and the file still holds what was written: a file someone else wrote or changed stays.
/// - A stream without a single item removes nothing (a failed fetch is not an empty address book).
package final class VdirWriter {
  /// The directory.
  package let directory: String
  /// The file extension, `vcf` or `ics`.
  package let fileExtension: String
  private var names: [String] = []
  private var items: [String: [UInt8]] = [:]
  private let warn: (String) -> Void
  /// What the last `finish` did: files written, left as they were, removed.
  package private(set) var counts = (written: 0, unchanged: 0, removed: 0)

  /// The name of the list of files this tool wrote.
  package static let manifestName = ".monica-format"

  /// A writer to `directory` (made when missing) of `.<fileExtension>` files.
  package init(directory: String, fileExtension: String, warn: @escaping (String) -> Void = { _ in }) {
    self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    self.fileExtension = fileExtension
    self.warn = warn
  }

  /// The file name of the item with this UID.
  package func fileName(uid: String) -> String {
    var name = String(
      String.UnicodeScalarView(
        uid.unicodeScalars.map { scalar in
          scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
            ? scalar : "_"
        }))
    if name.isEmpty || name.hasPrefix(".") { name = "_" + name }
    return name + "." + fileExtension
  }

  /// Holds one item; a later one with the same UID replaces it.
  package func put(uid: String, bytes: [UInt8]) {
    let name = fileName(uid: uid)
    if items.updateValue(bytes, forKey: name) == nil { names.append(name) }
  }

  /// Writes the changed items and removes the files of items gone, then the list of files.
  package func finish() throws(MonicaError) {
    try makeDirectory()
    let previous = readManifest()
    var manifest: [String: UInt64] = [:]
    counts = (0, 0, 0)
    for name in names {
      guard let bytes = items[name] else { continue }
      let path = directory + "/" + name
      manifest[name] = Self.hash(bytes)
      if let existing = Self.contents(of: path), existing == bytes {
        counts.unchanged += 1
        continue
      }
      try SecureFiles.writeAtomically(bytes, to: path, mode: 0o644, durable: false)
      counts.written += 1
    }
    if names.isEmpty, !previous.isEmpty {
      warn("\(directory): no items in the input, so no file was removed")
      manifest = previous
    } else {
      for (name, written) in previous.sorted(by: { $0.key < $1.key }) where manifest[name] == nil {
        let path = directory + "/" + name
        guard let existing = Self.contents(of: path) else { continue }
        guard Self.hash(existing) == written else {
          warn("\(path): changed since monica-format wrote it, so kept although its item is gone")
          continue
        }
        try SecureFiles.remove(path)
        counts.removed += 1
      }
    }
    let list = manifest.sorted { $0.key < $1.key }.map { "\($0.key)\t\(String($0.value, radix: 16))\n" }.joined()
    try SecureFiles.writeAtomically(
      Array(list.utf8), to: directory + "/" + Self.manifestName, mode: 0o644, durable: true)
  }

  /// The files this tool wrote before, with the hash of what it wrote.
  private func readManifest() -> [String: UInt64] {
    guard let bytes = Self.contents(of: directory + "/" + Self.manifestName) else { return [:] }
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
    do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
      throw .configuration("\(directory): cannot create the directory: \(error.localizedDescription)")
    }
  }

  /// A regular file's bytes; `nil` when it is absent or not a regular file.
  private static func contents(of path: String) -> [UInt8]? {
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
