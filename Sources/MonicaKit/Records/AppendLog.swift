import Foundation

/// The one append protocol of the tools' line files (the id map and its journals, monica-sync's
/// status, monica-remind's deliveries, monica-merge's plans): whole lines appended after the last
/// complete line read, a torn last line (a kill mid-write) cut off first and again when a write
/// fails part-way; complete lines read back a block at a time, never the file whole, each bounded,
/// a last line without its newline left unread for the next append to cut off. The caller holds
/// whatever lock its file needs.
package enum AppendLog {
  /// Appends `bytes` (whole lines) to `descriptor` where the complete lines read end (`end`),
  /// synced to disk when `durable`; `what` names the file in a failure (`cannot append to the
  /// map: ...`).
  package static func append(
    _ bytes: [UInt8], to descriptor: Int32, at end: off_t, durable: Bool, path: String, what: String
  ) throws(MonicaError) {
    if lseek(descriptor, 0, SEEK_END) > end, ftruncate(descriptor, end) != 0 {
      throw failure(path, "cannot cut off the torn last line", errno)
    }
    var done = 0
    while done < bytes.count {
      let written = bytes[done...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let code = written < 0 ? errno : ENOSPC
        _ = ftruncate(descriptor, end)
        throw failure(path, "cannot append to \(what)", code)
      }
      done += written
    }
    guard !durable || fsync(descriptor) == 0 else { throw failure(path, "cannot sync \(what) to disk", errno) }
  }

  /// Hands each complete line of `descriptor` after offset `end` to `line`, without its newline,
  /// numbered from `lines + 1`; returns where the last complete line ends and how many lines
  /// there are then. A line longer than `limit` bytes is malformed input at its number, found
  /// before more than `limit` bytes of it are held.
  package static func readLines(
    from descriptor: Int32, after end: off_t, lines: Int, limit: Int, path: String,
    _ line: (_ bytes: ArraySlice<UInt8>, _ number: Int) throws(MonicaError) -> Void
  ) throws(MonicaError) -> (end: off_t, lines: Int) {
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var (offset, complete, number) = (end, end, lines)
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path, "cannot read", errno)
      }
      if count == 0 { break }
      var start = 0
      while start < count {
        guard let newline = buffer[start..<count].firstIndex(of: 0x0A) else {
          pending += buffer[start..<count]
          break
        }
        number += 1
        if pending.isEmpty {
          try check(newline - start, limit: limit, path: path, number: number)
          try line(buffer[start..<newline], number)
        } else {
          pending += buffer[start..<newline]
          try check(pending.count, limit: limit, path: path, number: number)
          try line(pending[...], number)
          pending.removeAll(keepingCapacity: true)
        }
        start = newline + 1
        complete = offset + off_t(start)
      }
      try check(pending.count, limit: limit, path: path, number: number + 1)
      offset += off_t(count)
    }
    return (complete, number)
  }

  private static func check(_ count: Int, limit: Int, path: String, number: Int) throws(MonicaError) {
    guard count <= limit else {
      throw .malformedInput(source: path, line: number, reason: "a line longer than \(limit) bytes")
    }
  }

  private static func failure(_ path: String, _ what: String, _ code: Int32) -> MonicaError {
    .unavailable(request: path, detail: "\(what): \(systemErrorText(code))")
  }
}
