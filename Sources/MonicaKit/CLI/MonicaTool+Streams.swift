extension MonicaTool {
  /// The record stream of the tool's input files, warning about skipped lines on stderr as
  /// `monica-<tool>: warning: source:line: reason, line skipped`.
  package func stream(_ input: InputOptions, skipInvalid: Bool) -> RecordStream {
    let prefix = "\(Self.toolName): warning: "
    return RecordStream(sources: input.sources, skipInvalid: skipInvalid) { StandardError.line(prefix + $0) }
  }
}
