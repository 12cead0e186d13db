import Foundation
import Testing

/// What every tool does with its command line: one-line errors, the exit table, files and `-`.
@Suite struct CommandLineTests {
  static let tools = [
    "monica-auth", "monica-fetch", "monica-filter", "monica-page", "monica-format", "monica-sandbox", "monica-validate",
  ]

  @Test("a bad flag is one line, monica-<tool>: error: ..., and status 64", arguments: tools)
  func badFlag(tool: String) throws {
    let home = try TemporaryHome()
    let kind = tool == "monica-fetch" ? " contacts" : ""
    let run = try sh("\(tool)\(kind) --no-such-flag </dev/null", env: home.env)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "\(tool): error: unknown option '--no-such-flag' (see \(tool) --help)\n", "\(run)")
  }

  @Test("--version and --help succeed on stdout; help shows a pipeline and the exit table", arguments: tools)
  func versionAndHelp(tool: String) throws {
    let home = try TemporaryHome()
    let version = try sh("\(tool) --version", env: home.env)
    #expect(version.status == 0 && version.stdout == "0.1.0\n" && version.stderr.isEmpty)
    let help = try sh("\(tool) --help", env: home.env)
    #expect(help.status == 0 && help.stderr.isEmpty)
    #expect(help.stdout.contains("EXAMPLES") && help.stdout.contains(" | "), "\(tool) --help has no pipeline")
    #expect(help.stdout.contains("77  not permitted"))
  }

  @Test("validation failures use the same one-line form")
  func validation() throws {
    let home = try TemporaryHome()
    let both = try sh("monica-filter --dead --alive </dev/null", env: home.env)
    #expect(
      both.status == 64 && both.stderr.hasPrefix("monica-filter: error: ")
        && both.stderr.split(separator: "\n").count == 1, "\(both)")
    let size = try sh("monica-page --size 0 </dev/null", env: home.env)
    #expect(size.status == 64 && size.stderr.hasPrefix("monica-page: error: "), "\(size)")
    for flags in [
      "monica-filter --today 2024-01-01", "monica-filter --date-field happened_at",
      "monica-format vcard --fields id", "monica-format template --template x --fields id",
      "monica-format json --no-header",
    ] {
      let ignored = try sh("\(flags) </dev/null", env: home.env)
      #expect(
        ignored.status == 64 && (ignored.stderr.contains(" goes with ") || ignored.stderr.contains("does not go")),
        "\(flags): \(ignored)")
    }
    let format = try sh("monica-format tabel </dev/null", env: home.env)
    #expect(format.status == 64, "\(format)")
    #expect(format.stderr.hasPrefix("monica-format: error: tabel: neither a format"))
  }

  @Test("a directory or a missing file as input is 66, - is standard input, files are read in order")
  func inputs() throws {
    let home = try TemporaryHome()
    for tool in ["monica-filter", "monica-page", "monica-format ndjson", "monica-validate"] {
      let directory = try sh("\(tool) \"$HOME\"", env: home.env)
      #expect(directory.status == 66 && directory.stderr.contains("is a directory"), "\(tool): \(directory)")
      let missing = try sh("\(tool) \"$HOME/none.ndjson\"", env: home.env)
      #expect(missing.status == 66 && missing.stderr.contains("none.ndjson: no such file"), "\(tool): \(missing)")
    }
    let first = #"{"id":1,"object":"tag","name":"a"}"#
    let second = #"{"id":2,"object":"tag","name":"b"}"#
    try Data((first + "\n").utf8).write(to: URL(fileURLWithPath: home.home + "/a.ndjson"))
    let ordered = try sh("monica-filter a.ndjson - a.ndjson", env: home.env, stdin: second + "\n", directory: home.home)
    #expect(ordered.lines == [first, second, first], "\(ordered)")
  }

  @Test("monica-format FILE uses the default format; --sort -FIELD takes the dash as written")
  func formatPositionals() throws {
    let home = try TemporaryHome()
    let records = #"{"id":1,"object":"tag","name":"a"}"# + "\n" + #"{"id":2,"object":"tag","name":"b"}"# + "\n"
    try Data(records.utf8).write(to: URL(fileURLWithPath: home.home + "/tags.ndjson"))
    let table = try sh("monica-format tags.ndjson", env: home.env, directory: home.home)
    let explicit = try sh("monica-format table < tags.ndjson", env: home.env, directory: home.home)
    #expect(table.status == 0 && table.stdout == explicit.stdout && table.lines.count == 3, "\(table)")
    let sorted = try sh("monica-format ndjson --sort -id tags.ndjson", env: home.env, directory: home.home)
    #expect(sorted.status == 0, "\(sorted)")
    #expect(sorted.lines.map { $0.contains("\"id\":2") } == [true, false])
  }
}
