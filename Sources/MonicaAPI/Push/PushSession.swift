import Foundation
import MonicaKit

/// One `monica-push` run against an instance: writes line after line, prints the server's
/// records, and keeps the failures `--keep-going` goes past.
final class PushSession {
  private let client: MonicaClient
  private let output: LineOutput
  private let tool: String
  private let keepGoing: Bool
  private let today: CalendarDate
  /// `--strict`: a create line's unknown fields are an error rather than a warning.
  var strict = false
  private var failures: [(place: String, error: MonicaError)] = []
  private var lines = 0
  /// The lines written and the place of the one being written: where a run that stops has
  /// stopped, for an error and for Ctrl-C alike.
  private let progress: PushProgress

  init(
    client: MonicaClient, output: LineOutput, tool: String, keepGoing: Bool, today: CalendarDate,
    progress: PushProgress = PushProgress()
  ) {
    self.client = client
    self.output = output
    self.tool = tool
    self.keepGoing = keepGoing
    self.today = today
    self.progress = progress
  }

  /// Writes one line and prints the record the server answered with.
  func push(_ line: PushLine) async throws(MonicaError) {
    if output.readerIsGone { throw .outputClosed }
    lines += 1
    progress.writing(line.place)
    var write = LineWrite(line: line, client: client, today: today)
    write.unknownFields = strict ? .refused : .named
    do {
      try await write.run()
    } catch {
      try Self.printPartial(write, output: output, tool: tool)
      try failed(Self.locate(error, line), at: line.place)
      return
    }
    if let warning = write.warning { StandardError.line("\(tool): warning: \(line.place): \(warning)") }
    guard let result = write.latest ?? write.current else {
      throw .internalError("\(line.place): no record to print after the writes")
    }
    try output.writeLine(result)
    try output.flush()
    progress.lineDone()
  }

  /// `3 lines written, stopped at stdin:4`: what a run that ends on an error leaves done, so
  /// that the fixed input is re-run from the right line and nothing is written twice.
  /// Nothing when nothing was written: the fixed input is then simply run again.
  var stopped: String? { progress.stopped }

  /// What the server holds after the writes of a failed line that did go through, printed all
  /// the same: a created record's id must not be lost because a later request of its line failed.
  static func printPartial(_ write: LineWrite, output: LineOutput, tool: String) throws(MonicaError) {
    guard let latest = write.latest else { return }
    StandardError.line(
      "\(tool): warning: \(write.line.place): \(write.line.what) was written in part; its record follows")
    try output.writeLine(latest)
    try output.flush()
  }

  /// A line that is not a record of a kind monica-push writes (malformed input, 65).
  func unreadable(_ error: MonicaError) throws(MonicaError) {
    lines += 1
    guard case .malformedInput(let source, let line, _) = error else { throw error }
    progress.writing("\(source):\(line)")
    try failed(error, at: "\(source):\(line)")
  }

  /// Notes a failed line: with `--keep-going` it is reported and the run goes on, otherwise (or
  /// when it is about the instance rather than the line) it ends the run.
  private func failed(_ error: MonicaError, at place: String) throws(MonicaError) {
    guard keepGoing, error.isAboutOneLine else { throw error }
    StandardError.line("\(tool): error: \(error.message ?? "")")
    failures.append((place, error))
  }

  /// Ends the run: the summary of the lines `--keep-going` went past, if any failed.
  func finish() throws(MonicaError) {
    if let summary = Self.summary(failures, of: lines) { throw summary }
  }

  /// "2 of 10 lines failed: stdin:3, stdin:7", with status 65, or 66 when every failed line
  /// named a record that does not exist.
  static func summary(_ failures: [(place: String, error: MonicaError)], of total: Int) -> MonicaError? {
    guard !failures.isEmpty else { return nil }
    let status: ExitStatus = failures.allSatisfy { $0.error.exitStatus == .noInput } ? .noInput : .dataError
    let places = failures.map(\.place)
    let list = places.count > 10 ? places.prefix(10).joined(separator: ", ") + ", ..." : places.joined(separator: ", ")
    let count = max(total, failures.count)
    return .linesFailed(
      "\(failures.count) of \(count) line\(count == 1 ? "" : "s") failed\(list.isEmpty ? "" : ": " + list)",
      status: status)
  }

  /// The error with the line it happened on in front, `stdin:3: ...`; Monica's 422 messages
  /// become the line's reason, as malformed input is reported.
  static func locate(_ error: MonicaError, _ line: PushLine) -> MonicaError {
    if case .rejected(_, let messages) = error {
      return .malformedInput(source: line.source, line: line.number, reason: messages.joined(separator: "; "))
    }
    return error.prefixed(line.place + ": ")
  }

}
