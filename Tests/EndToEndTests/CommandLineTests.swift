import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// What every tool does with its command line: one-line errors, the exit table, files and `-`.
@Suite struct CommandLineTests {
  /// Every tool: each folder Sources/monica-* (a new tool is in the contract from its first build).
  static let tools = InstallTests.tools

  /// What a tool needs before an unknown flag is the first thing wrong with its command line.
  static let required = [
    "monica-fetch": " contacts", "monica-avatar": " save --dir .", "monica-diff": " old new", "monica-import": " vcard",
    "monica-sync": " book",
  ]

  @Test("the contract covers every tool: each Sources/monica-* folder, each one built")
  func everyTool() {
    #expect(Self.tools.count >= 14, "\(Self.tools)")
    for tool in Self.tools {
      #expect(FileManager.default.isExecutableFile(atPath: binDirectory + "/" + tool), "\(tool) was not built")
    }
  }

  @Test("a bad flag is one line, monica-<tool>: error: ..., and status 64", arguments: tools)
  func badFlag(tool: String) throws {
    let home = try TemporaryHome()
    let run = try sh("\(tool)\(Self.required[tool] ?? "") --no-such-flag </dev/null", env: home.env)
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

  @Test("every option and argument names its value in upper case (DAYS, DATE, ID...), not by the option's name")
  func valueNames() throws {
    let home = try TemporaryHome()
    for tool in InstallTests.tools {
      let dump = try sh("\(tool) --experimental-dump-help", env: home.env)
      #expect(dump.status == 0, "\(dump)")
      var commands = [try JSONValue(parsing: dump.stdout)["command"]]
      while let command = commands.popLast() {
        guard let command, command["commandName"]?.stringValue != "help" else { continue }
        commands += command["subcommands"]?.arrayValue ?? []
        for argument in command["arguments"]?.arrayValue ?? [] {
          guard let kind = argument["kind"]?.stringValue, kind != "flag" else { continue }
          let names = (argument["names"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
          // ArgumentParser's default is the option's own name, lower-case: `--today <today>`.
          let value = argument["valueName"]?.stringValue ?? ""
          let place = "\(tool) \(command["commandName"]?.stringValue ?? "") \(names.first ?? kind)"
          #expect(!value.isEmpty && value == value.uppercased(), "\(place): value name '\(value)'")
        }
      }
    }
    let error = try sh("monica-filter --birthday-within soon </dev/null", env: home.env)
    #expect(error.status == 64 && error.stderr.contains("'--birthday-within <DAYS>'"), "\(error)")
  }

  @Test("monica-fetch: a misspelt kind suggests the kind meant; an unknown option is named before a missing kind")
  func fetchKinds() throws {
    let home = try TemporaryHome()
    let kinds = "(kinds: \(RecordKind.names.joined(separator: ", ")))"
    // A singular, an object name or another case is no misspelling: every tool takes them (KindWordsTests).
    for (word, meant) in [("contcts", "contacts"), ("Notez", "notes"), ("actvities", "activities")] {
      let run = try sh("monica-fetch \(word) </dev/null", env: home.env)
      #expect(run.status == 64 && run.stdout.isEmpty, "\(run)")
      #expect(
        run.stderr
          == "monica-fetch: error: kind '\(word)' does not exist; did you mean \(meant)? \(kinds) (see monica-fetch --help)\n",
        "\(run)")
    }
    let unrelated = try sh("monica-fetch pdf </dev/null", env: home.env)
    #expect(
      unrelated.status == 64 && unrelated.stderr.hasPrefix("monica-fetch: error: kind 'pdf' does not exist (kinds: "))
    let bogus = try sh("monica-fetch --bogus </dev/null", env: home.env)
    #expect(
      bogus.status == 64 && bogus.stderr == "monica-fetch: error: unknown option '--bogus' (see monica-fetch --help)\n")
    let none = try sh("monica-fetch --max 3 </dev/null", env: home.env)
    #expect(
      none.status == 64 && none.stderr.hasPrefix("monica-fetch: error: missing KIND: contacts, activities"), "\(none)")
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
    let forms = [
      "monica-filter", "monica-page", "monica-page --unwrap", "monica-page --wrap", "monica-format",
      "monica-format ndjson", "monica-format --sort id", "monica-format table --fields id", "monica-validate",
    ]
    for tool in forms {
      let directory = try sh("\(tool) \"$HOME\"", env: home.env)
      #expect(directory.status == 66 && directory.stderr.contains("is a directory"), "\(tool): \(directory)")
      let missing = try sh("\(tool) \"$HOME/none.ndjson\"", env: home.env)
      #expect(missing.status == 66 && missing.stderr.contains("none.ndjson: no such file"), "\(tool): \(missing)")
      let relative = try sh("\(tool) none.ndjson", env: home.env, directory: home.home)
      #expect(relative.status == 66 && relative.stderr.contains("none.ndjson: no such file"), "\(tool): \(relative)")
    }
    // Files named by options and variables are input files too.
    let named = [
      "monica-sandbox --load none.ndjson", "monica-sandbox --token-file none.token",
      "MONICA_URL=http://127.0.0.1:9 MONICA_TOKEN_FILE=none.token monica-fetch contacts",
      "MONICA_URL=http://127.0.0.1:9 MONICA_TOKEN_FILE=none.token monica-auth status",
      "MONICA_URL=http://127.0.0.1:9 MONICA_TOKEN_FILE=none.token monica-auth token",
    ]
    for command in named {
      let run = try sh("\(command) </dev/null", env: home.env, directory: home.home)
      #expect(run.status == 66 && run.stderr.contains("none."), "\(command): \(run)")
    }
    // A plain word in the format's place is a misspelt format, not a file.
    let word = try sh("monica-format tabel </dev/null", env: home.env, directory: home.home)
    #expect(word.status == 64 && word.stderr.contains("tabel: neither a format"), "\(word)")
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
