#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole lines to a file descriptor, buffered, with EPIPE turned into `MonicaError.outputClosed`.
///
/// Only complete lines ever enter the buffer, so a failure never leaves half a line behind; the
/// non-throwing `FileHandle.write` is avoided because it traps on EPIPE.
package final class LineOutput {
  /// The descriptor written to.
  package let descriptor: Int32
  private var buffer: [UInt8] = []
  private var closed = false
  /// Bytes held before they are written; 0 writes every line at once.
  package var bufferLimit: Int
  /// Whether each line goes through `TerminalText.safe` first: standard output on a terminal,
  /// so that no tool's line (a record, a plan, a report) brings a name's control or bidi
  /// characters to the screen. A line that is NDJSON stays JSON, its strings' controls shown as
  /// U+FFFD; in a pipe or a file every byte is kept.
  package var safe = false

  /// Standard output, flushed every 64 KiB, made safe (`safe`) when it is a terminal.
  package static func standardOutput() -> LineOutput {
    let output = LineOutput(descriptor: 1)
    output.safe = isatty(1) == 1
    return output
  }

  /// Output to `descriptor`, flushed every `bufferLimit` bytes.
  package init(descriptor: Int32, bufferLimit: Int = 1 << 16) {
    self.descriptor = descriptor
    self.bufferLimit = bufferLimit
    buffer.reserveCapacity(bufferLimit + 4096)
  }

  /// Appends `bytes` and a newline.
  package func writeLine(_ bytes: some Sequence<UInt8>) throws(MonicaError) {
    if closed { throw .outputClosed }
    if safe { buffer.append(contentsOf: TerminalText.safe(Array(bytes))) } else { buffer.append(contentsOf: bytes) }
    buffer.append(0x0A)
    if buffer.count >= bufferLimit { try flush() }
  }

  /// Appends a line of text and a newline.
  package func writeLine(_ text: String) throws(MonicaError) {
    try writeLine(text.utf8)
  }

  /// Appends a line drawn in `style` (an SGR sequence of the tool's own, such as a table's bold
  /// header) up to `reset`: the two sequences are kept on a terminal, the text between them is
  /// made safe as every line is.
  package func writeStyledLine(_ text: String, style: String, reset: String) throws(MonicaError) {
    if closed { throw .outputClosed }
    buffer.append(contentsOf: style.utf8)
    if safe {
      buffer.append(contentsOf: TerminalText.safe(Array(text.utf8)))
    } else {
      buffer.append(contentsOf: text.utf8)
    }
    buffer.append(contentsOf: reset.utf8)
    buffer.append(0x0A)
    if buffer.count >= bufferLimit { try flush() }
  }

  /// Appends several complete lines at once: `bytes` must end with a newline.
  package func writeLines(_ bytes: some Sequence<UInt8>) throws(MonicaError) {
    if closed { throw .outputClosed }
    // Line feeds are not controls to `TerminalText`: the lines stay lines.
    if safe { buffer.append(contentsOf: TerminalText.safe(Array(bytes))) } else { buffer.append(contentsOf: bytes) }
    if buffer.count >= bufferLimit { try flush() }
  }

  /// Writes out everything buffered.
  package func flush() throws(MonicaError) {
    if closed { throw .outputClosed }
    defer { buffer.removeAll(keepingCapacity: true) }
    // Whole lines or none: Ctrl-C's handler (`Interruption`) waits for this write to end.
    let failure: Int32? = Interruption.whole { () -> Int32? in
      buffer.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return nil }
        var offset = 0
        while offset < raw.count {
          let written = write(descriptor, base + offset, raw.count - offset)
          if written < 0 {
            if errno == EINTR || errno == EAGAIN { continue }
            return errno
          }
          offset += written
        }
        return nil
      }
    }
    guard let failure else { return }
    closed = true
    if failure == EPIPE { throw .outputClosed }
    throw .unavailable(request: "standard output", detail: systemErrorText(failure))
  }
}

/// Diagnostics to standard error; failures to write them are ignored, as there is nowhere left to
/// report them.
package enum StandardError {
  /// Writes `text` and a newline to stderr in one call, its control characters escaped: messages
  /// quote outside text (file names, profile names, server messages) that must not reach the
  /// terminal as escape sequences or break the one-line form.
  package static func line(_ text: String) {
    let bytes = Array((ProgressLine.takeClearing() + text.escapingControlCharacters + "\n").utf8)
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      var offset = 0
      while offset < raw.count {
        let written = write(2, base + offset, raw.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
