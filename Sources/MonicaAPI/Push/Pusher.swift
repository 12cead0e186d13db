import MonicaKit

/// What `monica-push` is asked to do, from its flags.
package struct PushOptions: Sendable {
  /// `--object`: the kind of lines that have no `object`.
  package var object: String?
  /// `--delete`: delete the records the lines name.
  package var delete = false
  /// `--yes`: delete without asking.
  package var yes = false
  /// `--dry-run`: print the requests, send nothing.
  package var dryRun = false
  /// `--keep-going`: report a failed line and go on with the next.
  package var keepGoing = false
  /// `--create --map FILE`: create every record of a stream, translating ids through this map.
  package var map: String?
  /// `--quiet`: no progress or summary counts on stderr.
  package var quiet = false
  /// `--strict`: a create line's members that no write field takes are an error, not a warning.
  package var strict = false

  package init() {}
}

/// `monica-push`'s one entry point: reads NDJSON records, writes each to Monica (create, or read,
/// merge and update, or delete) and prints the server's resulting record for each line.
package struct Pusher {
  /// The flags.
  package let options: PushOptions
  /// The instance, the profile, the client policy and what carries the requests.
  package let connection: Connection
  /// The tool's name for warnings and the delete question.
  package var tool = "monica-push"
  /// Asks a yes/no question on the terminal; `nil` when there is no terminal to ask on.
  package var confirm: ((String) -> Bool?)?
  /// The day age-based birthdates are counted from.
  package var today = CalendarDate.today()
  /// How far the run got: said when it stops before its end (`PushProgress.stopOnInterrupt`).
  package let progress = PushProgress()

  package init(options: PushOptions, connection: Connection) {
    self.options = options
    self.connection = connection
  }

  /// The environment (credentials, terminals, the spool's directory).
  var environment: ToolEnvironment { connection.environment }

  /// The instance and profile written to, for the dry run's and the delete question's words.
  var target: String { PushTarget.describe(environment: environment, profile: connection.profile) }

  /// Pushes every line of `sources` in order; on failure every record already written is out.
  package func run(sources: [InputSource], output: LineOutput) async throws(MonicaError) {
    if let map = options.map {
      try await migrate(sources: sources, mapPath: map, output: output)
      return
    }
    let input = PushInput(sources)
    if options.dryRun {
      StandardError.line("\(tool): dry run for \(target): nothing is sent")
      try output.finishing { () throws(MonicaError) in try dryRun(input, output: output) }
      return
    }
    if options.delete && !options.yes && confirm == nil {
      throw .usage(
        "--delete without --yes asks on a terminal, and there is none: nothing was deleted "
          + "(give --yes to delete without asking)")
    }
    let client = try connection.client()
    let session = PushSession(
      client: client, output: output, tool: tool, keepGoing: options.keepGoing, today: today, progress: progress)
    session.strict = options.strict
    // The account's lock (`AccountLock`), taken before the first line is written and held to the
    // end: an update decides from a read (`LineWrite` reads the record, then sends what differs
    // from it), so no other writer (a merge, a second push) may write between the two; a delete
    // goes where a merge may be moving records. Not taken before the question of a delete, nor
    // for a run with nothing to write.
    var accountLock: AccountLock?
    defer { accountLock?.release() }
    let diagnostics = connection.diagnostics
    let tool = tool
    func locked() async throws(MonicaError) {
      guard accountLock == nil else { return }
      accountLock = try await client.lockAccount(environment: environment) { diagnostics("\(tool): \($0)") }
    }
    do throws(MonicaError) {
      if options.delete && !options.yes {
        // Every line is read and checked before the question, which names what goes.
        var lines: [PushLine] = []
        while let raw = try input.next() {
          do { lines.append(try line(raw)) } catch { try session.unreadable(error) }
        }
        if !lines.isEmpty {
          let question = "\(tool): delete \(Self.count(lines)) on \(target): \(PushTarget.records(lines))?"
          guard let answer = confirm?(question) else {
            throw MonicaError.usage("--delete without --yes: no answer from the terminal; nothing was deleted")
          }
          guard answer else {
            StandardError.line("\(tool): nothing was deleted")
            return
          }
          try await locked()
          for line in lines { try await session.push(line) }
        }
      } else {
        while let raw = try input.next() {
          let parsed: PushLine
          do { parsed = try line(raw) } catch {
            try session.unreadable(error)
            continue
          }
          try await locked()
          try await session.push(parsed)
        }
      }
      try session.finish()
    } catch {
      if error != .outputClosed {
        try? output.flush()
        // --keep-going's summary ends a run that went to its end: it did not stop.
        if case .linesFailed = error {
        } else if let stopped = session.stopped {
          StandardError.line("\(tool): \(stopped)")
        }
      }
      throw error
    }
  }

  /// Prints each line's requests, `METHOD /api/PATH BODY`, and sends nothing.
  private func dryRun(_ input: PushInput, output: LineOutput) throws(MonicaError) {
    var failures: [(place: String, error: MonicaError)] = []
    var count = 0
    while let raw = try input.next() {
      count += 1
      do {
        for text in try DryRun.plan(line(raw), today: today) { try output.writeLine(text) }
      } catch {
        guard options.keepGoing, case .malformedInput(let source, let number, _) = error else { throw error }
        StandardError.line("\(tool): error: \(error.message ?? "")")
        failures.append(("\(source):\(number)", error))
      }
    }
    if let summary = PushSession.summary(failures, of: count) { throw summary }
  }

  private func line(_ raw: (bytes: [UInt8], source: String, number: Int)) throws(MonicaError) -> PushLine {
    try PushLine(raw.bytes, source: raw.source, number: raw.number, object: options.object, delete: options.delete)
  }

  /// "3 records (2 notes, 1 task)".
  private static func count(_ lines: [PushLine]) -> String {
    var kinds: [(String, Int)] = []
    for line in lines {
      if let index = kinds.firstIndex(where: { $0.0 == line.mapping.object }) {
        kinds[index].1 += 1
      } else {
        kinds.append((line.mapping.object, 1))
      }
    }
    let parts = kinds.map { "\($0.1) \($0.0)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
    return "\(lines.count) record\(lines.count == 1 ? "" : "s") (\(parts))"
  }
}

extension MonicaError {
  /// Whether the failure concerns one line only (its data, or the record it names), so that
  /// `--keep-going` can go on with the next; anything about the instance stops every line.
  var isAboutOneLine: Bool {
    switch self {
    case .malformedInput, .rejected, .notFound: true
    default: false
    }
  }
}
