#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An unnamed temporary file that lines are written to and then read back, so that a tool can
/// make two passes over standard input, or hold records aside, in constant memory.
package final class Spool {
  private let descriptor: Int32
  private let output: LineOutput
  /// The number of lines written.
  package private(set) var count = 0

  /// A spool in `$TMPDIR` (or /tmp), removed from the directory at once so it vanishes with
  /// the process whatever happens.
  package init(environment: ToolEnvironment) throws(MonicaError) {
    var template = Array(((environment["TMPDIR"] ?? "/tmp") + "/monica-spool-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else {
      throw .unavailable(request: "temporary file", detail: systemErrorText(errno))
    }
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    self.descriptor = descriptor
    output = LineOutput(descriptor: descriptor, bufferLimit: 1 << 18)
  }

  deinit { close(descriptor) }

  /// Appends one line.
  package func append(_ bytes: some Sequence<UInt8>) throws(MonicaError) {
    try output.writeLine(bytes)
    count += 1
  }

  /// A reader over everything written so far, from the start.
  package func reader() throws(MonicaError) -> LineReader {
    try output.flush()
    let copy = dup(descriptor)
    guard copy >= 0, lseek(copy, 0, SEEK_SET) == 0 else {
      throw .unavailable(request: "temporary file", detail: systemErrorText(errno))
    }
    return LineReader(descriptor: copy, ownsDescriptor: true)
  }
}
