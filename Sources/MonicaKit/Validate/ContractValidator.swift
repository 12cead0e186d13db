/// `monica-validate`'s engine: checks each input line against the contract of its kind (or as a
/// page envelope), passes lines through byte for byte, and reports every problem.
///
/// Every line is read to the end whatever it holds, so that one run lists every problem; a line
/// that fails still goes to the output unless `skipInvalid`. The run fails (65) at the end when
/// any line did. With `write` the tool is a gate in front of `monica-push`: nothing goes out
/// before the whole input is checked, and nothing at all when a line fails (`runWrite`).
package struct ContractValidator {
  /// The inputs, read in order.
  package var sources: [InputSource]
  /// Lines are page envelopes (`{"data":[…],"links":…,"meta":…}`), not records.
  package var envelopes: Bool
  /// Leave the lines that fail out of the output.
  package var skipInvalid: Bool
  /// Check each line as `monica-push` would write it (`checkWrite`), not against the contract.
  package var write = false
  /// With `write`: the kind of lines without an `object` member, as monica-push's `--object`.
  package var object: String?
  /// With `write`: every line is a record `monica-push --create --map` would create.
  package var create = false
  /// With `write` and `create`: the map the records' references may be found in.
  package var map: String?
  /// With `write`: the day relative values are counted from.
  package var today = CalendarDate.today()
  /// Where `write`'s held lines are spooled (`TMPDIR`).
  package var environment = ToolEnvironment(variables: [:])

  package init(sources: [InputSource], envelopes: Bool = false, skipInvalid: Bool = false) {
    self.sources = sources
    self.envelopes = envelopes
    self.skipInvalid = skipInvalid
  }

  /// How many lines were read and how many failed.
  package struct Tally: Sendable, Equatable {
    /// Lines that were not blank.
    package var lines = 0
    /// Lines with at least one problem.
    package var failed = 0
  }

  /// Checks every line, writes the lines that pass (and, without `skipInvalid`, those that fail;
  /// with `write`, nothing when any line fails) to `output` and each problem to `diagnostics`;
  /// fails with `invalidData` (65) when any line failed, once everything is written.
  package func run(to output: LineOutput, diagnostics: DiagnosticSink) throws(MonicaError) {
    let tally: Tally
    do {
      tally = try write ? runWrite(to: output, diagnostics: diagnostics) : check(to: output, diagnostics: diagnostics)
    } catch {
      try? diagnostics.flush()
      throw error
    }
    try diagnostics.flush()
    guard tally.failed > 0 else { return }
    let noun = envelopes ? "envelope lines" : write ? "lines" : "records"
    let broken = write ? "break Monica's write rules" : "break Monica's data contract"
    throw .invalidData(
      "\(tally.failed) of \(tally.lines) \(noun) \(broken) "
        + "(\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s"))")
  }

  private func check(to output: LineOutput, diagnostics: DiagnosticSink) throws(MonicaError) -> Tally {
    var tally = Tally()
    var scanner = RecordScanner()
    var checker = ContractChecker()
    var found: [RecordDiagnostic] = []
    try output.finishing { () throws(MonicaError) in
      try RecordStream(sources: sources).forEachLine { (line, source, number) throws(MonicaError) in
        tally.lines += 1
        found.removeAll(keepingCapacity: true)
        if envelopes {
          Self.checkEnvelopes(line, source: source, line: number, checker: &checker, into: &found)
        } else {
          Self.checkRecord(line, source: source, line: number, scanner: &scanner, checker: &checker, into: &found)
        }
        for diagnostic in found { try diagnostics.add(diagnostic) }
        if !found.isEmpty { tally.failed += 1 }
        if found.isEmpty || !skipInvalid { try output.writeLine(line) }
      }
    }
    return tally
  }

  /// The problems of one NDJSON record line.
  package static func checkRecord(
    _ line: UnsafeBufferPointer<UInt8>, source: String, line number: Int, scanner: inout RecordScanner,
    checker: inout ContractChecker, into found: inout [RecordDiagnostic]
  ) {
    guard scanner.scan(line) else {
      found.append(
        RecordDiagnostic(
          source: source, line: number, kind: nil, id: nil, field: nil, problem: RecordStream.reason(line)))
      return
    }
    let root = RawValue(bytes: line, range: scanner.objectRange)
    checker.reset()
    checker.check(record: root, members: scanner.members, against: .record)
    let (kind, id) = identity(of: root)
    for problem in checker.problems {
      found.append(
        RecordDiagnostic(
          source: source, line: number, kind: kind, id: id, field: problem.field, problem: problem.message))
    }
  }

  /// The problems of one line of page envelopes (several when saved without newlines between).
  package static func checkEnvelopes(
    _ line: UnsafeBufferPointer<UInt8>, source: String, line number: Int, checker: inout ContractChecker,
    into found: inout [RecordDiagnostic]
  ) {
    var index = 0
    while true {
      while index < line.count, RecordStream.isBlank(UnsafeBufferPointer(rebasing: line[index..<index + 1])) {
        index += 1
      }
      guard index < line.count else { return }
      guard line[index] == UInt8(ascii: "{") else {
        let reason = index == 0 ? RecordStream.reason(line) : "not a page envelope: expected a JSON object"
        found.append(RecordDiagnostic(source: source, line: number, kind: nil, id: nil, field: nil, problem: reason))
        return
      }
      var parser = JSONParser(line, at: index)
      let range: Range<Int>
      do {
        range = try parser.skipValue()
      } catch {
        found.append(
          RecordDiagnostic(
            source: source, line: number, kind: nil, id: nil, field: nil, problem: "invalid JSON: \(error)"))
        return
      }
      checkEnvelope(RawValue(bytes: line, range: range), source: source, line: number, checker: &checker, into: &found)
      index = range.upperBound
    }
  }

  /// The problems of one envelope: its own as `page #N`, its records' under their kind and id.
  private static func checkEnvelope(
    _ envelope: RawValue, source: String, line number: Int, checker: inout ContractChecker,
    into found: inout [RecordDiagnostic]
  ) {
    let data = envelope.member("data")
    let page = CheckValue.integer(envelope.member("meta")?.member("current_page")).flatMap { $0 > 0 ? $0 : nil }
    checker.reset()
    guard let data else {
      found.append(
        RecordDiagnostic(
          source: source, line: number, kind: "page", id: page, field: "data",
          problem: "missing: not a page envelope"))
      return
    }
    checker.check(envelope, against: .object(data.isObject ? .single : .page))
    let records = data.isObject ? [data] : data.elements
    for problem in checker.problems {
      var kind = "page"
      var id = page
      if let index = recordIndex(problem.field, single: data.isObject), records.indices.contains(index) {
        (kind, id) = identity(of: records[index])
      }
      found.append(
        RecordDiagnostic(
          source: source, line: number, kind: kind, id: id, field: problem.field, problem: problem.message))
    }
  }

  /// Which record of `data` a field path is inside (`data.3.first_name` is in record 3).
  private static func recordIndex(_ field: String, single: Bool) -> Int? {
    let parts = field.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.first == "data", parts.count > 1 else { return nil }
    return single ? 0 : Int(parts[1])
  }

  /// A record's kind (`record` when its `object` names none in the catalogue) and its id when
  /// that is a positive integer.
  package static func identity(of record: RawValue) -> (kind: String, id: Int?) {
    let object = record.member("object").flatMap { $0.stringValue }
    let kind = object.flatMap(RecordContract.named)?.object ?? "record"
    let id = CheckValue.integer(record.member("id")).flatMap { $0 > 0 ? $0 : nil }
    return (kind, id)
  }
}
