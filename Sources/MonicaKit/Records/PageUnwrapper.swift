/// Turns Monica page envelopes (`{"data":[…],"links":…,"meta":…}`, as saved from the API) back
/// into records, each record's bytes exactly as they stood in the envelope.
///
/// A line may hold several envelopes one after another, as `curl URL1 URL2 > pages.json` saves
/// them without newlines; `data` may also be one object (`GET /api/contacts/12`).
package struct PageUnwrapper {
  /// The lines to read, and what to do with a bad one.
  package var stream: RecordStream

  package init(sources: [InputSource], skipInvalid: Bool = false, warn: @escaping (String) -> Void = { _ in }) {
    stream = RecordStream(sources: sources, skipInvalid: skipInvalid, warn: warn)
  }

  /// Writes the records of every envelope to `output`, one per line.
  package func run(to output: LineOutput) throws(MonicaError) {
    try output.finishing { () throws(MonicaError) in try unwrap(to: output) }
  }

  private func unwrap(to output: LineOutput) throws(MonicaError) {
    var records: [Range<Int>] = []
    try stream.forEachLine { (line, source, number) throws(MonicaError) in
      let result = Result { () throws(Failure) in try PageUnwrapper.records(in: line, into: &records) }
      if case .failure(let error) = result {
        return try stream.reject(source: source, line: number, reason: error.reason)
      }
      // Records go out only once the whole line proved good, so a bad envelope leaves no half.
      for range in records { try output.writeLine(UnsafeBufferPointer(rebasing: line[range])) }
    }
  }

  /// A reason a line holds no envelope.
  struct Failure: Error {
    let reason: String
  }

  /// The byte ranges of the records of every envelope in `line`.
  static func records(in line: UnsafeBufferPointer<UInt8>, into records: inout [Range<Int>]) throws(Failure) {
    records.removeAll(keepingCapacity: true)
    var parser = JSONParser(line)
    var envelopes = 0
    do {
      while true {
        try skipSpace(&parser, line)
        if parser.index >= line.count { break }
        envelopes += 1
        try parser.enterObject()
        var first = true
        var sawData = false
        while let key = try parser.nextKey(first: first) {
          first = false
          guard key == "data" else {
            _ = try parser.skipValue()
            continue
          }
          sawData = true
          try appendRecords(ofData: &parser, line, into: &records)
        }
        guard sawData else { throw Failure(reason: "not a page envelope: no \"data\" key") }
      }
    } catch let error as JSONSyntaxError {
      throw Failure(reason: envelopes <= 1 ? "invalid JSON: \(error)" : "envelope \(envelopes): invalid JSON: \(error)")
    } catch let error as Failure {
      throw error
    } catch {
      throw Failure(reason: "\(error)")
    }
  }

  private static func appendRecords(
    ofData parser: inout JSONParser, _ line: UnsafeBufferPointer<UInt8>, into records: inout [Range<Int>]
  ) throws -> Void {
    var probe = JSONParser(line, at: parser.index)
    let whole = try probe.skipValue()
    switch line[whole.lowerBound] {
    case UInt8(ascii: "{"):
      records.append(try parser.skipValue())
    case UInt8(ascii: "["):
      try parser.enterArray()
      var first = true
      while try parser.nextElement(first: first) {
        first = false
        let element = try parser.skipValue()
        guard line[element.lowerBound] == UInt8(ascii: "{") else {
          throw Failure(reason: "not a page envelope: \"data\" holds something other than objects")
        }
        records.append(element)
      }
    default:
      throw Failure(reason: "not a page envelope: \"data\" is neither an array nor an object")
    }
  }

  /// Moves past white space between envelopes; fails on anything but the start of an object.
  private static func skipSpace(_ parser: inout JSONParser, _ line: UnsafeBufferPointer<UInt8>) throws(Failure) {
    var index = parser.index
    while index < line.count, RecordStream.isBlank(UnsafeBufferPointer(rebasing: line[index..<index + 1])) {
      index += 1
    }
    if index < line.count, line[index] != UInt8(ascii: "{") {
      throw Failure(reason: "not a page envelope: expected a JSON object")
    }
    parser = JSONParser(line, at: index)
  }
}
