import Foundation
import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A body as it arrives: in memory up to `memoryPart` bytes, then in a temporary file that has
/// no name (unlinked as soon as it is made, so nothing is left behind however the tool ends).
/// A transfer under way thus costs at most `memoryPart` of memory whatever its cap: eight
/// images cut at 10 MB at once, or an API answer cut at 64 MiB, never sit in memory; only a
/// whole answer within its cap is read back, once, when it is complete. Where no temporary
/// file can be made the body stays in memory, still within its cap.
struct BodySpool {
  /// The bytes kept in memory before the rest goes to the file: larger than a page of records
  /// or an avatar usually is, so that most answers never touch the disk.
  static let memoryPart = 1 << 20

  /// The bytes appended so far.
  private(set) var count = 0
  private var memory = Data()
  private var file: SpoolFile?

  /// Appends `data`; why it could not be kept, or nil.
  mutating func append(_ data: Data) -> String? {
    defer { count += data.count }
    if file == nil && memory.count + data.count > Self.memoryPart, let made = SpoolFile.make() {
      if let failure = made.append(memory) { return failure }
      file = made
      memory = Data()
    }
    guard let file else {
      memory.append(data)
      return nil
    }
    return file.append(data)
  }

  /// The body's temporary file, when it went to one.
  var spilled: SpooledBody? { file.map { SpooledBody(file: $0, count: count) } }

  /// The whole body.
  func contents() -> Result<Data, SpoolFailure> {
    guard let file else { return .success(memory) }
    return file.contents(count)
  }
}

/// A whole body left in its temporary file, for a reader that takes it part by part (a page of
/// photos, 13 MB of base64 each, up to the 64 MiB cap), so that it is never in memory whole.
package struct SpooledBody: Sendable {
  let file: SpoolFile
  /// Its length.
  package let count: Int

  /// The bytes of `range` (within `count`).
  package func read(_ range: Range<Int>) -> Result<Data, SpoolFailure> {
    file.read(range.clamped(to: 0..<count))
  }
}

/// Why a spooled body could not be read back.
package struct SpoolFailure: Error {
  /// Why, for messages.
  package let reason: String
}

/// An open temporary file with no name, closed when the last spool holding it goes.
final class SpoolFile: @unchecked Sendable {
  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }

  /// A new file in the temporary directory (`TMPDIR`), its name removed at once; nil when none
  /// can be made.
  static func make() -> SpoolFile? {
    let directory = FileManager.default.temporaryDirectory.path
    var template = Array((directory + "/monica-body-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    return SpoolFile(descriptor: descriptor)
  }

  /// Appends `data`; why it could not, or nil.
  func append(_ data: some ContiguousBytes) -> String? {
    data.withUnsafeBytes { buffer -> String? in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return "the answer could not be kept in a temporary file: \(systemErrorText(errno))"
        }
        offset += written
      }
      return nil
    }
  }

  /// The file's first `count` bytes.
  func contents(_ count: Int) -> Result<Data, SpoolFailure> { read(0..<count) }

  /// The file's first `count` bytes as an array, read straight into it (an image kept here).
  func bytes(_ count: Int) -> Result<[UInt8], SpoolFailure> {
    var failure: String?
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var offset = 0
      while offset < count {
        let got = pread(descriptor, buffer.baseAddress.map { $0 + offset }, count - offset, off_t(offset))
        if got < 0 && errno == EINTR { continue }
        if got <= 0 {
          failure =
            "the image kept in a temporary file could not be read back: "
            + (got < 0 ? systemErrorText(errno) : "it ended early")
          break
        }
        offset += got
      }
      initialized = offset
    }
    if let failure { return .failure(SpoolFailure(reason: failure)) }
    return .success(bytes)
  }

  /// The bytes of `range`.
  func read(_ range: Range<Int>) -> Result<Data, SpoolFailure> {
    let count = range.count
    var data = Data(count: count)
    let failure = data.withUnsafeMutableBytes { buffer -> String? in
      var offset = 0
      while offset < count {
        let got = pread(
          descriptor, buffer.baseAddress.map { $0 + offset }, count - offset, off_t(range.lowerBound + offset))
        if got < 0 && errno == EINTR { continue }
        if got <= 0 {
          let why = got < 0 ? systemErrorText(errno) : "it ended early"
          return "the answer kept in a temporary file could not be read back: \(why)"
        }
        offset += got
      }
      return nil
    }
    if let failure { return .failure(SpoolFailure(reason: failure)) }
    return .success(data)
  }
}
