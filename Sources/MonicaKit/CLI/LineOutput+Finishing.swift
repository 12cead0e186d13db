extension LineOutput {
  /// Runs `body`, then flushes; when `body` fails, what it wrote so far still goes out first, so
  /// the records before a bad line are out and complete when the tool reports it.
  package func finishing(_ body: () throws(MonicaError) -> Void) throws(MonicaError) {
    do {
      try body()
    } catch {
      if error != .outputClosed { try? flush() }
      throw error
    }
    try flush()
  }
}

extension LineOutput {
  /// Writes each text as a line, then flushes.
  package func writeEach(_ lines: [String]) throws(MonicaError) {
    try finishing { () throws(MonicaError) in
      for line in lines { try writeLine(line) }
    }
  }
}
