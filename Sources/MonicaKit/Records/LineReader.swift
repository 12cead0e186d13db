#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a tool reads its input: a file, or standard input for `-`.
package struct InputSource: Sendable, Equatable {
  /// The path given, `-` for standard input.
  package let path: String

  package init(_ path: String) { self.path = path }

  /// Standard input.
  package static let standardInput = InputSource("-")

  /// The name used in `source:line: reason` messages: `stdin` or the path.
  package var name: String { path == "-" ? "stdin" : path }

  /// Whether the source is a regular file (standard input too, when it was redirected from one):
  /// its end is the end of what was written, unlike a pipe's, which a writer that died ends too.
  package var isRegularFile: Bool {
    var info = stat()
    let found = path == "-" ? fstat(0, &info) == 0 : stat(path, &info) == 0
    return found && info.st_mode & S_IFMT == S_IFREG
  }

  /// Opens the source, its lines at most `maximumLineLength` long; a missing or unreadable file
  /// is `notFound` (66).
  package func open(maximumLineLength: Int = LineReader.maximumLineLength) throws(MonicaError) -> LineReader {
    if path == "-" {
      return LineReader(descriptor: 0, ownsDescriptor: false, name: name, maximumLineLength: maximumLineLength)
    }
    let descriptor = openForReading(path)
    guard descriptor >= 0 else {
      throw .notFound("\(path): \(systemErrorText(errno))")
    }
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      close(descriptor)
      throw .notFound("\(path): is a directory, not a file of records")
    }
    return LineReader(
      descriptor: descriptor, ownsDescriptor: true, name: name, maximumLineLength: maximumLineLength)
  }
}

/// Reads a descriptor line by line in large blocks, without copying lines that fit a block.
///
/// A read error is an error, never the end of the input, and a line may not grow past
/// `maximumLineLength`: a file without newlines must not take all memory before it fails.
package final class LineReader {
  /// The longest line read: 64 MiB, well above any record (a photo's `dataUrl` of Monica's
  /// largest upload, 10 MB, is under 14 MB).
  package static let maximumLineLength = 64 << 20

  /// The source's name for messages (`stdin`, a path).
  package let name: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  private let maximumLineLength: Int
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// The number of the line last returned, counted from 1.
  package private(set) var lineNumber = 0

  package init(
    descriptor: Int32, ownsDescriptor: Bool, name: String = "input", blockSize: Int = 1 << 18,
    maximumLineLength: Int = LineReader.maximumLineLength
  ) {
    self.descriptor = descriptor
    self.ownsDescriptor = ownsDescriptor
    self.name = name
    self.maximumLineLength = maximumLineLength
    buffer = [UInt8](repeating: 0, count: blockSize)
  }

  /// A reader of `bytes` held in memory (a file's content as it was just written), its lines
  /// as a file's of those bytes gives them. Nothing is read, so no line is refused for its
  /// length: the bytes are bounded already.
  package init(bytes: [UInt8], name: String) {
    (descriptor, ownsDescriptor, self.name, maximumLineLength) = (-1, false, name, LineReader.maximumLineLength)
    (buffer, end, atEnd) = (bytes, bytes.count, true)
  }

  deinit { if ownsDescriptor { close(descriptor) } }

  /// Calls `body` with each line (without its newline or a trailing carriage return) until the
  /// input ends or `body` throws. The bytes are valid only during the call. A read error is
  /// `notFound` (66), a line over the maximum `malformedInput` (65).
  package func forEachLine(
    _ body: (UnsafeBufferPointer<UInt8>) throws(MonicaError) -> Void
  ) throws(MonicaError) {
    while let line = try nextLineRange() {
      lineNumber += 1
      var upper = line.upperBound
      if upper > line.lowerBound, buffer[upper - 1] == 0x0D { upper -= 1 }
      let result: Result<Void, MonicaError> = buffer.withUnsafeBufferPointer { all in
        Result { () throws(MonicaError) in try body(UnsafeBufferPointer(rebasing: all[line.lowerBound..<upper])) }
      }
      try result.get()
    }
  }

  /// The next line as its own bytes (without its newline or a trailing carriage return), `nil`
  /// at the end: for readers that wait for the network between lines. Errors as `forEachLine`.
  package func nextLine() throws(MonicaError) -> [UInt8]? {
    guard let line = try nextLineRange() else { return nil }
    lineNumber += 1
    var upper = line.upperBound
    if upper > line.lowerBound, buffer[upper - 1] == 0x0D { upper -= 1 }
    return Array(buffer[line.lowerBound..<upper])
  }

  private static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  /// The range in `buffer` of the next line, reading more as needed; `nil` at the end.
  private func nextLineRange() throws(MonicaError) -> Range<Int>? {
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom..<end].firstIndex(of: 0x0A) {
        defer { start = newline + 1 }
        return start..<newline
      }
      if atEnd {
        guard start < end else { return nil }
        defer { start = end }
        return start..<end
      }
      // Keep the partial line: move it to the front, grow the buffer if it is full.
      if start > 0 {
        buffer.withUnsafeMutableBufferPointer { all in
          guard let base = all.baseAddress else { return }
          _ = memmove(base, base + start, end - start)
        }
        end -= start
        start = 0
      }
      if end >= maximumLineLength {
        throw .malformedInput(
          source: name, line: lineNumber + 1,
          reason: "a line longer than \(Self.size(maximumLineLength)) without a newline is not a record")
      }
      if end == buffer.count {
        buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, maximumLineLength - buffer.count + 1)))
      }
      searchFrom = end
      let count = buffer.withUnsafeMutableBufferPointer { all in
        all.baseAddress.map { read(descriptor, $0 + end, all.count - end) } ?? 0
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw .notFound("\(name): cannot read: \(systemErrorText(code))")
      }
      if count == 0 { atEnd = true } else { end += count }
    }
  }
}

/// `open(2)` for reading, outside `InputSource` whose `open()` would shadow it.
private func openForReading(_ path: String) -> Int32 {
  open(path, O_RDONLY | O_CLOEXEC)
}
