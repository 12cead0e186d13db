#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One problem with one input line, as `monica-validate` reports it.
package struct RecordDiagnostic: Sendable, Equatable {
  /// The input's name: `stdin` or the path given.
  package var source: String
  /// The line, from 1.
  package var line: Int
  /// The record's kind (`contact`, `page` for an envelope), `record` when its `object` names
  /// none, `nil` when the line is not JSON at all.
  package var kind: String?
  /// The record's id as written, when it is a positive integer.
  package var id: Int?
  /// The dotted path of the field the problem is about, `nil` for the line as a whole.
  package var field: String?
  /// What is wrong.
  package var problem: String

  package init(source: String, line: Int, kind: String?, id: Int?, field: String?, problem: String) {
    self.source = source
    self.line = line
    self.kind = kind
    self.id = id
    self.field = field
    self.problem = problem
  }

  /// `SOURCE:LINE: kind #id: field: problem` (`#?` without an id), or `SOURCE:LINE: problem`
  /// for a line that is not JSON; control characters of outside text escaped.
  package var text: String {
    var text = "\(source.escapingControlCharacters):\(line): "
    if let kind {
      text += "\(kind) #\(id.map(String.init) ?? "?"): "
      if let field, !field.isEmpty { text += "\(field.escapingControlCharacters): " }
    }
    return text + problem.escapingControlCharacters
  }

  /// The NDJSON form: `{"source","line","kind","id","field","problem"}`, null where unknown.
  package var json: JSONValue {
    .object(
      JSONObject([
        "source": .string(source), "line": .int(line), "kind": .string(kind), "id": id.map(JSONValue.int) ?? .null,
        "field": .string(field), "problem": .string(problem),
      ]))
  }
}

/// Where diagnostics go: one line of text each (standard error), or NDJSON to a report file.
package final class DiagnosticSink {
  private let text: ((String) -> Void)?
  private let report: LineOutput?
  private let descriptor: Int32
  private let path: String
  /// How many diagnostics were given.
  package private(set) var count = 0

  /// Diagnostics as text lines handed to `line` (the tool writes them to stderr).
  package init(text line: @escaping (String) -> Void) {
    text = line
    report = nil
    descriptor = -1
    path = ""
  }

  /// Diagnostics as NDJSON to the file at `path`, created (0600, as it quotes people's data) or
  /// emptied now, so that an empty report means a clean input.
  package init(reportPath path: String) throws(MonicaError) {
    let descriptor = openReport(path)
    guard descriptor >= 0 else { throw .unavailable(request: "--report \(path)", detail: systemErrorText(errno)) }
    self.descriptor = descriptor
    self.path = path
    text = nil
    report = LineOutput(descriptor: descriptor)
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Reports one diagnostic.
  package func add(_ diagnostic: RecordDiagnostic) throws(MonicaError) {
    count += 1
    if let text { return text(diagnostic.text) }
    do {
      try report?.writeLine(JSONWriter.plain.bytes(diagnostic.json))
    } catch {
      throw failure(error)
    }
  }

  /// Writes out what is buffered.
  package func flush() throws(MonicaError) {
    do {
      try report?.flush()
    } catch {
      throw failure(error)
    }
  }

  /// A failed write to the report, named after the report rather than standard output.
  private func failure(_ error: MonicaError) -> MonicaError {
    guard case .unavailable(_, let detail) = error else {
      return .unavailable(request: "--report \(path)", detail: "cannot write: the file was closed")
    }
    return .unavailable(request: "--report \(path)", detail: detail)
  }
}

/// `open(2)` of a report file, outside `DiagnosticSink` whose `init` would shadow it.
private func openReport(_ path: String) -> Int32 {
  open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
}
